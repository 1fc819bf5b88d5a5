package org.blinkhdfs.model.wire;

import java.util.Objects;

/**
 * One read relay's held reads over its last report period, as the proxy sends them to the
 * scheduler ({@code PUT /v1/held}): the live-load input of the {@code auto} policy that says
 * "readers are waiting for a window" (a demand the utilization of ACTIVE nodes cannot show).
 *
 * <p>Why counts over a period and not the relay's cumulative counters: the scheduler keeps only
 * the latest report per proxy, so a proxy restart (counters back at 0) or a lost report never
 * turns into a negative or doubled delta there.
 *
 * @param proxy the relay as clients reach it, {@code host:port} (its {@code
 *     blink.proxy.relay.self}, or its listening address)
 * @param readsHeld reads held until a replica's window that finished waiting in the period,
 *     {@code >= 0}
 * @param heldMs the milliseconds those reads waited in all, {@code >= 0}
 * @param periodMs the period the counts cover, {@code >= 1}
 */
public record HeldReadsReport(String proxy, long readsHeld, long heldMs, long periodMs) {
  /** The longest proxy name accepted (a host name is at most 253 characters, plus a port). */
  public static final int MAX_PROXY_CHARS = 260;

  public HeldReadsReport {
    Objects.requireNonNull(proxy, "proxy");
    proxy = proxy.strip();
    if (proxy.isEmpty() || proxy.length() > MAX_PROXY_CHARS
        || !proxy.matches("[A-Za-z0-9._\\-\\[\\]:]+:[0-9]{1,5}")) {
      throw new IllegalArgumentException("proxy = '" + abbreviate(proxy) + "' is invalid: give"
          + " the relay's host:port (its blink.proxy.relay.self or listening address), e.g."
          + " proxy1.example.com:14000");
    }
    if (readsHeld < 0) {
      throw new IllegalArgumentException("readsHeld = " + readsHeld + " is invalid: give the"
          + " reads held in the period, a whole number >= 0");
    }
    if (heldMs < 0) {
      throw new IllegalArgumentException("heldMs = " + heldMs + " is invalid: give the"
          + " milliseconds the period's held reads waited in all, a whole number >= 0");
    }
    if (periodMs < 1) {
      throw new IllegalArgumentException("periodMs = " + periodMs + " is invalid: give the"
          + " milliseconds the counts cover, a whole number >= 1 (the proxy's"
          + " blink.proxy.relay.held.report.ms)");
    }
  }

  /**
   * Held milliseconds per millisecond of the period: how many readers waited on average
   * (2000 ms held over a 10000 ms period is 0.2 readers).
   */
  public double waitingReaders() {
    return (double) heldMs / periodMs;
  }

  private static String abbreviate(String s) {
    return s.length() <= 40 ? s : s.substring(0, 40) + "...";
  }
}
