package org.blinkhdfs.control.scheduler;

import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * One physical wake of one sleeping host, as a state machine driven by the caller's clock: send,
 * retry every {@code retryMs} up to {@code maxAttempts} sends, and decide by what the node's
 * agent reports, not by whether a packet left.
 *
 * <p>Why the agent's report: a Wake-on-LAN packet is fire-and-forget (a switch may drop it, the
 * NIC may not be armed), an IPMI {@code power on} can succeed against a host that then hangs in
 * firmware, and a QMP {@code system_wakeup} only says the guest's CPU runs. The scheduler needs
 * the DataNode's host up, and the first status its agent posts after the wake says so.
 *
 * <h2>Rules</h2>
 * <ol>
 *   <li>The first {@link #step} sends (attempt 1) and starts the clock: {@code firstSendMs}.
 *   <li><b>Success</b>: a status whose state is not ASLEEP, received at or after {@code
 *       firstSendMs} (its receipt time, by the scheduler's clock, is {@code upMs}). The latency is
 *       {@code upMs - firstSendMs}. A status received before the first send says nothing about the
 *       wake and is ignored.
 *   <li><b>Retry</b>: while no send is in flight (a backend may take seconds, e.g. QMP waiting for
 *       the guest to run), fewer than {@code maxAttempts} sends were made, and {@code retryMs}
 *       passed since the last send started, the next step sends again. A send that failed (the
 *       backend threw) counts as an attempt like one that went out.
 *   <li><b>Failure</b>: no success by {@code firstSendMs + timeoutMs}. Success is checked first, so
 *       a status received before the deadline wins even when the step that sees it comes later.
 * </ol>
 *
 * <p>Worked example (retry 2 000 ms, 3 attempts, timeout 10 000 ms; checked by {@code
 * WakeAttemptTest}): step at 1 000 sends (1); a step at 1 500 waits (in flight); the send ends at
 * 1 600; steps at 2 999 wait, at 3 000 send (2), at 5 000 send (3), at 7 000 wait (attempts used
 * up); the step at 11 000 fails. Had the agent posted AWAKE at 4 200, any step from then on
 * answers SUCCEEDED with latency 3 200 ms.
 *
 * <p>Not thread-safe: the owner ({@link WakeDriver}) calls it under its lock.
 */
public final class WakeAttempt {

  /**
   * How hard to try.
   *
   * @param retryMs time between the starts of two sends, {@code >= 1}
   * @param maxAttempts the most sends, {@code >= 1}
   * @param timeoutMs from the first send to giving up, {@code > retryMs}
   */
  public record Settings(long retryMs, int maxAttempts, long timeoutMs) {
    public Settings {
      if (retryMs < 1) {
        throw new IllegalArgumentException("wake retry interval " + retryMs
            + " ms must be >= 1 ms: give the time between two wake sends");
      }
      if (maxAttempts < 1) {
        throw new IllegalArgumentException("wake attempts " + maxAttempts
            + " must be >= 1: give how many times a wake is sent at most");
      }
      if (timeoutMs <= retryMs) {
        throw new IllegalArgumentException(String.format(Locale.ROOT,
            "wake timeout %d ms must exceed the retry interval %d ms: a retry after the"
                + " deadline would never count", timeoutMs, retryMs));
      }
    }
  }

  /** What the owner does after a {@link #step}. */
  public enum Step {
    /** Send one wake now, then report its end with {@link #sendFinished}. */
    SEND,
    /** Nothing to do: a send is in flight, or the next retry or the deadline is not yet due. */
    WAIT,
    /** The node reported up after the first send (final). */
    SUCCEEDED,
    /** No up report by the deadline (final): treat the node as failed. */
    FAILED
  }

  private final String node;
  private final Settings settings;
  private long firstSendMs = Long.MIN_VALUE;
  private long lastSendMs;
  private int attempts;
  private int sendErrors;
  private boolean inFlight;
  private Optional<String> lastError = Optional.empty();
  private Step outcome;
  private long latencyMs = -1;

  public WakeAttempt(String node, Settings settings) {
    this.node = Objects.requireNonNull(node, "node");
    this.settings = Objects.requireNonNull(settings, "settings");
  }

  /**
   * Advances to {@code nowMs}.
   *
   * @param upMs when the scheduler received the node's last status whose state is not ASLEEP;
   *     empty if there is none
   * @return what to do; once SUCCEEDED or FAILED, always that
   */
  public Step step(long nowMs, OptionalLong upMs) {
    if (outcome != null) {
      return outcome;
    }
    if (attempts > 0 && upMs.isPresent() && upMs.getAsLong() >= firstSendMs) {
      latencyMs = upMs.getAsLong() - firstSendMs;
      return outcome = Step.SUCCEEDED;
    }
    if (attempts > 0 && nowMs >= deadlineMs()) {
      return outcome = Step.FAILED;
    }
    if (!inFlight && attempts < settings.maxAttempts()
        && (attempts == 0 || nowMs >= lastSendMs + settings.retryMs())) {
      if (attempts == 0) {
        firstSendMs = nowMs;
      }
      attempts++;
      lastSendMs = nowMs;
      inFlight = true;
      return Step.SEND;
    }
    return Step.WAIT;
  }

  /**
   * The send the last SEND asked for has ended.
   *
   * @param error empty when the backend sent it; else what went wrong
   */
  public void sendFinished(Optional<String> error) {
    inFlight = false;
    if (error.isPresent()) {
      sendErrors++;
      lastError = error;
    }
  }

  public String node() {
    return node;
  }

  /** Sends started so far. */
  public int attempts() {
    return attempts;
  }

  /** Sends that the backend reported as failed. */
  public int sendErrors() {
    return sendErrors;
  }

  /** The last backend error, if any send failed. */
  public Optional<String> lastError() {
    return lastError;
  }

  /** When the first send started; {@link Long#MIN_VALUE} before it. */
  public long firstSendMs() {
    return firstSendMs;
  }

  /** From the first send to the up report, once SUCCEEDED; else -1. */
  public long latencyMs() {
    return latencyMs;
  }

  public Settings settings() {
    return settings;
  }

  private long deadlineMs() {
    return firstSendMs + settings.timeoutMs();
  }
}
