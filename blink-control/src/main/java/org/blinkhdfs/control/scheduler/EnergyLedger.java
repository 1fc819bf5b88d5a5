package org.blinkhdfs.control.scheduler;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.TreeMap;
import org.blinkhdfs.model.power.PowerModel;
import org.blinkhdfs.model.wire.EnergyCounters;
import org.blinkhdfs.model.wire.NodeStatus;

/**
 * The scheduler's energy books (issue 38, "Energy measured, not assumed"): each ring DataNode's
 * measured time, from the {@link EnergyCounters} its agent sends with every status, turned into
 * joules with the {@link PowerModel} (awake at {@code activeWatts}, asleep at {@code sleepWatts},
 * in transition at {@code transitionWatts}, io-server at {@code ioServerWatts}); the DataNode
 * budget (the power level's watts) integrated over the same time; and, per completed blink
 * interval, whether the DataNodes drew more than the budget.
 *
 * <p><b>Measured nodes.</b> Each status's counters minus the previous one's are the node's time
 * since that status; they are charged to the span between the two receipts. Counters that do not
 * continue the previous ones (another {@code sinceMs}, or one went down) mean the agent
 * restarted: its new counters are the latest part of the span and the rest (the agent was down)
 * is estimated, never negative energy. From the last status to now, a node is extrapolated at the
 * power of the state it reported (AWAKE or ERROR: active, IO_SERVER: io-server, ASLEEP: sleep).
 *
 * <p><b>Estimated nodes.</b> A node whose status carries no counters (an agent older than issue
 * 38), or never reported since the accounting started, is estimated from the schedule in force
 * ({@link ScheduledShares}) tick by tick and flagged {@link NodeEnergy#estimated()}.
 *
 * <p><b>Intervals.</b> Energy charged to a span is spread evenly over it and binned by blink
 * interval ({@code floor(t / intervalMs)}, the schedule's grid). An interval is judged once every
 * node's measurements reach its end, or one interval after its end at the latest (a node asleep
 * through it is then extrapolated at its last state's power); later corrections still count in
 * the totals but not in a judged interval. It is over budget when drawn {@code > budget × (1 +
 * tolerance)}; its length adds to {@code overBudgetMs}. The first interval starts at the
 * accounting's start.
 *
 * <p>Worked example ({@code EnergyLedgerTest}): 3 nodes, 25 W awake, 1 W asleep, transitions at
 * 25 W, t = 6 s, each awake 1.2 s, in transition 0.2 s and asleep 4.6 s per interval: {@code 25 ×
 * 1.4 + 1 × 4.6 = 39.6 J} per node, 118.8 J against a 20% budget of {@code 0.2 × 75 W × 6 s = 90
 * J}: over budget; at 60% (270 J) it is not.
 *
 * <p>Pure (no clock of its own: every call carries the scheduler's time); not thread-safe, {@link
 * PowerScheduler} guards it.
 */
final class EnergyLedger {
  /** Judged intervals kept for the status page's chart. */
  static final int RECENT_INTERVALS = 120;

  private final PowerModel model;
  private final long intervalMs;
  private final double tolerance;
  private final Map<String, Account> accounts = new LinkedHashMap<>();
  /** Per unjudged interval start: {drawn J, budget J}. */
  private final TreeMap<Long, double[]> bins = new TreeMap<>();
  private final Deque<IntervalEnergy> recent = new ArrayDeque<>();

  private boolean started;
  private long sinceMs;
  private long lastAdvanceMs;
  private double budgetWatts;
  private double budgetJoules;
  private long judgedUntilMs;
  private long overBudgetMs;

  EnergyLedger(PowerModel model, List<String> ring, long intervalMs, double tolerance) {
    this.model = model;
    this.intervalMs = intervalMs;
    this.tolerance = tolerance;
    for (String n : ring) {
      accounts.put(n, new Account());
    }
  }

  /**
   * Closes the books up to {@code nowMs} and sets what holds from now on: the budget in watts and
   * each ring node's scheduled shares (for estimated nodes). The first call starts accounting.
   */
  void advance(long nowMs, double newBudgetWatts, Map<String, ScheduledShares> shares) {
    if (!started) {
      started = true;
      sinceMs = nowMs;
      lastAdvanceMs = nowMs;
      judgedUntilMs = nowMs;
      for (Account a : accounts.values()) {
        a.coveredUntilMs = nowMs;
      }
    } else if (nowMs > lastAdvanceMs) {
      double j = budgetWatts * (nowMs - lastAdvanceMs) / 1000.0;
      budgetJoules += j;
      spread(j, lastAdvanceMs, nowMs, 1);
      for (Account a : accounts.values()) {
        if (a.last == null && nowMs > a.coveredUntilMs) {
          estimate(a, a.coveredUntilMs, nowMs);
        }
      }
      lastAdvanceMs = nowMs;
    }
    budgetWatts = newBudgetWatts;
    for (Map.Entry<String, Account> e : accounts.entrySet()) {
      e.getValue().shares = shares.getOrDefault(e.getKey(), ScheduledShares.AWAKE);
    }
    judge(nowMs);
  }

  /** Books a ring node's status received at {@code receivedMs}; other nodes are ignored. */
  void record(NodeStatus s, long receivedMs) {
    Account a = accounts.get(s.node());
    if (a == null) {
      return;
    }
    if (started) {
      if (s.energy().isPresent()) {
        measured(a, s.energy().get(), receivedMs);
      } else if (a.last != null) {
        // Counters stopped (an older agent replaced a newer one): close at the last state.
        extrapolate(a, a.coveredUntilMs, receivedMs);
        a.last = null;
      }
    }
    a.lastState = s.state();
    a.lastReportAtMs = receivedMs;
    a.reported = true;
  }

  private void measured(Account a, EnergyCounters c, long receivedMs) {
    long from = a.coveredUntilMs;
    long to = Math.max(from, receivedMs);
    if (a.last == null) {
      estimate(a, from, to);
    } else if (a.last.continuedBy(c)) {
      charge(a, new long[] {c.awakeMs() - a.last.awakeMs(), c.asleepMs() - a.last.asleepMs(),
          c.transitionMs() - a.last.transitionMs(), c.ioServerMs() - a.last.ioServerMs()},
          from, to);
    } else {
      a.resets++;
      long gap = to - from;
      long total = c.totalMs();
      double scale = total > gap ? (double) gap / total : 1;
      long[] ms = {Math.round(c.awakeMs() * scale), Math.round(c.asleepMs() * scale),
          Math.round(c.transitionMs() * scale), Math.round(c.ioServerMs() * scale)};
      long down = Math.max(0, gap - (ms[0] + ms[1] + ms[2] + ms[3]));
      estimate(a, from, from + down);
      charge(a, ms, from + down, to);
    }
    a.last = c;
  }

  private void estimate(Account a, long from, long to) {
    long dt = to - from;
    if (dt <= 0) {
      a.coveredUntilMs = Math.max(a.coveredUntilMs, to);
      return;
    }
    a.estimatedMs += dt;
    charge(a, sharesMs(a.shares, dt), from, to);
  }

  private void extrapolate(Account a, long from, long to) {
    if (to > from) {
      charge(a, openMs(a.lastState, to - from), from, to);
    }
  }

  private void charge(Account a, long[] ms, long from, long to) {
    double j = joules(ms);
    for (int i = 0; i < 4; i++) {
      a.ms[i] += ms[i];
    }
    a.joules += j;
    spread(j, from, to, 0);
    a.coveredUntilMs = Math.max(a.coveredUntilMs, to);
  }

  /** Adds {@code joules}, even over {@code [from, to)}, to the unjudged intervals' bins. */
  private void spread(double joules, long from, long to, int column) {
    if (to <= from) {
      if (to >= judgedUntilMs) {
        bin(intervalStart(Math.max(to - 1, judgedUntilMs)))[column] += joules;
      }
      return;
    }
    long start = Math.max(from, judgedUntilMs);
    for (long s = intervalStart(start); s < to; s += intervalMs) {
      long overlap = Math.min(to, s + intervalMs) - Math.max(start, s);
      if (overlap > 0) {
        bin(s)[column] += joules * overlap / (to - from);
      }
    }
  }

  private double[] bin(long start) {
    return bins.computeIfAbsent(start, k -> new double[2]);
  }

  private long intervalStart(long t) {
    return Math.floorDiv(t, intervalMs) * intervalMs;
  }

  private void judge(long nowMs) {
    while (true) {
      long s = intervalStart(judgedUntilMs);
      long e = s + intervalMs;
      if (e > nowMs || (nowMs < e + intervalMs && !allCovered(e))) {
        return;
      }
      double[] b = bins.getOrDefault(s, new double[2]);
      double drawn = b[0];
      for (Account a : accounts.values()) {
        long from = Math.max(a.coveredUntilMs, judgedUntilMs);
        if (from < e) {
          drawn += a.last == null ? sharesJoules(a.shares, e - from)
              : joules(openMs(a.lastState, e - from));
        }
      }
      boolean over = drawn > b[1] * (1 + tolerance);
      long start = judgedUntilMs;
      if (over) {
        overBudgetMs += e - start;
      }
      recent.addLast(new IntervalEnergy(start, e, drawn, b[1], over));
      if (recent.size() > RECENT_INTERVALS) {
        recent.removeFirst();
      }
      bins.remove(s);
      judgedUntilMs = e;
    }
  }

  private boolean allCovered(long e) {
    for (Account a : accounts.values()) {
      if (a.coveredUntilMs < e) {
        return false;
      }
    }
    return true;
  }

  /** The books at {@code nowMs}, open periods extrapolated; nothing changes. */
  EnergyReport report(long nowMs) {
    List<NodeEnergy> nodes = new ArrayList<>(accounts.size());
    double total = 0;
    for (Map.Entry<String, Account> e : accounts.entrySet()) {
      Account a = e.getValue();
      long open = started ? Math.max(0, nowMs - a.coveredUntilMs) : 0;
      long[] ms = a.last == null ? sharesMs(a.shares, open) : openMs(a.lastState, open);
      double j = a.joules + joules(ms);
      total += j;
      nodes.add(new NodeEnergy(e.getKey(), a.ms[0] + ms[0], a.ms[1] + ms[1], a.ms[2] + ms[2],
          a.ms[3] + ms[3], j, a.reported ? OptionalLong.of(a.lastReportAtMs)
              : OptionalLong.empty(), a.estimatedMs + (a.last == null ? open : 0),
          a.last == null, a.resets));
    }
    long since = started ? sinceMs : nowMs;
    long accounted = Math.max(0, nowMs - since);
    double budget = budgetJoules + (started ? budgetWatts * Math.max(0, nowMs - lastAdvanceMs)
        / 1000.0 : 0);
    return new EnergyReport(nowMs, since, intervalMs, model, total,
        model.overheadWatts() * accounted / 1000.0, budget, accounted, overBudgetMs,
        budgetWatts, tolerance, nodes, new ArrayList<>(recent), 0, 0);
  }

  /** The judged intervals kept ({@link #RECENT_INTERVALS} at most), oldest first. */
  List<IntervalEnergy> judged() {
    return List.copyOf(recent);
  }

  private long[] openMs(NodeStatus.State state, long ms) {
    long[] out = new long[4];
    out[state == NodeStatus.State.ASLEEP ? 1 : state == NodeStatus.State.IO_SERVER ? 3 : 0] = ms;
    return out;
  }

  private long[] sharesMs(ScheduledShares sh, long dt) {
    long awake = Math.round(dt * sh.awake());
    long transition = Math.round(dt * sh.transition());
    long io = Math.round(dt * sh.ioServer());
    return new long[] {awake, Math.max(0, dt - awake - transition - io), transition, io};
  }

  private double sharesJoules(ScheduledShares sh, long dt) {
    return joules(sharesMs(sh, dt));
  }

  private double joules(long[] ms) {
    return (ms[0] * model.activeWatts() + ms[1] * model.sleepWatts()
        + ms[2] * model.transitionWatts() + ms[3] * model.ioServerWatts()) / 1000.0;
  }

  /** One ring node's books. */
  private static final class Account {
    /** awake, asleep, transition, io-server ms. */
    final long[] ms = new long[4];
    double joules;
    long estimatedMs;
    long resets;
    /** The last counters received; null: estimated from the schedule. */
    EnergyCounters last;
    /** Energy is booked up to here (the scheduler's clock). */
    long coveredUntilMs;
    NodeStatus.State lastState = NodeStatus.State.AWAKE;
    ScheduledShares shares = ScheduledShares.AWAKE;
    long lastReportAtMs;
    boolean reported;
  }
}
