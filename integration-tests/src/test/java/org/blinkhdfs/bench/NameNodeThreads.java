package org.blinkhdfs.bench;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadInfo;
import java.lang.management.ThreadMXBean;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;

/**
 * The CPU time of one in-process NameNode, when several MiniDFSClusters share a JVM.
 *
 * <p>Why by thread: the NameNodes and DataNodes of side-by-side clusters run in one process, so
 * process CPU mixes them. A NameNode's threads are the ones that appear while it starts (RPC
 * handlers, the redundancy monitor, heartbeat and lease managers, the edit log): the caller
 * starts the NameNode alone ({@code numDataNodes(0)}), takes the threads that are new since
 * {@link #liveIds()} was read before, and only then starts DataNodes. Threads whose names mark
 * them as DataNode or client threads are left out. A JVM-wide thread started during that window
 * (the metrics timer) is counted too; it is small and the same for every configuration.
 *
 * <p>CPU time of a thread that ends is kept at its last sampled value, so totals never go back.
 * The redundancy monitor ({@code RedundancyMonitor}) is where the NameNode retries queued blocks;
 * it is reported on its own too.
 *
 * <p>Not thread-safe; one sampler thread.
 */
final class NameNodeThreads {
  private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

  private final Set<Long> ids;
  private final long redundancyMonitorId;
  private final Map<Long, Long> lastCpuNs = new HashMap<>();

  private NameNodeThreads(Set<Long> ids, long redundancyMonitorId) {
    this.ids = ids;
    this.redundancyMonitorId = redundancyMonitorId;
  }

  /** Ids of the threads alive now. */
  static Set<Long> liveIds() {
    if (THREADS.isThreadCpuTimeSupported() && !THREADS.isThreadCpuTimeEnabled()) {
      THREADS.setThreadCpuTimeEnabled(true);
    }
    Set<Long> out = new HashSet<>();
    for (long id : THREADS.getAllThreadIds()) {
      out.add(id);
    }
    return out;
  }

  /** The threads started since {@code before} was read: one NameNode's, started alone. */
  static NameNodeThreads startedSince(Set<Long> before) {
    Set<Long> ids = new HashSet<>();
    long monitor = -1;
    for (ThreadInfo t : THREADS.getThreadInfo(THREADS.getAllThreadIds())) {
      if (t == null || before.contains(t.getThreadId()) || notNameNode(t.getThreadName())) {
        continue;
      }
      ids.add(t.getThreadId());
      if (t.getThreadName().equals("RedundancyMonitor")) {
        monitor = t.getThreadId();
      }
    }
    if (monitor < 0) {
      throw new IllegalStateException("no RedundancyMonitor thread among " + ids.size()
          + " new threads: start the NameNode alone between liveIds() and startedSince()");
    }
    return new NameNodeThreads(ids, monitor);
  }

  private static boolean notNameNode(String name) {
    return name.contains("DataNode") || name.contains("DataXceiver")
        || name.startsWith("IPC Client") || name.contains("DataStreamer")
        || name.contains("ResponseProcessor");
  }

  /** Threads attributed to this NameNode. */
  int threadCount() {
    return ids.size();
  }

  /** CPU nanoseconds used so far by all of this NameNode's threads. */
  long cpuNs() {
    long total = 0;
    for (long id : ids) {
      total += cpuNs(id);
    }
    return total;
  }

  /** CPU nanoseconds used so far by its redundancy monitor thread. */
  long redundancyMonitorCpuNs() {
    return cpuNs(redundancyMonitorId);
  }

  private long cpuNs(long id) {
    long now = THREADS.getThreadCpuTime(id);
    if (now >= 0) {
      lastCpuNs.put(id, now);
      return now;
    }
    return lastCpuNs.getOrDefault(id, 0L);
  }
}
