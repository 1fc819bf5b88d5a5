package org.blinkhdfs.control.scheduler;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import org.blinkhdfs.common.config.ConfigKey;
import org.blinkhdfs.model.wire.WakeDecision;
import org.blinkhdfs.model.wire.WakeHold;
import org.blinkhdfs.model.wire.WakeRequest;

/**
 * The wake holds the scheduler keeps: at most one per node, at most {@link WakeLimits#maxNodes()}
 * at once, each ending at its {@code untilMs}. Decides a {@link WakeRequest}; {@link
 * PowerScheduler} does the rest (which node names are valid, when to publish).
 *
 * <h2>Rules, in order</h2>
 * <ol>
 *   <li>{@code durationMs > maxMs}: REFUSED by {@link WakeLimits#MAX_MS} (every request, so a
 *       requester learns the bound whatever the node).
 *   <li>A staging node: ALREADY_AWAKE; every schedule has it ACTIVE, so nothing is held.
 *   <li>A node whose hold lasts until {@code now + durationMs} or later: ALREADY_AWAKE.
 *   <li>A node with a shorter hold: GRANTED, the hold extended to {@code now + durationMs} (the
 *       node already counts against {@code maxNodes}).
 *   <li>A new node while {@code maxNodes} holds exist: REFUSED by {@link WakeLimits#MAX_NODES},
 *       naming the holders and when the first ends.
 *   <li>Otherwise GRANTED: a new hold {@code [now, now + durationMs)}.
 * </ol>
 *
 * <p>A ring node the plan happens to have ACTIVE is still held (rule 6): the hold is what keeps
 * it awake if a replan within the span would put it to sleep. So {@code maxNodes} bounds the
 * holds, and with them the nodes any epoch makes ACTIVE on request.
 *
 * <p>Worked example (max 60 000 ms, 1 node; staging node st): at t = 0 {@code (n3, 20 000)} is
 * GRANTED {@code [0, 20 000)}; at 5 000 {@code (n3, 10 000)} is ALREADY_AWAKE (held to 20 000);
 * {@code (n4, 10 000)} is REFUSED by max.nodes ("n3 until 20000"); {@code (st, 10 000)} is
 * ALREADY_AWAKE; {@code (n3, 30 000)} extends n3 to {@code [0, 35 000)}; {@code (n3, 61 000)} is
 * REFUSED by max.ms. {@link #expire} at 35 000 drops n3.
 *
 * <p>Not thread-safe: guarded by the scheduler's lock.
 */
final class WakeBook {
  private final WakeLimits limits;
  private final Map<String, WakeHold> holds = new LinkedHashMap<>();

  WakeBook(WakeLimits limits) {
    this.limits = limits;
  }

  /**
   * Decides {@code r} at {@code nowMs} and records a granted hold.
   *
   * @param staging whether {@code r.node()} is a staging node
   * @param reachableByMs the {@link WakeDecision#reachableByMs()} to report
   */
  WakeDecision decide(WakeRequest r, long nowMs, boolean staging, long reachableByMs) {
    // Saturated, not addExact: a span near Long.MAX (from the wire) is refused by max.ms below
    // with a 409 naming the setting, not an ArithmeticException (a 500).
    long until = r.durationMs() > Long.MAX_VALUE - nowMs ? Long.MAX_VALUE : nowMs + r.durationMs();
    WakeHold asked = new WakeHold(r.node(), nowMs, until, r.reason());
    if (r.durationMs() > limits.maxMs()) {
      return refused(asked, reachableByMs, WakeLimits.MAX_MS, fmt("ms = %d is longer than"
          + " %s = %d: ask for at most %d ms and ask again before it ends, or raise the setting",
          r.durationMs(), WakeLimits.MAX_MS.name(), limits.maxMs(), limits.maxMs()));
    }
    if (staging) {
      return new WakeDecision(WakeDecision.Outcome.ALREADY_AWAKE, asked, nowMs, Optional.empty(),
          r.node() + " is a staging node: every schedule has it ACTIVE");
    }
    WakeHold held = holds.get(r.node());
    if (held != null && held.untilMs() >= until) {
      return new WakeDecision(WakeDecision.Outcome.ALREADY_AWAKE, held, reachableByMs,
          Optional.empty(), fmt("%s is already held awake until %d (%s)", r.node(),
              held.untilMs(), held.reason()));
    }
    if (held == null && holds.size() >= limits.maxNodes()) {
      return refused(asked, reachableByMs, WakeLimits.MAX_NODES, limits.maxNodes() == 0
          ? fmt("%s = 0: wake requests are switched off; set it to 1 or more to allow them",
              WakeLimits.MAX_NODES.name())
          : fmt("%s = %d nodes are already held awake on request (%s): retry after %d, when the"
              + " first ends, or raise the setting", WakeLimits.MAX_NODES.name(),
              limits.maxNodes(), describe(holds.values()), firstEndMs()));
    }
    WakeHold granted = new WakeHold(r.node(), held == null ? nowMs : held.fromMs(), until,
        r.reason());
    holds.put(r.node(), granted);
    return new WakeDecision(WakeDecision.Outcome.GRANTED, granted, reachableByMs,
        Optional.empty(), fmt("%s %s awake until %d for '%s'", r.node(),
            held == null ? "held" : "hold extended", until, r.reason()));
  }

  private static WakeDecision refused(WakeHold asked, long reachableByMs, ConfigKey setting,
      String message) {
    return new WakeDecision(WakeDecision.Outcome.REFUSED, asked, reachableByMs,
        Optional.of(setting), "wake request for " + asked.node() + " refused: " + message);
  }

  /** Drops the holds that end at or before {@code nowMs}; returns them. */
  List<WakeHold> expire(long nowMs) {
    List<WakeHold> ended = new ArrayList<>();
    holds.values().removeIf(h -> {
      boolean over = h.untilMs() <= nowMs;
      if (over) {
        ended.add(h);
      }
      return over;
    });
    return ended;
  }

  /** The holds, first granted first. */
  List<WakeHold> holds() {
    return List.copyOf(holds.values());
  }

  Optional<WakeHold> hold(String node) {
    return Optional.ofNullable(holds.get(node));
  }

  WakeLimits limits() {
    return limits;
  }

  private long firstEndMs() {
    return holds.values().stream().mapToLong(WakeHold::untilMs).min().orElse(0);
  }

  static String describe(Iterable<WakeHold> hs) {
    List<String> parts = new ArrayList<>();
    hs.forEach(h -> parts.add(h.node() + " until " + h.untilMs()));
    return String.join(", ", parts);
  }

  private static String fmt(String format, Object... args) {
    return String.format(Locale.ROOT, format, args);
  }
}
