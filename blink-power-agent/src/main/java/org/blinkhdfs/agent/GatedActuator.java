package org.blinkhdfs.agent;

import java.util.Optional;
import org.blinkhdfs.control.agent.Actuator;
import org.blinkhdfs.control.agent.ActuatorException;
import org.blinkhdfs.control.agent.SleepReport;
import org.blinkhdfs.control.agent.SleepRequest;

/**
 * The agent's actuator behind a gate that {@link AgentDaemon#close()} shuts before it wakes the
 * node, so that waking is the agent's last act: a loop thread that is still running when the
 * stop gives up waiting for it (stuck in an HTTP call, say) could otherwise put the node to sleep
 * again after the final wake-up. Once {@link #shut()}, a sleep and an io-server core cut are
 * refused with an {@link ActuatorException} (the contract's refusal: the node stays awake), and
 * bringing every core back ({@code setComputeCores(c)} with {@code c <= 0}) still passes.
 *
 * <p>A sleep that passed the gate before it shut is ended by the interrupt that follows, and the
 * actuators wake the node before the interrupt propagates.
 *
 * <p>Thread-safe.
 */
final class GatedActuator implements Actuator {
  static final String SHUT = "the agent is stopping: the node stays awake";

  private final Actuator inner;
  private boolean shut; // guarded by this

  GatedActuator(Actuator inner) {
    this.inner = inner;
  }

  /** From now on no sleep or core cut starts; idempotent. */
  synchronized void shut() {
    shut = true;
  }

  private synchronized void requireOpen(String what) throws ActuatorException {
    if (shut) {
      throw new ActuatorException(inner.name() + ": " + what + " refused, " + SHUT);
    }
  }

  @Override
  public String name() {
    return inner.name();
  }

  @Override
  public Optional<String> sleepUnsupported() {
    return inner.sleepUnsupported();
  }

  @Override
  public SleepReport sleep(SleepRequest request) throws ActuatorException, InterruptedException {
    requireOpen("sleep");
    return inner.sleep(request);
  }

  @Override
  public void setComputeCores(int computeCores) throws ActuatorException {
    if (computeCores > 0) {
      requireOpen("io-server mode with " + computeCores + " cores");
    }
    inner.setComputeCores(computeCores);
  }
}
