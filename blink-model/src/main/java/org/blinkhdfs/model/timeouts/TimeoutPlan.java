package org.blinkhdfs.model.timeouts;

import java.util.List;
import java.util.Locale;
import org.blinkhdfs.model.power.TransitionModel;
import org.blinkhdfs.model.schedule.ScheduleLimits;
import org.blinkhdfs.model.timeouts.TimeoutSetting.Role;

/**
 * The HDFS timeouts a blinking cluster needs, derived from the blink interval {@code t} and one
 * sleep's transition times (enter {@code e}: window end to asleep; resume {@code s}: wake alarm to
 * serving). Pure arithmetic, no clock, no Hadoop; immutable.
 *
 * <p><b>The bound everything follows from.</b> A blinking DataNode, and any client on a blinking
 * host (a MapReduce task, a NodeManager's localizer), is silent for at most {@code L = t + e + s}:
 * its windows recur every interval, so the gap between two of them is {@code t - w <= t}, and the
 * scheduler plans its transitions out of the window; if it does not ({@code
 * blink.power.transition.ms = 0}, BlinkFS's {@code t_active}), the host still takes them and the
 * gap grows by {@code e + s}. A frozen DataNode accepts TCP connections and never answers, a
 * suspended host answers nothing, so during {@code L} a peer sees a live node that is only silent.
 *
 * <p><b>Socket timeouts: {@code dfs.client.socket-timeout} = {@code
 * dfs.datanode.socket.write.timeout} = L, on every DataNode and client.</b> One value for both
 * keys everywhere: a DataNode reads a writer's packets with its own {@code
 * dfs.client.socket-timeout} ({@code DataXceiver} sets it on the peer before every operation), so
 * a shorter one cuts every write from a host that sleeps longer, and at 60 s and 20% power a
 * blinking host sleeps 48 s. A client waits for its pipeline's acks {@code T + 5 s} per node and
 * blames the first node when that runs out; the first DataNode waits for the rest {@code T + 5 s}
 * per node after it, so only equal values on both sides blame the node that is really silent.
 * The price: a stock client whose read meets a replica whose window has just closed waits up to
 * {@code L} for its thaw instead of failing over. With one key for reads and write acks, a short
 * timeout cannot be had without cutting sleeping writers; fast failover comes from the read order
 * instead ({@code BlinkNetworkTopology}: awake replicas with at least {@code
 * blink.read.min.window.ms} left first), the blink-aware client and the proxy's relay.
 *
 * <p><b>A block with every replica asleep: {@code dfs.client.retry.window.base} = {@code w =
 * min(3 s, t/20)}, {@code dfs.client.max.block.acquire.failures} = the least {@code M >= 3} with
 * {@code w·M(M-1)/2 >= L}.</b> When every listed replica has failed, the stock client sleeps
 * {@code w·f + w·(f+1)·random} before its {@code f}-th new look-up ({@code f = 0..M-1}) and gives
 * up after {@code M}; so it waits at least {@code w·M(M-1)/2} and less than {@code w·M²}. An
 * attempt may fail at once (a suspended host's address unresolved, a DataNode that is stopping),
 * so the sleeps alone must cover {@code L}. HDFS's defaults (3 s, 3) wait at least 9 s: a block
 * whose replicas all sleep 48 s is reported missing. {@code w} stays at HDFS's 3 s up to 60 s
 * intervals and shrinks with shorter ones, so the client looks again about 20 times an interval.
 *
 * <p><b>Heartbeats, stale and dead: {@code dfs.heartbeat.interval} = {@code h = clamp(floor(t/20),
 * 1 s, 3 s)}, {@code dfs.namenode.stale.datanode.interval} = {@code 3h}, {@code
 * dfs.namenode.heartbeat.recheck-interval} = {@code max(5 min, 5t)}.</b> Stale within {@code
 * 0.15 t} of a sleep's start, so even the 20% sleep of 80% power is mostly seen (the NameNode
 * raises a stale interval below 3 heartbeats, and reads the heartbeat in whole seconds: below a
 * 20 s interval the 1 s floor binds); no more heartbeats than HDFS's default 3 s. Dead after
 * {@code 2·recheck + 10h >= 10t}: no sleep makes a node dead and re-replicated, and never faster
 * than HDFS's own 10 min. {@code dfs.namenode.avoid.read.stale.datanode} and {@code
 * .avoid.write.stale.datanode} are true: the stock order's fallback when no schedule is known.
 *
 * <p><b>Checked, not set</b> ({@link #checks}): YARN's NodeManager expiry (10 min) and the IPC
 * client's connect retries (20 s × 45), both of which must outlast {@code L}; they do up to
 * intervals of several minutes, and the command says which to raise beyond.
 *
 * <p>Worked example (the shipped 60 s interval, measured means): {@code L = 60000 + 1152 + 215 =
 * 61367 ms}; {@code w = 3000}, {@code M = 7} ({@code 3000·21 = 63000 >= 61367}; 6 gives 45000);
 * {@code h = 3 s}, stale 9 s, recheck 300 s, dead 630 s. At 6 s (scaled 115 + 22 ms): {@code L =
 * 6137}, {@code w = 300}, {@code M = 7} (6300), {@code h = 1 s}, stale 3 s, recheck 300 s.
 */
public final class TimeoutPlan {
  /** HDFS's {@code dfs.client.retry.window.base}: the largest base a plan uses. */
  static final long HDFS_RETRY_WINDOW_MS = 3_000;
  /** HDFS's {@code dfs.client.max.block.acquire.failures}: the fewest a plan uses. */
  static final int HDFS_ACQUIRE_FAILURES = 3;
  /** HDFS's {@code dfs.heartbeat.interval}: the longest heartbeat a plan uses, in seconds. */
  static final long HDFS_HEARTBEAT_S = 3;
  /** HDFS's {@code dfs.namenode.heartbeat.recheck-interval}: the shortest a plan uses. */
  static final long HDFS_RECHECK_MS = 300_000;
  /** YARN's {@code yarn.nm.liveness-monitor.expiry-interval-ms} default. */
  static final long YARN_NM_EXPIRY_MS = 600_000;
  /** {@code ipc.client.connect.timeout} (20 s) × {@code .max.retries.on.timeouts} (45). */
  static final long IPC_CONNECT_PATIENCE_MS = 20_000L * 45;

  private final long intervalMs;
  private final long enterMs;
  private final long resumeMs;

  private TimeoutPlan(long intervalMs, long enterMs, long resumeMs) {
    this.intervalMs = intervalMs;
    this.enterMs = enterMs;
    this.resumeMs = resumeMs;
  }

  /**
   * The plan for an interval and one sleep's transitions.
   *
   * @param intervalMs {@code blink.interval.ms}, 1 s..24 h
   * @param enterMs window end to asleep, {@code >= 0}
   * @param resumeMs wake alarm to serving, {@code >= 0}; {@code enterMs + resumeMs < intervalMs}
   * @throws IllegalArgumentException naming the value and the fix
   */
  public static TimeoutPlan of(long intervalMs, long enterMs, long resumeMs) {
    if (intervalMs < ScheduleLimits.MIN_INTERVAL_MS
        || intervalMs > ScheduleLimits.MAX_INTERVAL_MS) {
      throw new IllegalArgumentException("blink.interval.ms " + intervalMs + " must be in "
          + ScheduleLimits.MIN_INTERVAL_MS + ".." + ScheduleLimits.MAX_INTERVAL_MS
          + " ms (1 s..24 h): give the cluster's blink interval");
    }
    if (enterMs < 0 || resumeMs < 0) {
      throw new IllegalArgumentException("transition times must be >= 0 ms, got enter "
          + enterMs + " ms and resume " + resumeMs + " ms: give measured times, 0 for none");
    }
    if (enterMs + resumeMs >= intervalMs) {
      throw new IllegalArgumentException("enter " + enterMs + " ms + resume " + resumeMs
          + " ms leave no window in a " + intervalMs + " ms interval: lengthen the interval"
          + " or measure the transitions again");
    }
    return new TimeoutPlan(intervalMs, enterMs, resumeMs);
  }

  /**
   * The plan with the scheduler's default transitions: the measured real-kernel means (enter
   * 1152 ms, resume 215 ms at 60 s), scaled to {@code intervalMs} and rounded to the ms as
   * {@link TransitionModel#describe} reports them (115 and 22 ms at 6 s).
   */
  public static TimeoutPlan measured(long intervalMs) {
    TransitionModel m = TransitionModel.measured();
    if (intervalMs < 1) {
      return of(intervalMs, 0, 0); // reports the interval
    }
    return of(intervalMs, Math.round(m.meanEnterMs(intervalMs)),
        Math.round(m.meanResumeMs(intervalMs)));
  }

  public long intervalMs() {
    return intervalMs;
  }

  public long enterMs() {
    return enterMs;
  }

  public long resumeMs() {
    return resumeMs;
  }

  /** {@code L = t + e + s}: the longest a blinking peer is silent (class comment). */
  public long longestSilenceMs() {
    return intervalMs + enterMs + resumeMs;
  }

  /** {@code dfs.client.socket-timeout} and {@code dfs.datanode.socket.write.timeout}: L. */
  public long socketTimeoutMs() {
    return longestSilenceMs();
  }

  /** {@code dfs.client.retry.window.base}: {@code min(3 s, t/20)}. */
  public long retryWindowMs() {
    return Math.min(HDFS_RETRY_WINDOW_MS, intervalMs / 20);
  }

  /** {@code dfs.client.max.block.acquire.failures}: the least M >= 3 whose sleeps cover L. */
  public int acquireFailures() {
    int m = HDFS_ACQUIRE_FAILURES;
    while (guaranteedRetryWaitMs(m) < longestSilenceMs()) {
      m++;
    }
    return m;
  }

  /** The least time the stock client sleeps before it reports a block missing: w·M(M-1)/2. */
  public long guaranteedRetryWaitMs() {
    return guaranteedRetryWaitMs(acquireFailures());
  }

  /** The longest it can sleep: below w·M². */
  public long longestRetryWaitMs() {
    long m = acquireFailures();
    return retryWindowMs() * m * m;
  }

  private long guaranteedRetryWaitMs(long m) {
    return retryWindowMs() * m * (m - 1) / 2;
  }

  /** {@code dfs.heartbeat.interval} in whole seconds: {@code clamp(floor(t/20), 1 s, 3 s)}. */
  public long heartbeatSeconds() {
    return Math.max(1, Math.min(HDFS_HEARTBEAT_S, intervalMs / 20 / 1000));
  }

  /** {@code dfs.namenode.stale.datanode.interval}: three heartbeats. */
  public long staleMs() {
    return 3 * heartbeatSeconds() * 1000;
  }

  /** {@code dfs.namenode.heartbeat.recheck-interval}: {@code max(5 min, 5t)}. */
  public long recheckMs() {
    return Math.max(HDFS_RECHECK_MS, 5 * intervalMs);
  }

  /** When the NameNode declares a silent DataNode dead: {@code 2·recheck + 10h}. */
  public long deadMs() {
    return 2 * recheckMs() + 10 * heartbeatSeconds() * 1000;
  }

  /** Every key the plan sets, NameNode's first, each with its worked formula. */
  public List<TimeoutSetting> settings() {
    long t = intervalMs;
    long w = retryWindowMs();
    int m = acquireFailures();
    String silence = String.format(Locale.ROOT, "L = t + enter + resume = %d + %d + %d ms, a"
        + " blinking peer's longest silence", t, enterMs, resumeMs);
    return List.of(
        new TimeoutSetting(Role.NAMENODE, "dfs.heartbeat.interval",
            Long.toString(heartbeatSeconds()), String.format(Locale.ROOT, "h = clamp(floor(t/20),"
                + " 1 s, 3 s) = clamp(%d ms, 1 s, 3 s), in whole seconds", t / 20)),
        new TimeoutSetting(Role.NAMENODE, "dfs.namenode.stale.datanode.interval",
            Long.toString(staleMs()), String.format(Locale.ROOT, "3h = 3 x %d s: stale soon"
                + " after a sleep starts (HDFS raises a stale interval under 3 heartbeats)",
                heartbeatSeconds())),
        new TimeoutSetting(Role.NAMENODE, "dfs.namenode.heartbeat.recheck-interval",
            Long.toString(recheckMs()), String.format(Locale.ROOT, "max(5 min, 5t): dead after"
                + " 2 x recheck + 10h = %d ms >= 10 intervals, no sleep kills a node", deadMs())),
        new TimeoutSetting(Role.NAMENODE, "dfs.namenode.avoid.read.stale.datanode", "true",
            "stale (sleeping) replicas last in HDFS's own read order"),
        new TimeoutSetting(Role.NAMENODE, "dfs.namenode.avoid.write.stale.datanode", "true",
            "no new pipeline through a stale (sleeping) DataNode"),
        new TimeoutSetting(Role.DATANODES_AND_CLIENTS, "dfs.client.socket-timeout",
            Long.toString(socketTimeoutMs()), silence + ": a peer that is only asleep is waited"
                + " for, never cut"),
        new TimeoutSetting(Role.DATANODES_AND_CLIENTS, "dfs.datanode.socket.write.timeout",
            Long.toString(socketTimeoutMs()), "L, equal to dfs.client.socket-timeout on every"
                + " node, so a stalled pipeline blames the silent node"),
        new TimeoutSetting(Role.DATANODES_AND_CLIENTS, "dfs.heartbeat.interval",
            Long.toString(heartbeatSeconds()), "h, as on the NameNode"),
        new TimeoutSetting(Role.DATANODES_AND_CLIENTS, "dfs.client.retry.window.base",
            Long.toString(w), String.format(Locale.ROOT, "w = min(3 s, t/20) = min(3000, %d) ms",
                t / 20)),
        new TimeoutSetting(Role.DATANODES_AND_CLIENTS, "dfs.client.max.block.acquire.failures",
            Integer.toString(m), String.format(Locale.ROOT, "least M >= 3 with w x M(M-1)/2 >= L:"
                + " %d x %d = %d >= %d ms, so a block whose replicas all sleep is waited for"
                + " (at most w x M^2 = %d ms)", w, m * (m - 1) / 2, guaranteedRetryWaitMs(),
                longestSilenceMs(), longestRetryWaitMs())));
  }

  /** The Hadoop defaults the plan relies on, each checked against {@link #longestSilenceMs}. */
  public List<TimeoutCheck> checks() {
    long l = longestSilenceMs();
    return List.of(
        new TimeoutCheck("yarn.nm.liveness-monitor.expiry-interval-ms", YARN_NM_EXPIRY_MS,
            "the ResourceManager expires a NodeManager on a sleeping host",
            YARN_NM_EXPIRY_MS > l),
        new TimeoutCheck("ipc.client.connect.timeout x"
            + " ipc.client.connect.max.retries.on.timeouts", IPC_CONNECT_PATIENCE_MS,
            "an IPC call to a sleeping DataNode (block recovery, a file's last block length)"
                + " gives up", IPC_CONNECT_PATIENCE_MS > l));
  }
}
