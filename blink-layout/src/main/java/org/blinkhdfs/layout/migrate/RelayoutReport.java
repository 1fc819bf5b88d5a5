package org.blinkhdfs.layout.migrate;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;

/**
 * The dry-run report of a relayout ({@code blinkadmin -relayout}): what moves, how much, each
 * node's share, how long it takes, and the HDFS settings that pace it. Text for a terminal; the
 * numbers are the plan's and the pace's, nothing is estimated here.
 */
public final class RelayoutReport {
  /** Rows of the node table; a larger ring shows its busiest nodes. */
  public static final int MAX_NODE_ROWS = 40;

  private RelayoutReport() {
  }

  /** The report of {@code plan} paced by {@code pace} with destinations by {@code rule}. */
  public static String format(RelayoutPlan plan, RelayoutPace pace, DestinationRule rule) {
    StringBuilder s = new StringBuilder();
    line(s, "Relayout to %s on a ring of %d nodes (dry run: nothing is changed)", plan.target(),
        plan.ring().size());
    line(s, "blocks:   %d planned, %d change (%s)%s%s", plan.blocks(), plan.blocksTouched(),
        share(plan.blocksTouched(), plan.blocks()),
        plan.blocksWithoutReplica() == 0 ? ""
            : "; " + plan.blocksWithoutReplica() + " without a replica (left out)",
        plan.blocksBeyondRing() == 0 ? ""
            : "; " + plan.blocksBeyondRing() + " with replication above the ring size");
    line(s, "replicas: %d held, %d move (%.3f of them), %d added, %d deleted", plan.replicas(),
        plan.replicasMoved(), plan.movedFraction(), plan.replicasAdded(),
        plan.replicasDeleted());
    line(s, "bytes:    %s held, %s copied", ByteUnits.bytes(plan.bytesStored()),
        ByteUnits.bytes(plan.bytesCopied()));
    line(s, "destinations: %s", rule == DestinationRule.CHECK
        ? "check (the member the layout's check names: what the NameNode's correction demands)"
        : "balanced (the member that ends up holding the least)");
    s.append('\n');
    nodeTable(s, plan);
    s.append('\n');
    if (plan.bottleneck().isEmpty()) {
      line(s, "Nothing moves: every block is already in the target layout.");
      return s.toString();
    }
    NodeFlow b = plan.bottleneck().get();
    line(s, "bottleneck: %s, %s in its busier direction (in %s, out %s)", b.node(),
        ByteUnits.bytes(b.busiestBytes()), ByteUnits.bytes(b.bytesIn()),
        ByteUnits.bytes(b.bytesOut()));
    line(s, "node bandwidth %s, clients keep %.2f of it", ByteUnits.rate(pace.nodeBytesPerSec()),
        pace.clientShare());
    if (pace.targetHours() > 0 && !pace.feasible()) {
      line(s, "target %.2f h is not reachable: it needs more than %s per node; the fastest at"
          + " this client share is below", pace.targetHours(),
          ByteUnits.rate(pace.bytesPerSec()));
    }
    line(s, "time:     %.2f h (%.0f s) at %s per node; clients keep %.3f of the bandwidth",
        pace.hours(), pace.seconds(), ByteUnits.rate(pace.bytesPerSec()),
        pace.clientShareLeft());
    line(s, "NameNode: at least %d blocks per redundancy-monitor pass", pace.blocksPerIteration());
    s.append('\n');
    line(s, "Pace it with (HDFS 3.5):");
    line(s, "  dfs.datanode.data.transfer.bandwidthPerSec = %d   (DataNodes: throttles the copies"
        + " the NameNode orders;", (long) Math.floor(pace.bytesPerSec()));
    line(s, "      live: hdfs dfsadmin -reconfig datanode <host:ipc_port> start; 0 = unlimited)");
    line(s, "  dfs.namenode.replication.work.multiplier.per.iteration = %d   (NameNode; blocks"
        + " per pass = this x live DataNodes)", Math.max(pace.multiplier(),
            RelayoutPace.DEFAULT_MULTIPLIER));
    line(s, "  dfs.namenode.replication.max-streams = 2   (default: copies a DataNode sends at"
        + " once, sharing the throttle)");
    line(s, "  (dfs.datanode.balance.bandwidthPerSec paces only the Balancer and the Mover, not"
        + " this.)");
    line(s, "Start: restart the NameNode with the new layout keys (on becoming active it queues"
        + " every mis-placed");
    line(s, "  block), or queue one tree with hdfs fsck <path> -replicate. Keep the nodes awake"
        + " meanwhile");
    line(s, "  (blinkadmin -setPower 100%%): a copy needs its source and target awake.");
    line(s, "Progress: BlocksAwaitingLayout on the NameNode's /jmx, 'Mis-replicated blocks' of"
        + " hdfs fsck /,");
    line(s, "  or run this report again (what it still moves is what is left).");
    return s.toString();
  }

  private static void nodeTable(StringBuilder s, RelayoutPlan plan) {
    List<NodeFlow> rows = new ArrayList<>(plan.nodes());
    if (rows.size() > MAX_NODE_ROWS) {
      rows.sort(Comparator.comparingLong(NodeFlow::busiestBytes).reversed());
      line(s, "The %d busiest of %d nodes:", MAX_NODE_ROWS, rows.size());
      rows = rows.subList(0, MAX_NODE_ROWS);
    }
    line(s, "%-24s %-5s %9s %9s %6s %6s %8s %12s %12s", "NODE", "RING", "REPLICAS", "AFTER",
        "IN", "OUT", "DELETED", "BYTES IN", "BYTES OUT");
    for (NodeFlow n : rows) {
      line(s, "%-24s %-5s %9d %9d %6d %6d %8d %12s %12s", n.node(), n.onRing() ? "yes" : "no",
          n.replicasBefore(), n.replicasAfter(), n.replicasIn(), n.replicasOut(),
          n.replicasDeleted(), ByteUnits.bytes(n.bytesIn()), ByteUnits.bytes(n.bytesOut()));
    }
  }

  private static String share(long part, long whole) {
    return whole == 0 ? "0%" : String.format(Locale.ROOT, "%.1f%%", 100.0 * part / whole);
  }

  private static void line(StringBuilder s, String format, Object... args) {
    s.append(String.format(Locale.ROOT, format, args)).append('\n');
  }
}
