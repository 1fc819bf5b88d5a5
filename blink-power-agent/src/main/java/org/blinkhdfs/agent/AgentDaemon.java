package org.blinkhdfs.agent;

import java.io.Closeable;
import java.io.IOException;
import java.io.PrintStream;
import java.time.Clock;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.conf.Configured;
import org.apache.hadoop.util.ShutdownHookManager;
import org.apache.hadoop.util.Tool;
import org.apache.hadoop.util.ToolRunner;
import org.blinkhdfs.common.cli.CommandLineTool;
import org.blinkhdfs.control.agent.ActuatorException;
import org.blinkhdfs.control.agent.AgentLoop;
import org.blinkhdfs.control.agent.StepResult;
import org.blinkhdfs.daemon.http.HadoopHttpAuthenticator;
import org.blinkhdfs.daemon.http.KeytabLogin;
import org.blinkhdfs.model.wire.HttpScheduleClient;
import org.blinkhdfs.model.wire.SchedulerHttp;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The per-DataNode power agent daemon ({@code bin/blink agent}): wires {@link AgentConfig} into
 * an {@link AgentLoop} (schedule over {@link HttpScheduleClient}, statuses over {@link
 * HttpStatusSink}, the actuator from {@link AgentActuators}, the utilization each status carries
 * from {@link org.blinkhdfs.control.agent.ProcUtilization}) and runs it on one thread until
 * stopped.
 *
 * <p><b>Hard constraint: never leave a frozen DataNode behind.</b> {@link #close()} (called by the
 * SIGTERM/Ctrl-C shutdown hook) shuts the actuator's gate so that no sleep starts any more
 * ({@link GatedActuator}), stops the loop, interrupts a sleep in progress (the emulator thaws
 * before the interrupt propagates), waits a bounded time for the thread, and then wakes the node
 * again through the actuator's wake-up action (thaw; all cores online) whether or not the thread
 * finished: a thread that outlives the wait cannot put the node back to sleep. An unexpected
 * exception in a step is logged, the node is woken, and the loop goes on after {@code pollMs}: a
 * bug must not stop the agent while its node sleeps. If the loop thread
 * dies anyway (an {@link Error}), it wakes the node on its way out and the process exits 1.
 *
 * <p><b>Bounds</b>: every HTTP call has the {@code blink.agent.http.timeout.ms} connect and read
 * timeout; a sleep ends at the planner's wake time, never past the schedule's lease; {@link
 * #close()} waits at most {@link #closeWaitMs()}.
 *
 * <p>Example: {@code bin/blink agent --node 10.0.0.11:9866 --scheduler 10.0.0.5:9877 --actuator
 * emulate --pid-file /tmp/hadoop-hdfs-datanode.pid}.
 *
 * <p>Thread-safety: {@link #start} and {@link #close()} may be called from any thread; the loop
 * runs on its own thread.
 */
public final class AgentDaemon implements Closeable {
  private static final Logger LOG = LoggerFactory.getLogger(AgentDaemon.class);
  /** Shutdown hook priority; above the default so it runs before Hadoop's own cleanup. */
  static final int SHUTDOWN_PRIORITY = 30;
  /** Log the first failed step and then every this many. */
  private static final long LOG_EVERY_FAILURES = 100;

  private final AgentConfig config;
  private final AgentActuators.Built actuator;
  /** What the loop drives: the actuator behind the gate {@link #close()} shuts first. */
  private final GatedActuator gate;
  private final AgentLoop loop;
  private final WallClockSleeper sleeper;
  private final Thread thread;
  private final AtomicBoolean closed = new AtomicBoolean();
  private volatile boolean running = true;

  private AgentDaemon(AgentConfig config, Configuration conf, Clock clock) {
    this.config = config;
    this.sleeper = new WallClockSleeper(clock);
    this.actuator = AgentActuators.build(config, conf, clock, sleeper);
    this.gate = new GatedActuator(actuator.actuator());
    SchedulerHttp http = HadoopHttpAuthenticator.schedulerClient(conf, config.schedulerAddress(),
        config.httpTimeoutMs());
    this.loop = AgentLoop.builder()
        .settings(new AgentLoop.Settings(config.node(), config.timing(), config.heartbeatMs(),
            config.ioServerCores()))
        .scheduleClient(new HttpScheduleClient(http))
        .statusSink(HttpStatusSink.configured(http, conf))
        .actuator(gate).clock(clock).sleeper(sleeper)
        .learnResumeLatency(config.resumeLearning().estimator(config.timing().resumeLatencyMs())
            .orElse(null))
        .utilization(config.utilization().probe(clock)).build();
    this.thread = new Thread(this::runLoop, "blink-agent " + config.node());
  }

  /**
   * Logs in from the agent's keytab under Kerberos ({@link AgentConfig#KERBEROS}, {@code _HOST}
   * being this host), builds the agent and starts its loop thread.
   *
   * @throws IllegalArgumentException a bad setting, named with its value and the fix
   * @throws IOException the Kerberos login failed
   */
  public static AgentDaemon start(AgentConfig config, Configuration conf) throws IOException {
    KeytabLogin.loginIfConfigured(conf, AgentConfig.KERBEROS, null);
    AgentDaemon d = new AgentDaemon(Objects.requireNonNull(config, "config"), conf,
        Clock.systemUTC());
    LOG.info("power agent starting: {}; {}", config, d.actuator.description());
    // An agent killed (kill -9, OOM) while its node slept left it frozen: whatever the
    // schedule says, start from an awake node; the loop puts it to sleep again if it should.
    d.wakeQuietly();
    d.thread.start();
    return d;
  }

  private void runLoop() {
    long failures = 0;
    try {
      while (running) {
        try {
          StepResult r = loop.step();
          sleeper.sleepUntil(r.nextStepAtMs());
        } catch (InterruptedException e) {
          return;
        } catch (RuntimeException e) {
          failures++;
          if (failures % LOG_EVERY_FAILURES == 1) {
            LOG.error("{}: agent step failed ({} so far); waking the node and retrying every {}"
                + " ms", config.node(), failures, config.timing().pollMs(), e);
          }
          wakeQuietly();
          Thread.sleep(config.timing().pollMs());
        }
      }
    } catch (InterruptedException e) {
      // close() interrupted the pause after a failure
    } finally {
      if (!closed.get()) {
        LOG.error("{}: the agent loop ended without close(); waking the node", config.node());
        wakeQuietly();
      }
    }
  }

  /**
   * Stops the loop and leaves the node awake; idempotent. Shuts the actuator's gate (no sleep
   * starts from now on), interrupts a sleep in progress, waits at most {@link #closeWaitMs()}
   * for the loop thread, then wakes the node regardless: the wake-up is the agent's last act.
   */
  @Override
  public void close() {
    if (!closed.compareAndSet(false, true)) {
      return;
    }
    LOG.info("power agent for {} stopping; the node will be left awake", config.node());
    gate.shut();
    running = false;
    thread.interrupt();
    try {
      thread.join(closeWaitMs());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    if (thread.isAlive()) {
      LOG.warn("{}: the agent thread did not stop within {} ms; waking the node anyway",
          config.node(), closeWaitMs());
    }
    wakeQuietly();
    LOG.info("power agent for {} stopped after {} sleeps; the node is awake", config.node(),
        loop.sleeps());
  }

  /** Bounded: one HTTP call plus one freeze or thaw, plus a margin. */
  long closeWaitMs() {
    return config.httpTimeoutMs() + config.freezeTimeoutMs() + 1000;
  }

  private void wakeQuietly() {
    try {
      actuator.wakeUp();
    } catch (ActuatorException | RuntimeException e) {
      LOG.error("{}: could not wake the node ({}): {}; check it by hand", config.node(),
          actuator.description(), e.getMessage());
    }
  }

  /** Waits until the loop thread ends (after {@link #close()}). */
  public void awaitTermination() throws InterruptedException {
    thread.join();
  }

  public AgentLoop loop() {
    return loop;
  }

  public AgentConfig config() {
    return config;
  }

  /**
   * {@code bin/blink agent}: runs until SIGTERM or Ctrl-C; exit 0, 2 on a bad flag or setting
   * (usage on stderr), or 1 when the loop died on its own (the node is woken first).
   */
  public static void main(String[] args) throws Exception {
    Configuration conf = new Configuration();
    conf.addResource("hdfs-site.xml");
    System.exit(ToolRunner.run(conf, new Cli(System.out, System.err), args));
  }

  /** The command line: parse, start, register the shutdown hook, wait. */
  static final class Cli extends Configured implements Tool {
    private final PrintStream out;
    private final PrintStream err;

    Cli(PrintStream out, PrintStream err) {
      this.out = out;
      this.err = err;
    }

    @Override
    public int run(String[] args) throws InterruptedException {
      return AgentConfig.TOOL.run(args, out, err, a -> {
        AgentDaemon daemon;
        try {
          daemon = start(AgentConfig.from(a, getConf()), getConf());
        } catch (IllegalArgumentException e) {
          // A bad flag or key names itself, its value and the fix: a usage error (exit 2).
          throw CommandLineTool.usage(e.getMessage());
        } catch (IOException e) {
          err.println("blink agent: could not start: " + e.getMessage());
          return 1;
        }
        ShutdownHookManager.get().addShutdownHook(daemon::close, SHUTDOWN_PRIORITY);
        daemon.awaitTermination();
        return daemon.closed.get() ? 0 : 1;
      });
    }
  }
}
