package org.blinkhdfs.proxy.drain;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.function.BiFunction;
import org.apache.hadoop.conf.Configuration;
import org.blinkhdfs.client.BlinkRuntime;
import org.blinkhdfs.layout.drain.Consistency;
import org.blinkhdfs.layout.drain.DrainSettings;
import org.blinkhdfs.layout.ring.RingLayout;
import org.blinkhdfs.model.schedule.NodeSchedule;
import org.blinkhdfs.model.schedule.Schedule;
import org.blinkhdfs.proxy.ConfiguredLayouts;
import org.blinkhdfs.proxy.ProxyTestCluster;
import org.blinkhdfs.testsupport.MiniBlinkCluster;

/**
 * A {@link DrainService} on a test cluster, wired as {@code ProxyDaemon} wires it (the
 * NameNode's schedule runtime, the configured layouts, every path) but with the test's settings,
 * scan interval and clock, and no scheduler to wake nodes. The drain tests differ in those and in
 * what they assert, not in the wiring, so it lives here once.
 */
final class TestDrain implements AutoCloseable {
  final DrainMetrics metrics;
  final DrainService drain;
  private final NameNodeLink link;

  private TestDrain(NameNodeLink link, DrainService drain, DrainMetrics metrics) {
    this.link = link;
    this.drain = drain;
    this.metrics = metrics;
  }

  /**
   * The drain's limits in these tests: 2 copies per target, 4 per source, 8 in all, 10 MiB/s,
   * 200 ms setup, a {@code periodic} drain starting at {@code periodicThreshold} moves, 5 s
   * extra windows.
   */
  static DrainSettings settings(Consistency mode, int periodicThreshold) {
    return new DrainSettings(2, 4, 8, 10 << 20, 200, mode, periodicThreshold, 5000);
  }

  /**
   * Starts a drain of {@code c} scanning every {@code scanMs}, judging windows by {@code clock}.
   */
  static TestDrain start(MiniBlinkCluster c, long scanMs, DrainSettings settings, Clock clock)
      throws IOException {
    Configuration conf = new Configuration(c.conf);
    BlinkRuntime runtime = BlinkRuntime.forConf(c.cluster.getConfiguration(0));
    DrainMetrics metrics = DrainMetrics.register();
    NameNodeLink link = NameNodeLink.open(conf);
    DrainService drain = new DrainService(link, () -> runtime.state().usable(),
        ConfiguredLayouts.from(conf), List.of("/"), scanMs,
        settings, (node, ms, why) -> {
          throw new AssertionError(settings.consistency() + " never asks to wake " + node);
        }, metrics, clock);
    drain.start();
    return new TestDrain(link, drain, metrics);
  }

  /**
   * The proxy's test cluster ({@link ProxyTestCluster}: the NameNode's correction off) with
   * {@code ringSize} ring DataNodes and one staging DataNode, following a schedule file.
   */
  static MiniBlinkCluster.Builder cluster(Path dir, int ringSize) {
    return ProxyTestCluster.builder(dir, ringSize + 1).scheduleFile()
        .scheduleInForce(conf -> BlinkRuntime.forConf(conf).state());
  }

  /**
   * Puts in force on {@code c} (and returns) schedule epoch 2 starting now with interval {@code
   * intervalMs}: the first {@code ringSize} DataNodes as the ring, ring node {@code i} following
   * {@code node}, and DataNode {@code ringSize} as the staging node.
   */
  static Schedule ringAndStagingFromNow(MiniBlinkCluster c, int ringSize, long intervalMs,
      BiFunction<Integer, String, NodeSchedule> node) throws IOException {
    Schedule.Builder b = Schedule.builder().epoch(2).intervalStartMs(System.currentTimeMillis())
        .intervalMs(intervalMs);
    for (int i = 0; i < ringSize; i++) {
      b.add(node.apply(i, c.addresses.get(i)));
    }
    Schedule s = b.add(NodeSchedule.staging(c.addresses.get(ringSize))).build();
    c.writeSchedule(s);
    return s;
  }

  /**
   * The moves the drain's own scan finds now under {@code schedule}: how many layout replicas
   * the writes staged (it depends on where the layout put each block).
   */
  static int stagedMoves(MiniBlinkCluster c, Schedule schedule) throws IOException {
    return StagedScan.run(c.fs.getClient(), List.of("/"), schedule,
        ConfiguredLayouts.from(c.conf).apply(schedule),
        LiveNodes.of(c.fs), Clock.systemUTC()).moves().size();
  }

  /** Every file of {@code paths} holds {@code r} replicas, all in their layout on the ring. */
  static boolean inLayout(MiniBlinkCluster c, List<String> paths, int ringSize, int r) {
    RingLayout layout = new RingLayout(ringSize);
    return paths.stream().allMatch(p -> {
      List<Integer> held = c.ringPositionsNow(p, ringSize);
      return c.replicasNow(p).size() == r && held.size() == r && layout.check(held, r)
          .isPerfect();
    });
  }

  @Override
  public void close() throws IOException {
    try {
      drain.close();
      link.close();
    } finally {
      metrics.unregister();
    }
  }
}
