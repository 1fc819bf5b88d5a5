package org.blinkhdfs.agent;

import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.Random;
import org.apache.hadoop.conf.Configuration;
import org.blinkhdfs.agent.actuator.LibcKernel;
import org.blinkhdfs.agent.actuator.ProcessFreezers;
import org.blinkhdfs.agent.actuator.ProcessTree;
import org.blinkhdfs.agent.actuator.RealActuator;
import org.blinkhdfs.agent.actuator.RealActuatorConfig;
import org.blinkhdfs.agent.actuator.SignalFreezer;
import org.blinkhdfs.common.time.Sleeper;
import org.blinkhdfs.control.agent.Actuator;
import org.blinkhdfs.control.agent.ActuatorException;
import org.blinkhdfs.control.agent.DryRunActuator;
import org.blinkhdfs.control.agent.EmulateActuator;
import org.blinkhdfs.control.agent.EmulatedTransitions;
import org.blinkhdfs.control.agent.ProcessFreezer;
import org.blinkhdfs.model.config.CoreConfig;

/**
 * Builds the {@link Actuator} that {@code --actuator} names, together with the action that
 * leaves the node fully awake when the agent stops ({@link Built#wakeUp()}):
 *
 * <table>
 *   <caption>actuators</caption>
 *   <tr><th>{@code --actuator}</th><th>built from</th><th>wake-up on stop</th></tr>
 *   <tr><td>real</td><td>{@link RealActuator} over {@code --sysfs-root} with
 *       {@code --resume-latency}, probing the DataNode's transfer port after each resume
 *       ({@link TransferPortProbe})</td><td>all CPU cores online</td></tr>
 *   <tr><td>emulate</td><td>{@link EmulateActuator} over the freezer {@link ProcessFreezers}
 *       chooses: the {@code --cgroup} freezer if writable, else SIGSTOP/SIGCONT to
 *       {@code --pids}, the {@code --pid-file} pids (each must run a DataNode: {@link
 *       SignalFreezer#forPidFile(Path, Duration)}), or the pids in the cgroup's
 *       {@code cgroup.procs}, with enter and resume times drawn from the {@code
 *       blink.power.transition.*} model ({@link EmulatedTransitions}, seeded by the node
 *       address so a node draws the same sequence in every run)</td><td>thaw</td></tr>
 *   <tr><td>dry-run</td><td>{@link DryRunActuator}</td><td>nothing</td></tr>
 * </table>
 *
 * <p>A suspended host cannot run the agent, so only the emulated sleep can still be in force
 * when the agent stops; the thaw is nevertheless unconditional and idempotent.
 *
 * <p>Stateless.
 */
final class AgentActuators {
  /** Connect timeout of one poll of the DataNode's transfer port after a resume. */
  static final int PROBE_TIMEOUT_MS = 250;

  private AgentActuators() {}

  /** Puts the node back to fully awake; safe to call at any time, more than once. */
  @FunctionalInterface
  interface Waker {
    void wakeUp() throws ActuatorException;
  }

  /** The actuator, a line for the startup log, and its wake-up action. */
  record Built(Actuator actuator, String description, Waker waker) {
    void wakeUp() throws ActuatorException {
      waker.wakeUp();
    }
  }

  static Built build(AgentConfig cfg, Configuration conf, Clock clock, Sleeper sleeper) {
    switch (cfg.actuator()) {
      case REAL: {
        RealActuatorConfig rc = RealActuatorConfig.defaults().withRoot(cfg.sysfsRoot())
            .withResumeLatencyMs(cfg.timing().resumeLatencyMs())
            .withServingWaitMs(cfg.resumeLearning().maxMs())
            .withNoS3Fallback(cfg.realFallback());
        TransferPortProbe probe = new TransferPortProbe(cfg.node(), PROBE_TIMEOUT_MS);
        RealActuator a = new RealActuator(rc, clock, probe);
        return new Built(a, "real: ACPI S3 under " + cfg.sysfsRoot() + ", resume latency "
            + rc.resumeLatencyMs() + " ms" + (cfg.resumeLearning().enabled() ? " to start, then"
            + " learned from each resume (" + probe.describe() + ")" : " (fixed)")
            + ", without S3: " + rc.noS3Fallback().value(),
            () -> a.setComputeCores(0));
      }
      case EMULATE: {
        Duration timeout = Duration.ofMillis(cfg.freezeTimeoutMs());
        ProcessFreezers.Choice choice =
            ProcessFreezers.choose(cfg.cgroup(), timeout, signalFreezer(cfg, timeout));
        ProcessFreezer f = choice.freezer();
        CoreConfig core = new CoreConfig(conf::get);
        EmulatedTransitions transitions = new EmulatedTransitions(core.transitions().model(),
            new Random(cfg.node().hashCode()), core.intervalMs());
        EmulateActuator a = new EmulateActuator(f, sleeper, clock,
            cfg.timing().resumeLatencyMs(), transitions);
        return new Built(a, "emulate: " + choice.reason() + "; transitions "
            + transitions.describe() + " (scaled to each schedule's interval)", f::thaw);
      }
      default:
        return new Built(new DryRunActuator(sleeper, clock), "dry-run: logs only", () -> { });
    }
  }

  private static SignalFreezer signalFreezer(AgentConfig cfg, Duration timeout) {
    Path proc = Path.of("/proc");
    if (!cfg.pidTrees().isEmpty()) {
      return new SignalFreezer(() -> ProcessTree.expand(proc, cfg.pidTrees()),
          "process trees of " + cfg.pidTrees(), LibcKernel.get(), proc, timeout);
    }
    if (!cfg.pids().isEmpty()) {
      return new SignalFreezer(cfg::pids, "pids " + cfg.pids(), LibcKernel.get(), proc, timeout);
    }
    if (cfg.pidFile().isPresent()) {
      // Checked at every freeze: each pid must run a DataNode, or nothing is stopped.
      return SignalFreezer.forPidFile(cfg.pidFile().get(), timeout);
    }
    Path procs = cfg.cgroup().orElseThrow().resolve("cgroup.procs");
    return new SignalFreezer(() -> SignalFreezer.readPidFile(procs), "pids in " + procs,
        LibcKernel.get(), proc, timeout);
  }
}
