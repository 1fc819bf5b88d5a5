package org.blinkhdfs.placement;

import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;
import org.blinkhdfs.layout.popularity.AccessAverages;
import org.blinkhdfs.layout.popularity.NodeReadLoad;
import org.blinkhdfs.model.schedule.Schedule;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Feeds load-proportional blinking with real popularity ({@code blink.popularity.nodes.publish}):
 * each period it turns the per-file read averages into each ring node's read load ({@link
 * NodeReadLoad}: a file's reads counted once per block and shared among the block's replicas) and
 * sends them to the scheduler ({@code PUT /v1/popularity}), whose next plan sizes the
 * load-proportional windows from them.
 *
 * <p><b>Why here.</b> The NameNode is the one place that sees every client's opens (the audit
 * events, {@link PopularityAuditLogger}) and knows which nodes hold each block. Before this, the
 * policy ran on uniform weights unless a bench set them by hand from an initial run (BlinkFS §6:
 * "from an initial run of the application").
 *
 * <p><b>Sent.</b> Only nodes with a load above 0: the policy weighs a missing ring node 0, and
 * leaving them out keeps the body small (the API takes 64 KiB, about 1,500 entries). Nothing at
 * all (every load 0) means uniform windows. Every period overwrites the scheduler's weights,
 * whoever set them.
 *
 * <p><b>Cost.</b> One block-location look-up per file, for at most {@code
 * blink.popularity.nodes.files} of the hottest, and one small HTTP call per period, all on the
 * popularity thread. Nothing is sent without a schedule (no ring to weigh). A failed send is
 * logged and tried again next period with the new averages.
 *
 * <p>Called by one thread ({@link PopularityLoop}).
 */
final class NodeLoadPublisher {
  private static final Logger LOG = LoggerFactory.getLogger(NodeLoadPublisher.class);

  /** Which nodes hold each block of a file. */
  @FunctionalInterface
  interface Holders {
    /** Per block, the transfer addresses of its replicas; null when the file is gone. */
    List<List<String>> blockHolders(String path) throws IOException;
  }

  /** Where the loads go: {@code SchedulerHttp#setPopularity}, or a recorder in tests. */
  @FunctionalInterface
  interface Sink {
    void send(Map<String, Double> loads) throws IOException;
  }

  private final Holders holders;
  private final Sink sink;
  private final Supplier<Optional<Schedule>> schedule;
  private final int maxFiles;
  private final AtomicLong sent;

  /**
   * @param holders the namespace's block locations
   * @param sink the scheduler
   * @param schedule the schedule in force (its ring is weighed)
   * @param maxFiles the hottest files counted, {@code >= 1}
   * @param sent counts successful sends
   */
  NodeLoadPublisher(Holders holders, Sink sink, Supplier<Optional<Schedule>> schedule,
      int maxFiles, AtomicLong sent) {
    if (maxFiles < 1) {
      throw new IllegalArgumentException("maxFiles must be >= 1, got " + maxFiles);
    }
    this.holders = holders;
    this.sink = sink;
    this.schedule = schedule;
    this.maxFiles = maxFiles;
    this.sent = sent;
  }

  /**
   * One period: the loads of the ring in force from {@code folded} (hottest first, as {@link
   * AccessAverages#fold} returns them), sent to the scheduler. Returns what was sent (the nodes
   * with a load above 0), or an empty map and nothing sent when there is no schedule.
   *
   * @throws IOException when the scheduler cannot be reached or refuses the loads
   */
  Map<String, Double> publish(List<AccessAverages.Averages> folded) throws IOException {
    Optional<Schedule> s = schedule.get();
    if (s.isEmpty()) {
      return Map.of();
    }
    List<NodeReadLoad.FileBlocks> files = new ArrayList<>();
    for (AccessAverages.Averages a : folded) {
      if (files.size() == maxFiles) {
        break;
      }
      if (a.reads() <= 0) {
        continue;
      }
      List<List<String>> blocks;
      try {
        blocks = holders.blockHolders(a.path());
      } catch (IOException e) {
        LOG.debug("node loads: skipping {}: {}", a.path(), e.toString());
        continue;
      }
      if (blocks != null) {
        files.add(new NodeReadLoad.FileBlocks(a.reads(), blocks));
      }
    }
    Map<String, Double> loads = new LinkedHashMap<>();
    NodeReadLoad.of(files, s.get().ring()).forEach((node, load) -> {
      if (load > 0) {
        loads.put(node, load);
      }
    });
    sink.send(loads);
    sent.incrementAndGet();
    LOG.debug("node loads sent to the scheduler from {} files: {}", files.size(), loads);
    return loads;
  }
}
