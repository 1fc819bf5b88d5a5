package org.blinkhdfs.yarn;

import java.util.List;
import java.util.function.Function;
import org.blinkhdfs.control.yarn.YarnLiveness;
import org.blinkhdfs.model.schedule.Schedule;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Logs what {@link YarnLiveness} finds about this process's YARN and MapReduce timeouts: once at
 * start (against the whole interval, the longest sleep any schedule can impose) and again for an
 * epoch only when the problems change, so a steady schedule logs nothing further. LOST findings
 * are ERRORs, RISKY ones WARNs; each names the key, the value and the fix.
 *
 * <p>Not thread-safe: the publisher's round thread uses it (and its constructor, before that
 * thread starts).
 */
final class LivenessLog {
  private static final Logger LOG = LoggerFactory.getLogger(LivenessLog.class);

  private final Function<String, String> conf;
  private List<String> problems;
  private long epoch = -1;

  /** Judges {@code intervalMs} at once; {@code conf} gives the configured timeouts. */
  LivenessLog(Function<String, String> conf, long intervalMs) {
    this.conf = conf;
    judge(intervalMs, "any schedule (a window can be arbitrarily short)");
  }

  /** Judges the longest blink sleep of {@code s}, the first time its epoch is seen. */
  void epoch(Schedule s) {
    if (s.epoch() != epoch) {
      epoch = s.epoch();
      judge(YarnLiveness.longestBlinkSleepMs(s), "epoch " + s.epoch());
    }
  }

  private void judge(long sleepMs, String what) {
    List<YarnLiveness.Finding> found = YarnLiveness.problems(YarnLiveness.check(conf, sleepMs));
    List<String> messages = found.stream().map(YarnLiveness.Finding::message).toList();
    if (messages.equals(problems)) {
      return;
    }
    problems = messages;
    if (found.isEmpty()) {
      LOG.info("YARN liveness: every timeout is at least twice the longest blink sleep ({} ms,"
          + " {})", sleepMs, what);
    }
    for (YarnLiveness.Finding f : found) {
      if (f.verdict() == YarnLiveness.Verdict.LOST) {
        LOG.error("YARN liveness ({}): {}", what, f.message());
      } else {
        LOG.warn("YARN liveness ({}): {}", what, f.message());
      }
    }
  }
}
