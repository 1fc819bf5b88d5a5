package org.blinkhdfs.control.scheduler;

import java.time.Clock;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Wake on demand: after each scheduler tick, wakes the hosts the epoch in force needs awake but
 * that sleep ({@link PowerScheduler#nodesToWake}, {@link WakeNeed}), through each node's {@link
 * WakeBackend}, and follows every wake to its end with a {@link WakeAttempt}.
 *
 * <p><b>A wake that fails is a failed node.</b> When a wake reaches its deadline without a
 * status from the node's agent, the driver hands the node to the scheduler's failure path ({@link
 * PowerScheduler#wakeFailed}): it counts as failed ({@link FailureRule}, rule 3) until its agent
 * reports again, so the next tick publishes for it like for any failed node and, with recovery
 * configured, its recovery group is made ACTIVE, and woken by this driver in turn. One warning
 * names the node, the backend and what was tried.
 *
 * <p>Sends run on the given executor (a backend may block for seconds: a power command, QMP
 * waiting for the guest to run), never on the caller's thread unless the executor is a direct
 * one (tests). A wake that has started runs to its end even if the epoch stops needing the node:
 * a host that does not answer a wake is worth knowing about. Nodes without a backend are never
 * woken (backend {@code none}: they wake at their alarm).
 *
 * <p>Counters since the start ({@link #counts}): wakes sent (one per node wake), attempts
 * (sends, with retries), send errors, wakes that succeeded and failed, and the last success's
 * latency from the first send to the agent's status.
 *
 * <p>Thread-safe: {@link #tick} and the send completions synchronize on this driver.
 */
public final class WakeDriver {
  private static final Logger LOG = LoggerFactory.getLogger(WakeDriver.class);

  /**
   * The counters since the start.
   *
   * @param sent node wakes started
   * @param attempts sends, the first ones and retries
   * @param sendErrors sends the backend reported as failed
   * @param succeeded wakes answered by the node's agent in time
   * @param failed wakes that reached their deadline unanswered
   * @param lastLatencyMs the last success's time from its first send to the agent's status; -1
   *     before the first
   * @param inProgress wakes under way now
   */
  public record Counts(long sent, long attempts, long sendErrors, long succeeded, long failed,
      long lastLatencyMs, int inProgress) {}

  private final PowerScheduler scheduler;
  private final Map<String, WakeBackend> backends;
  private final WakeAttempt.Settings settings;
  private final Clock clock;
  private final Executor executor;
  private final Map<String, WakeAttempt> running = new LinkedHashMap<>();
  private long sent;
  private long attempts;
  private long sendErrors;
  private long succeeded;
  private long failed;
  private long lastLatencyMs = -1;

  /**
   * @param backends the backend of each node that has one; others are never woken
   * @param executor runs the sends
   */
  public WakeDriver(PowerScheduler scheduler, Map<String, WakeBackend> backends,
      WakeAttempt.Settings settings, Clock clock, Executor executor) {
    this.scheduler = Objects.requireNonNull(scheduler, "scheduler");
    this.backends = Map.copyOf(backends);
    this.settings = Objects.requireNonNull(settings, "settings");
    this.clock = Objects.requireNonNull(clock, "clock");
    this.executor = Objects.requireNonNull(executor, "executor");
  }

  /**
   * Advances every wake under way to now and starts one for each node that needs it; call after
   * each scheduler tick.
   */
  public void tick() {
    List<Runnable> sends = new ArrayList<>();
    synchronized (this) {
      long now = clock.millis();
      for (String node : scheduler.nodesToWake(now)) {
        if (backends.containsKey(node) && !running.containsKey(node)) {
          running.put(node, new WakeAttempt(node, settings));
          sent++;
          LOG.info("waking {} ({}): the epoch in force has it awake, its agent said ASLEEP and"
              + " its alarm is not due yet", node, backends.get(node).describe(node));
        }
      }
      for (var it = running.values().iterator(); it.hasNext(); ) {
        WakeAttempt a = it.next();
        WakeAttempt.Step step = a.step(now, scheduler.lastUpMs(a.node()));
        switch (step) {
          case SEND -> {
            attempts++;
            sends.add(send(a));
          }
          case SUCCEEDED -> {
            succeeded++;
            lastLatencyMs = a.latencyMs();
            it.remove();
            LOG.info("{} is up: its agent reported {} ms after the first wake ({} attempt(s),"
                + " {})", a.node(), a.latencyMs(), a.attempts(), backends.get(a.node()).name());
          }
          case FAILED -> {
            failed++;
            it.remove();
            scheduler.wakeFailed(a.node());
            LOG.warn(failureLine(a));
          }
          case WAIT -> { }
          default -> throw new IllegalStateException("unknown step " + step);
        }
      }
    }
    for (Runnable r : sends) {
      try {
        executor.execute(r);
      } catch (RejectedExecutionException e) {
        // The executor is shut down: the daemon is closing.
        return;
      }
    }
  }

  private Runnable send(WakeAttempt a) {
    WakeBackend b = backends.get(a.node());
    return () -> {
      Optional<String> error;
      try {
        b.wake(a.node());
        error = Optional.empty();
      } catch (Exception e) {
        error = Optional.of(e.getMessage() == null ? e.toString() : e.getMessage());
      }
      finished(a, error);
    };
  }

  private synchronized void finished(WakeAttempt a, Optional<String> error) {
    a.sendFinished(error);
    if (error.isPresent()) {
      sendErrors++;
      LOG.info("wake of {} via {} (attempt {}) failed to send: {}", a.node(),
          backends.get(a.node()).name(), a.attempts(), error.get());
    }
  }

  private String failureLine(WakeAttempt a) {
    WakeAttempt.Settings s = a.settings();
    return String.format(java.util.Locale.ROOT, "wake of %s FAILED: %s, %d attempt(s) every %d ms"
        + " (at most %d), no status from its agent within %d ms of the first%s; it now counts"
        + " as failed (recovery wakes its group when blink.scheduler.recovery is set) until its"
        + " agent reports again: check the host's power, its wake setup and its agent",
        a.node(), backends.get(a.node()).describe(a.node()), a.attempts(), s.retryMs(),
        s.maxAttempts(), s.timeoutMs(), a.lastError().map(e -> "; " + a.sendErrors()
            + " send(s) failed, the last with: " + e).orElse("; every send went out"));
  }

  public synchronized Counts counts() {
    return new Counts(sent, attempts, sendErrors, succeeded, failed, lastLatencyMs,
        running.size());
  }

  /** The nodes being woken now, first started first. */
  public synchronized List<String> inProgress() {
    return List.copyOf(running.keySet());
  }
}
