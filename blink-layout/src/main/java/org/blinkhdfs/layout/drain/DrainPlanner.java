package org.blinkhdfs.layout.drain;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.blinkhdfs.model.schedule.Schedule;

/**
 * Decides which staged replicas to copy into their layout now, so that copies run inside the
 * windows of the nodes involved (BlinkFS §4.1: staged data reaches its layout within one blink
 * interval). The proxy calls {@link #plan} when a scan finds work, when a copy finishes and at
 * the time the last plan named; it starts exactly the copies returned.
 *
 * <p>Rules, in this order:
 *
 * <ol>
 *   <li><b>Mode</b> ({@link Consistency}): {@code periodic} holds everything until the backlog
 *       (pending plus in flight) reaches {@code periodicThreshold}, then drains until it is
 *       empty; {@code strong} asks for an extra window for each asleep target (once per
 *       {@code wakeMs}); {@code weak} waits for natural windows.
 *   <li><b>Oldest first, batched per target</b>: moves in order of write time (then block ID);
 *       a target's moves all start as its window opens, up to {@code maxPerTarget} at once, and
 *       the rest as earlier ones finish.
 *   <li><b>Never cut off</b>: a copy starts only if target and source both stay awake for
 *       {@link DrainSettings#copyMs} of its bytes. A copy the window cannot hold waits for the
 *       next one (counted as {@code tooShort}).
 *   <li><b>Source</b>: the stand-in itself when it can serve (it is deleted afterwards, and a
 *       staging node's reads cost the ring nothing), else the holder awake longest, but never
 *       the stand-in of another move of the same block (deleted when that move ends); at most
 *       {@code maxPerSource} copies read one DataNode at once.
 *   <li><b>Limits</b>: at most {@code maxTotal} copies in flight in all.
 * </ol>
 *
 * <p>Example (interval 10 s; target t awake during [0, 4 s), staging s always awake; 10 MB/s,
 * setup 0): at 1 s a 20 MB move from s to t starts (3 s left, 2 s needed); at 2.5 s it would not
 * (1.5 s left) and the plan says to try again at 10 s, when t's next window opens.
 *
 * <p>Pure and deterministic; not thread-safe (one proxy thread plans). The only state is the
 * periodic drain's on/off and when each target was last asked to wake.
 */
public final class DrainPlanner {
  private static final Comparator<DrainMove> OLDEST_FIRST =
      Comparator.comparingLong(DrainMove::writtenAtMs).thenComparingLong(DrainMove::blockId)
          .thenComparing(DrainMove::target);

  private final DrainSettings settings;
  private boolean periodicDraining;
  private final Map<String, Long> wakeAskedUntil = new HashMap<>();

  public DrainPlanner(DrainSettings settings) {
    this.settings = settings;
  }

  public DrainSettings settings() {
    return settings;
  }

  /** True while a {@code periodic} drain runs (its backlog reached the threshold). */
  public boolean periodicDraining() {
    return periodicDraining;
  }

  /**
   * The copies to start at {@code nowMs} under {@code schedule}, given the moves still pending
   * (none of them in flight) and the copies in flight.
   */
  public DrainPlan plan(long nowMs, Schedule schedule, Collection<DrainMove> pending,
      Collection<DrainStart> inFlight) {
    if (pending.isEmpty()) {
      if (inFlight.isEmpty()) {
        periodicDraining = false;
      }
      return new DrainPlan(List.of(), List.of(), 0, 0, 0, Long.MAX_VALUE);
    }
    if (settings.consistency() == Consistency.PERIODIC && !periodicDraining) {
      periodicDraining = pending.size() + inFlight.size() >= settings.periodicThreshold();
      if (!periodicDraining) {
        return new DrainPlan(List.of(), List.of(), 0, 0, pending.size(), Long.MAX_VALUE);
      }
    }
    Counts counts = new Counts(inFlight);
    Map<Long, Set<String>> doomed = standInsByBlock(pending, inFlight);
    List<DrainMove> order = new ArrayList<>(pending);
    order.sort(OLDEST_FIRST);
    List<DrainStart> start = new ArrayList<>();
    List<String> wake = new ArrayList<>();
    int asleep = 0;
    int tooShort = 0;
    long next = Long.MAX_VALUE;
    for (DrainMove m : order) {
      // Copies into one target share its bandwidth: this one runs beside those already going.
      long needMs = settings.copyMs(m.bytes(), counts.target(m.target()) + 1);
      long targetLeft = schedule.remainingActiveMs(m.target(), nowMs);
      if (targetLeft < needMs) {
        if (targetLeft == 0) {
          asleep++;
        } else {
          tooShort++;
        }
        next = Math.min(next, schedule.nextWakeMs(m.target(), nowMs + targetLeft));
        askWake(m.target(), nowMs, wake);
        continue;
      }
      if (counts.total >= settings.maxTotal()
          || counts.target(m.target()) >= settings.maxPerTarget()) {
        continue; // replanned when a copy finishes
      }
      String source = source(m, schedule, nowMs, needMs, counts, doomed.get(m.blockId()));
      if (source == null) {
        for (String s : m.sources()) {
          if (schedule.remainingActiveMs(s, nowMs) < needMs) {
            next = Math.min(next, schedule.nextWakeMs(s, nowMs + 1));
          }
        }
        continue;
      }
      start.add(new DrainStart(m, source));
      counts.add(m.target(), source);
    }
    return new DrainPlan(start, wake, asleep, tooShort, 0, next);
  }

  /** In {@code strong} mode, asks for {@code target}'s extra window unless recently asked. */
  private void askWake(String target, long nowMs, List<String> wake) {
    if (settings.consistency() != Consistency.STRONG || wake.contains(target)) {
      return;
    }
    Long until = wakeAskedUntil.get(target);
    if (until == null || until <= nowMs) {
      wakeAskedUntil.put(target, nowMs + settings.wakeMs());
      wake.add(target);
    }
  }

  /**
   * The stand-in if it can serve, else the holder awake longest; null when none can. Never
   * another move's stand-in of the same block ({@code doomed}): HDFS deletes it when that move
   * ends, which would cut this copy off.
   */
  private String source(DrainMove m, Schedule schedule, long nowMs, long needMs, Counts counts,
      Set<String> doomed) {
    String best = null;
    long bestLeft = -1;
    for (String s : m.sources()) {
      long left = schedule.remainingActiveMs(s, nowMs);
      if (left < needMs || counts.source(s) >= settings.maxPerSource()
          || (!s.equals(m.standIn()) && doomed.contains(s))) {
        continue;
      }
      if (s.equals(m.standIn())) {
        return s;
      }
      if (left > bestLeft) {
        best = s;
        bestLeft = left;
      }
    }
    return best;
  }

  /** Each block's stand-ins about to be deleted: those of its pending and running moves. */
  private static Map<Long, Set<String>> standInsByBlock(Collection<DrainMove> pending,
      Collection<DrainStart> inFlight) {
    Map<Long, Set<String>> out = new HashMap<>();
    for (DrainMove m : pending) {
      out.computeIfAbsent(m.blockId(), k -> new HashSet<>()).add(m.standIn());
    }
    for (DrainStart st : inFlight) {
      out.computeIfAbsent(st.move().blockId(), k -> new HashSet<>()).add(st.move().standIn());
    }
    return out;
  }

  /** Copies in flight per target, per source and in all. */
  private static final class Counts {
    final Map<String, Integer> perTarget = new HashMap<>();
    final Map<String, Integer> perSource = new HashMap<>();
    int total;

    Counts(Collection<DrainStart> inFlight) {
      for (DrainStart s : inFlight) {
        add(s.move().target(), s.source());
      }
    }

    void add(String target, String source) {
      perTarget.merge(target, 1, Integer::sum);
      perSource.merge(source, 1, Integer::sum);
      total++;
    }

    int target(String node) {
      return perTarget.getOrDefault(node, 0);
    }

    int source(String node) {
      return perSource.getOrDefault(node, 0);
    }
  }
}
