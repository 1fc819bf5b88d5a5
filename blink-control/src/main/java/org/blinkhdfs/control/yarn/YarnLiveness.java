package org.blinkhdfs.control.yarn;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;
import org.blinkhdfs.model.schedule.NodeMode;
import org.blinkhdfs.model.schedule.NodeSchedule;
import org.blinkhdfs.model.schedule.Schedule;

/**
 * Would a blink sleep make YARN or MapReduce declare a node, an application master, a container
 * or a task lost? A task on a node that blinks must be paused (frozen with its host) and resume
 * when the window opens, not be failed and re-run.
 *
 * <p>The timeouts that can fire while a node sleeps, with their Hadoop 3.5.0 defaults
 * (yarn-default.xml, mapred-default.xml) are {@link #TIMEOUTS}. A timeout of {@code T} ms and a
 * longest sleep of {@code S} ms give one of three verdicts:
 *
 * <ul>
 *   <li>{@code LOST} when {@code T <= S}: the sleep alone reaches the timeout.
 *   <li>{@code RISKY} when {@code S < T < 2S}: a late wake (agent resume latency, a missed
 *       heartbeat after the thaw, a sleep right after a slow heartbeat) can still reach it.
 *   <li>{@code SAFE} when {@code T >= 2S}; also a timeout of 0 or less where that disables it
 *       ({@code mapreduce.task.timeout}).
 * </ul>
 *
 * <p>{@code S} for a schedule is its longest BLINK sleep, {@code intervalMs} minus the shortest
 * non-empty BLINK window ({@link #longestBlinkSleepMs}); before any schedule exists the bound is
 * the whole interval (a window can be arbitrarily short). OFF nodes (and empty windows) are not
 * counted: they sleep for the epoch, get no new containers from the publisher, and YARN declaring
 * the containers that were running there lost (so their work is re-run on awake nodes) is the
 * intended outcome.
 *
 * <p>Worked example: interval 60 000 ms, shortest window 15 000 ms: S = 45 000. The default
 * {@code yarn.client.nodemanager-connect.max-wait-ms} = 180 000 and every other default are
 * SAFE; with {@code mapreduce.task.timeout} = 60 000 the verdict is RISKY (fix: at least 90 000),
 * with 30 000 LOST.
 *
 * <p>Stateless and thread-safe.
 */
public final class YarnLiveness {
  /** One timeout: its configuration key, its 3.5.0 default and what happens when it fires. */
  public record Timeout(String key, long defaultMs, boolean zeroDisables, String firesAs) {}

  public enum Verdict { SAFE, RISKY, LOST }

  /** The verdict for one timeout, with a message naming the key, the value and the fix. */
  public record Finding(Timeout timeout, long valueMs, long sleepMs, Verdict verdict,
      String message) {}

  /** The timeouts a sleeping node can reach, in the order they are reported. */
  public static final List<Timeout> TIMEOUTS = List.of(
      new Timeout("yarn.nm.liveness-monitor.expiry-interval-ms", 600_000, false,
          "the ResourceManager marks the sleeping NodeManager LOST and its containers' work is"
              + " re-run elsewhere"),
      new Timeout("yarn.am.liveness-monitor.expiry-interval-ms", 900_000, false,
          "the ResourceManager expires an ApplicationMaster on the sleeping node and fails the"
              + " attempt"),
      new Timeout("mapreduce.task.timeout", 600_000, true,
          "the MapReduce ApplicationMaster kills a task on the sleeping node for reporting no"
              + " progress"),
      new Timeout("mapreduce.task.stuck.timeout-ms", 600_000, false,
          "the MapReduce ApplicationMaster kills a task that slept before its first heartbeat"),
      new Timeout("yarn.resourcemanager.rm.container-allocation.expiry-interval-ms", 600_000,
          false, "the ResourceManager reclaims a container allocated on the node but not yet"
              + " launched"),
      new Timeout("yarn.client.nodemanager-connect.max-wait-ms", 180_000, false,
          "an ApplicationMaster gives up starting or stopping a container on the sleeping"
              + " NodeManager"),
      new Timeout("mapreduce.reduce.shuffle.connect.timeout", 180_000, false,
          "a reducer's fetch from the sleeping node's ShuffleHandler fails (repeated failures"
              + " declare the map output lost and re-run the map)"),
      new Timeout("mapreduce.reduce.shuffle.read.timeout", 180_000, false,
          "a reducer's fetch in progress from the sleeping node times out (repeated failures"
              + " re-run the map)"));

  private YarnLiveness() {}

  /**
   * The longest time any BLINK node of {@code s} sleeps in one stretch: {@code intervalMs} minus
   * the shortest non-empty window; 0 when no node blinks.
   */
  public static long longestBlinkSleepMs(Schedule s) {
    long longest = 0;
    for (NodeSchedule n : s.nodes()) {
      if (n.mode() == NodeMode.BLINK && n.activeMs() > 0) {
        longest = Math.max(longest, s.intervalMs() - n.activeMs());
      }
    }
    return longest;
  }

  /**
   * Judges every timeout in {@link #TIMEOUTS} against a sleep of {@code sleepMs}; {@code lookup}
   * gives a key's configured value (null when unset: the default applies).
   */
  public static List<Finding> check(Function<String, String> lookup, long sleepMs) {
    List<Finding> out = new ArrayList<>();
    for (Timeout t : TIMEOUTS) {
      out.add(judge(t, lookup.apply(t.key()), sleepMs));
    }
    return out;
  }

  /** The findings worse than SAFE. */
  public static List<Finding> problems(List<Finding> findings) {
    return findings.stream().filter(f -> f.verdict() != Verdict.SAFE).toList();
  }

  static Finding judge(Timeout t, String raw, long sleepMs) {
    String text = raw == null || raw.isBlank() ? Long.toString(t.defaultMs()) : raw.trim();
    long value;
    try {
      value = Long.parseLong(text);
    } catch (NumberFormatException e) {
      return new Finding(t, -1, sleepMs, Verdict.LOST, String.format(Locale.ROOT,
          "%s = '%s' is not a whole number of ms: YARN cannot read it either; give e.g. %d",
          t.key(), text, Math.max(t.defaultMs(), 2 * sleepMs)));
    }
    Verdict v;
    if (sleepMs <= 0 || (value <= 0 && t.zeroDisables()) || value >= 2 * sleepMs) {
      v = Verdict.SAFE;
    } else if (value > sleepMs) {
      v = Verdict.RISKY;
    } else {
      v = Verdict.LOST;
    }
    String msg = v == Verdict.SAFE
        ? String.format(Locale.ROOT, "%s = %d ms is at least twice the longest sleep %d ms",
            t.key(), value, sleepMs)
        : String.format(Locale.ROOT, "%s = %d ms %s the longest blink sleep of %d ms: %s. Fix:"
            + " set %s to at least %d ms (twice the sleep) in yarn-site.xml/mapred-site.xml, or"
            + " shorten blink.interval.ms", t.key(), value,
            v == Verdict.LOST ? "is not longer than" : "is less than twice", sleepMs, t.firesAs(),
            t.key(), 2 * sleepMs);
    return new Finding(t, value, sleepMs, v, msg);
  }
}
