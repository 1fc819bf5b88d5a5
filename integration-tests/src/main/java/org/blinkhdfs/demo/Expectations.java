package org.blinkhdfs.demo;

import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.fs.BlockLocation;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.blinkhdfs.core.availability.AwakeCount;
import org.blinkhdfs.core.availability.ExpectedReadWait;
import org.blinkhdfs.core.availability.ReadWaitExpectation;
import org.blinkhdfs.core.availability.ReplicaSet;
import org.blinkhdfs.core.availability.ThroughputModel;
import org.blinkhdfs.core.schedule.ActiveWindow;
import org.blinkhdfs.core.schedule.Schedule;

/**
 * The analytic expectations printed beside the measured cells, computed by blink-core from the
 * schedule in force and the replica sets the NameNode actually reports for the data read:
 *
 * <ul>
 *   <li>expected read wait: the mean over blocks of the expected time, for a read arriving at a
 *       uniformly random moment, until one replica is awake with at least the client's minimum
 *       read window left ({@code blink.read.min.window.ms}). The window each replica is usable
 *       for is therefore its active window shortened by that minimum. Example: interval 6 s, a
 *       node awake 2.4 s of it, minimum 0.5 s → usable 1.9 s;</li>
 *   <li>expected read throughput: per-DataNode bandwidth × the mean number of ring nodes awake
 *       over the interval (blink-core's {@link ThroughputModel}).</li>
 * </ul>
 *
 * <p>Using the reported replica sets, not the layout's formula, makes the expectation valid for
 * every layout, including HDFS's random placement. Stateless.
 */
final class Expectations {
  private Expectations() {}

  /** Expected wait for reads spread uniformly over the blocks of {@code files}. */
  static ReadWaitExpectation readWait(Schedule schedule, long minReadWindowMs, FileSystem plainFs,
      List<Path> files) throws IOException {
    return ExpectedReadWait.of(usableWindows(schedule, minReadWindowMs),
        replicaSets(plainFs, files));
  }

  /** Expected aggregate read MiB/s with {@code perNodeMiBps} per awake DataNode. */
  static double readMiBps(Schedule schedule, double perNodeMiBps) {
    return ThroughputModel.perNode(perNodeMiBps).readMBps(AwakeCount.ofRing(schedule));
  }

  static Map<String, ActiveWindow> usableWindows(Schedule schedule, long minReadWindowMs) {
    Map<String, ActiveWindow> out = new LinkedHashMap<>();
    for (String node : schedule.nodes().stream().map(n -> n.node()).toList()) {
      ActiveWindow w = schedule.window(node);
      if (w.isAlways() || w.isNever()) {
        out.put(node, w);
      } else if (w.lengthMs() <= minReadWindowMs) {
        out.put(node, ActiveWindow.never(w.intervalMs()));
      } else {
        out.put(node, new ActiveWindow(w.offsetMs(), w.lengthMs() - minReadWindowMs,
            w.intervalMs()));
      }
    }
    return out;
  }

  static List<ReplicaSet> replicaSets(FileSystem plainFs, List<Path> files) throws IOException {
    List<ReplicaSet> sets = new ArrayList<>();
    for (Path f : files) {
      FileStatus st = plainFs.getFileStatus(f);
      for (BlockLocation b : plainFs.getFileBlockLocations(st, 0, st.getLen())) {
        sets.add(ReplicaSet.of(List.of(b.getNames())));
      }
    }
    return sets;
  }
}
