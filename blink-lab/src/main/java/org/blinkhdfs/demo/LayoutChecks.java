package org.blinkhdfs.demo;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.fs.BlockLocation;
import org.apache.hadoop.fs.LocatedFileStatus;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.RemoteIterator;
import org.apache.hadoop.hdfs.DistributedFileSystem;
import org.blinkhdfs.bench.report.Check;
import org.blinkhdfs.cluster.DataNodeProcess;
import org.blinkhdfs.cluster.LocalCluster;

/**
 * The correctness checks of one layout run, taken after the power is back at 100%:
 *
 * <ol>
 *   <li>every byte read equalled what was written (the workloads verify each read);</li>
 *   <li>no read failed, and no write failed on a BlinkHDFS layout (HDFS's default placement,
 *       the baseline, picks nodes whose window closes mid-write: its failed writes are a
 *       finding, {@link #notes});</li>
 *   <li>no DataNode was declared dead and no block was missing at any sample, and every block of
 *       every file ends with at least its replication factor of replicas;</li>
 *   <li>the NameNode scheduled no re-replication because of sleeping nodes: all blocks the
 *       DataNodes copied on the NameNode's orders ({@code BlocksReplicated}) are accounted for by
 *       the placement policy's deliberate layout corrections ({@code LayoutCorrections}) and by
 *       the replicas new blocks lacked when written with too few nodes awake
 *       ({@code ShortWriteReplicas}, completed by the NameNode afterwards). Either counter may
 *       include a copy that was scheduled and then abandoned, so this bounds, not equals.</li>
 * </ol>
 *
 * <p>Stateless.
 */
final class LayoutChecks {
  private LayoutChecks() {}

  /** The policies that blink every ring node at any power below 100%. */
  private static final java.util.Set<String> EVERY_NODE_BLINKS = java.util.Set.of(
      "staggered", "staggered-circular", "aligned", "phase-groups", "synchronous");

  /**
   * @param belowFull whether the run had a power level below 100%, at which every ring node of
   *     a blinking policy must have slept
   */
  static List<Check> after(LayoutRun run, LocalCluster cluster, Tally tally,
      HealthSampler health, boolean belowFull) throws IOException {
    String l = " (" + run.label() + ")";
    List<Check> out = new ArrayList<>();
    java.util.Map<String, Long> sleeps = cluster.sleepsByNode();
    if (belowFull && EVERY_NODE_BLINKS.contains(run.schedulePolicy()) && !sleeps.isEmpty()) {
      long never = sleeps.values().stream().filter(n -> n == 0).count();
      out.add(new Check("every ring node frozen and thawed" + l, never == 0,
          "completed sleeps (freeze, then thaw) per agent: " + sleeps));
    }
    out.add(new Check("bytes verified" + l, tally.verifyFailures == 0, tally.readOps
        + " reads and " + tally.writeOps + " writes verified, " + tally.verifyFailures
        + " with wrong bytes" + problems(tally)));
    if (run.layout().stagesForProxy()) {
      out.add(new Check("no write failed" + l, tally.writeErrors == 0,
          tally.writeErrors + " of " + tally.writeOps + " writes failed" + problems(tally)));
    }
    out.add(new Check("no read failed" + l, tally.readErrors == 0,
        tally.readErrors + " of " + tally.readOps + " reads failed" + problems(tally)));
    out.add(new Check("no DataNode declared dead" + l,
        health.maxDead() == 0 && health.samples() > 0,
        "max dead " + health.maxDead() + " over " + health.samples() + " samples (dead after "
            + cluster.timings().deadMs() + " ms of silence)"));
    String under = underReplicated(cluster.nameNode().dfs());
    List<String> open = openFiles(cluster.nameNode().dfs());
    out.add(new Check("no block lost" + l, health.maxMissing() == 0 && under.isEmpty(),
        "max missing blocks " + health.maxMissing() + "; " + (under.isEmpty()
            ? "every block of every closed file fully replicated at the end"
            : "under-replicated: " + under) + (open.isEmpty() ? "" : "; " + open.size()
            + " files left open by failed writes (never acknowledged, not replicated until"
            + " their lease is recovered): " + open.subList(0, Math.min(3, open.size())))));
    long replicated = 0;
    for (DataNodeProcess dn : cluster.dataNodes()) {
      replicated += dn.activityMetric("BlocksReplicated");
    }
    if (run.layout().isStock()) {
      out.add(stockReReplication(l, replicated, cluster));
      return out;
    }
    if (run.migration()) {
      out.add(migrationReReplication(l, replicated, cluster));
      return out;
    }
    long corrections = cluster.nameNode().metric("BlinkSchedule", "LayoutCorrections");
    long shortWrites = cluster.nameNode().metric("BlinkSchedule", "ShortWriteReplicas");
    long popular = cluster.nameNode().metric("BlinkSchedule", "PopularityReplicasAdded");
    out.add(reReplication(l, belowFull ? sleeps : java.util.Map.of(), replicated, corrections,
        shortWrites, popular, tally.nameNodeCountersBeforeRestart));
    return out;
  }

  /**
   * "No re-replication because of sleep": every block the DataNodes copied on the NameNode's
   * orders must be a deliberate copy (a layout correction, a replica short at write time, a
   * popularity extra, or one counted by a NameNode since killed). With no node ever asleep
   * while power was below 100% (io-server keeps every DataNode serving), no copy can be due to
   * sleep: the check says so, with the count, rather than blame blinking for copies it did not
   * cause. Callers pass no sleeps for runs that never went below 100%, where the accounting
   * alone decides (a copy there has some other cause worth a failure).
   */
  static Check reReplication(String label, java.util.Map<String, Long> sleeps, long replicated,
      long corrections, long shortWrites, long popular, long earlier) {
    boolean nobodySlept = !sleeps.isEmpty() && sleeps.values().stream().allMatch(n -> n == 0);
    return new Check("no re-replication because of sleep" + label,
        nobodySlept || replicated <= corrections + shortWrites + popular + earlier,
        (nobodySlept ? "no node slept in this run (completed sleeps per agent: " + sleeps
            + "), so none of these copies is due to sleep (the NameNode log names their"
            + " cause): " : "") + replicated
            + " blocks copied on NameNode orders, " + corrections
            + " deliberate layout corrections, " + shortWrites
            + " replicas short at write time (too few nodes awake)"
            + (popular == 0 ? "" : ", " + popular + " extra replicas raised by popularity or"
            + " group replication")
            + (earlier == 0 ? "" : ", " + earlier + " of both counted by a NameNode since"
            + " killed"));
  }

  /**
   * "No re-replication because of sleep" on the stock covering set, whose NameNode counts no
   * deliberate copies: the domains taken out were IN_MAINTENANCE whenever they slept, so HDFS
   * copied nothing for them (maintenance needs one live replica, and domain 0 holds it). What it
   * does copy is the replicas a write could not place while only some domains were in service
   * (the upgrade-domain rule takes one node per domain): those blocks are completed once their
   * domains return. The check holds when every block ended fully replicated and every node left
   * maintenance, and the count is stated as the cost of the stock method.
   */
  static Check stockReReplication(String label, long replicated, LocalCluster cluster)
      throws IOException {
    java.util.Set<String> held = cluster.coveringMaintenance()
        .map(c -> c.held()).orElse(java.util.Set.of());
    String under = underReplicated(cluster.nameNode().dfs());
    return new Check("no re-replication because of sleep" + label,
        held.isEmpty() && under.isEmpty(), replicated + " blocks copied on NameNode orders:"
            + " the replicas writes could not place while upgrade domains were in maintenance,"
            + " completed once they were back (stock HDFS counts no other cause);"
            + (held.isEmpty() ? " every domain back in service" : " still in maintenance: "
            + held) + (under.isEmpty() ? "" : "; under-replicated: " + under));
  }

  /**
   * "No re-replication because of sleep" on the migration-based baseline (HDFS's default
   * placement under the activation policy, its data moved by the bench, BlinkFS §2.2): no
   * BlinkHDFS placement runs there to count deliberate copies. What HDFS copies on its own is
   * the baseline's cost: a node put in maintenance for OFF first needs one live replica of each
   * block it holds ({@code dfs.namenode.maintenance.replication.min}), and writes at low power
   * place fewer replicas, completed when the nodes return (first bench compare run: 20 copies,
   * the NameNode logging "still has N blocks to replicate before ... Entering Maintenance").
   * The check holds when every block ended fully replicated and no DataNode is still in
   * maintenance, and states the count.
   */
  static Check migrationReReplication(String label, long replicated, LocalCluster cluster)
      throws IOException {
    List<String> held = new ArrayList<>();
    for (org.apache.hadoop.hdfs.protocol.DatanodeInfo d : cluster.nameNode().dfs()
        .getDataNodeStats()) {
      if (d.isInMaintenance() || d.isEnteringMaintenance()) {
        held.add(d.getXferAddr());
      }
    }
    String under = underReplicated(cluster.nameNode().dfs());
    return new Check("no re-replication because of sleep" + label,
        held.isEmpty() && under.isEmpty(), replicated + " blocks copied on NameNode orders:"
            + " HDFS's own copies for the baseline (a live replica before a node enters"
            + " maintenance, replicas writes could not place while nodes were OFF), its cost,"
            + " not blinking's;" + (held.isEmpty() ? " every node back in service"
            : " still in maintenance: " + held) + (under.isEmpty() ? ""
            : "; under-replicated: " + under));
  }

  /**
   * What the run found that is not a check: HDFS's default placement is the baseline and stages
   * nothing, so it picks nodes whose window closes during the write; a pipeline through such a
   * node waits for the ack timeout and may fail (the writer sees the error; nothing acknowledged
   * is lost, and "no block lost" still holds). Its failed writes are a measured result of the
   * baseline, stated here, not a failure of the run.
   */
  static List<String> notes(LayoutRun run, Tally tally) {
    if (run.layout().stagesForProxy()) {
      return List.of();
    }
    if (run.layout().isStock()) {
      return List.of(run.label() + " (baseline, " + run.layout().description() + "): "
          + tally.writeErrors + " of " + tally.writeOps + " writes failed; no write targets a"
          + " node in maintenance (HDFS takes in-service nodes only), and a write made while"
          + " domains are out has one replica per in-service domain until they return"
          + problems(tally));
    }
    return List.of(run.label() + " (baseline, HDFS's default placement, which stages nothing):"
        + " " + tally.writeErrors + " of " + tally.writeOps + " writes failed; a pipeline"
        + " through a node whose window closed mid-write waits for the ack timeout and then"
        + " recovers or fails. The BlinkHDFS layouts never pick a node without window enough"
        + " (they stage instead) and are checked for \"no write failed\"" + problems(tally));
  }

  private static String problems(Tally t) {
    return t.firstProblems.length() == 0 ? "" : "; first problems: " + t.firstProblems;
  }

  /**
   * The replication the file's owner asked for: popularity replication raises a file above it
   * and records it in {@code trusted.blink.base.replication} (extra replicas still being copied
   * while their nodes sleep are not lost blocks).
   */
  private static int ownerReplication(DistributedFileSystem dfs, LocatedFileStatus f)
      throws IOException {
    byte[] base = dfs.getXAttrs(f.getPath()).get("trusted.blink.base.replication");
    return base == null ? f.getReplication()
        : Integer.parseInt(new String(base, java.nio.charset.StandardCharsets.UTF_8).trim());
  }

  /**
   * Files under /demo with a block holding fewer replicas than the file's replication. A file
   * still open is left out and named apart: only a write that failed leaves one open here (its
   * client never got an acknowledgement, e.g. the NameNode died under it), and HDFS replicates
   * no block of a file under construction until its lease is recovered.
   */
  private static String underReplicated(DistributedFileSystem dfs) throws IOException {
    StringBuilder out = new StringBuilder();
    RemoteIterator<LocatedFileStatus> it = dfs.listFiles(new Path("/demo"), true);
    while (it.hasNext()) {
      LocatedFileStatus f = it.next();
      if (!dfs.isFileClosed(f.getPath())) {
        continue;
      }
      int required = ownerReplication(dfs, f);
      for (BlockLocation b : f.getBlockLocations()) {
        if (b.getNames().length < required && out.length() < 500) {
          out.append(f.getPath().toUri().getPath()).append(" has a block with ")
              .append(b.getNames().length).append(" of ").append(f.getReplication())
              .append(" replicas; ");
        }
      }
    }
    return out.toString();
  }

  /** Files under /demo still under construction: writes that failed, never acknowledged. */
  private static List<String> openFiles(DistributedFileSystem dfs) throws IOException {
    List<String> open = new ArrayList<>();
    RemoteIterator<LocatedFileStatus> it = dfs.listFiles(new Path("/demo"), true);
    while (it.hasNext()) {
      Path p = it.next().getPath();
      if (!dfs.isFileClosed(p)) {
        open.add(p.toUri().getPath());
      }
    }
    return open;
  }
}
