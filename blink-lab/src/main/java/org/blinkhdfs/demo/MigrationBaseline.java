package org.blinkhdfs.demo;

import java.io.Closeable;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.apache.hadoop.fs.Path;
import org.blinkhdfs.bench.math.GearPower;
import org.blinkhdfs.cluster.LocalCluster;
import org.blinkhdfs.model.power.PowerModel;
import org.blinkhdfs.model.schedule.Schedule;
import org.blinkhdfs.workload.ServiceGate;

/**
 * BlinkFS's migration-based baseline (§2.2; §6.1 Fig 10; §6.2 Fig 13) on the local cluster: the
 * activation policy keeps the first k ring nodes on and the rest OFF, and every change of k
 * moves data first ({@link ReplicaMigration}, the proxy's mover): when k falls, the replicas of
 * the nodes about to go OFF move onto the k kept on while all are still awake; when k rises, the
 * new nodes are woken, and once they serve the data is spread onto them. While it moves the
 * baseline serves nothing ("the migration-based approach does not respond to requests while it
 * is migrating data"): the {@link ServiceGate} of the read workload is closed. With k = 0 nothing
 * is on and nothing is served until the power returns.
 *
 * <p>Staging nodes are always on, so they count among the nodes kept on. Counts what it did for
 * the report: migrations, replicas and bytes moved, time not serving.
 *
 * <p>Not thread-safe: called from the session's thread; the gate is what the readers see.
 */
final class MigrationBaseline implements Closeable {
  /** A power change that publishes the new plan, e.g. {@link PowerSteps#follow}. */
  @FunctionalInterface
  interface PowerChange {
    PowerSteps.Followed apply() throws IOException, InterruptedException;
  }

  private final LocalCluster cluster;
  private final PowerModel model;
  private final ServiceGate gate = new ServiceGate();
  private final ReplicaMigration migration;
  private List<Path> files = List.of();
  private int replication;
  private int activeNow;
  private long closedAtMs = -1;
  private long notServingMs;
  private int migrations;
  private int moves;
  private long movedBytes;

  private MigrationBaseline(LocalCluster cluster, PowerModel model, ReplicaMigration migration) {
    this.cluster = cluster;
    this.model = model;
    this.migration = migration;
    this.activeNow = model.nodeCount();
  }

  static MigrationBaseline open(LocalCluster cluster, PowerModel model) throws IOException {
    return new MigrationBaseline(cluster, model,
        ReplicaMigration.open(cluster.clientConf(), 2 * model.nodeCount()));
  }

  /** The gate the read workload waits at. */
  ServiceGate gate() {
    return gate;
  }

  /**
   * The data set the baseline keeps on the nodes that are on, written with every node on
   * (k = N); the counters start again.
   */
  void dataSet(List<Path> dataFiles, int r) {
    this.files = List.copyOf(dataFiles);
    this.replication = r;
    this.activeNow = model.nodeCount();
    gate.open();
    closedAtMs = -1;
    startMeasuring();
  }

  /**
   * Starts the counts again where the measured run begins: the first step's migration, from
   * every node on to the case's first level, is set-up.
   */
  void startMeasuring() {
    migrations = 0;
    moves = 0;
    movedBytes = 0;
    notServingMs = 0;
    if (closedAtMs >= 0) {
      closedAtMs = System.currentTimeMillis();
    }
  }

  /** Sets {@code percent} through {@code change}, migrating before or after as k moves. */
  PowerSteps.Followed change(int percent, PowerChange change)
      throws IOException, InterruptedException {
    int k = GearPower.activeNodes(model, percent);
    Schedule now = cluster.schedule().orElseThrow(() -> new IllegalStateException(
        "no schedule published yet: start the cluster before the baseline"));
    List<String> ring = now.ring();
    List<String> targets = new ArrayList<>(ring.subList(0, Math.min(k, ring.size())));
    targets.addAll(now.stagingNodes());
    PowerSteps.Followed f;
    if (k < activeNow) {
      stopServing();
      Set<String> awake = new LinkedHashSet<>(ring.subList(0, Math.min(activeNow, ring.size())));
      awake.addAll(now.stagingNodes());
      move(awake, targets);
      f = change.apply();
    } else if (k > activeNow) {
      f = change.apply();
      stopServing();
      cluster.awaitServing(ring.subList(0, k));
      move(new LinkedHashSet<>(targets), targets);
    } else {
      f = change.apply();
    }
    checkOn(f.schedule(), ring.subList(0, k));
    activeNow = k;
    if (k > 0) {
      startServing();
    }
    return f;
  }

  /** The scheduler must have kept on exactly the nodes the data was moved to. */
  private static void checkOn(Schedule s, List<String> expected) {
    List<String> on = s.ring().stream().filter(n -> s.entry(n).mode().alwaysServes()).toList();
    if (!on.equals(expected)) {
      throw new IllegalStateException("the scheduler keeps " + on + " on, but the data was"
          + " moved onto " + expected + ": the baseline needs the activation policy's first k"
          + " ring nodes (no admin override, no application groups)");
    }
  }

  private void move(Set<String> awake, List<String> targets)
      throws IOException, InterruptedException {
    if (targets.isEmpty()) {
      return; // nothing will be on: the data stays where it is until the power returns
    }
    ReplicaMigration.Result r = migration.migrate(files, replication, awake, targets);
    migrations++;
    moves += r.moves();
    movedBytes += r.bytes();
  }

  private void stopServing() {
    if (closedAtMs < 0) {
      gate.close();
      closedAtMs = System.currentTimeMillis();
    }
  }

  private void startServing() {
    if (closedAtMs >= 0) {
      notServingMs += System.currentTimeMillis() - closedAtMs;
      closedAtMs = -1;
      gate.open();
    }
  }

  /** Ends a run: serves again (the power is back at 100%) and counts the time not served. */
  void finish() {
    startServing();
  }

  int migrations() {
    return migrations;
  }

  int moves() {
    return moves;
  }

  long movedBytes() {
    return movedBytes;
  }

  long notServingMs() {
    return notServingMs;
  }

  @Override
  public void close() throws IOException {
    gate.open();
    migration.close();
  }
}
