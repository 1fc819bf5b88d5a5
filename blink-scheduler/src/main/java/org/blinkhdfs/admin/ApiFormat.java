package org.blinkhdfs.admin;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.blinkhdfs.model.api.BlockInfo;
import org.blinkhdfs.model.api.FileBlocks;
import org.blinkhdfs.model.api.FileInfo;
import org.blinkhdfs.model.api.NodeState;
import org.blinkhdfs.model.api.NodeTiming;
import org.blinkhdfs.model.api.ScheduleRef;
import org.blinkhdfs.model.api.ServerLoad;

/**
 * The text {@code blinkadmin} prints for the Blink API's answers ({@code -blinkState}, {@code
 * -blockInfo}, {@code -fileInfo}, {@code -serverLoad}); pure functions of the records, times
 * relative to the answer's own {@code nowMs} so the text never mixes two clocks.
 *
 * <p>Example {@code -blinkState}:
 *
 * <pre>
 * node:      10.0.0.12:9866
 * schedule:  epoch 42
 * role:      RING, mode BLINK, window 20000 +20000 ms of each interval
 * now:       asleep; wakes at 2026-...Z (in 50000 ms)
 * datanode:  LIVE, NORMAL
 * </pre>
 *
 * <p>Stateless; thread-safe.
 */
final class ApiFormat {
  private ApiFormat() {}

  static String state(NodeState s) {
    StringBuilder sb = new StringBuilder();
    AdminFormat.line(sb, "node", s.node());
    AdminFormat.line(sb, "schedule", schedule(s.schedule()));
    AdminFormat.line(sb, "role", s.role() + ", mode " + s.mode() + (s.window() == null ? ""
        : ", window " + s.window().activeOffsetMs() + " +" + s.window().activeMs()
            + " ms of each interval"));
    AdminFormat.line(sb, "now", timing(s.timing(), s.nowMs()));
    AdminFormat.line(sb, "datanode", s.dataNode().liveness()
        + (s.dataNode().adminState() == null ? ""
        : ", " + s.dataNode().adminState()));
    return sb.toString();
  }

  static String blocks(FileBlocks f) {
    StringBuilder sb = new StringBuilder();
    sb.append(String.format(Locale.ROOT, "%s: %d block(s); schedule %s%n", f.path(),
        f.blocks().size(), schedule(f.schedule())));
    for (BlockInfo b : f.blocks()) {
      sb.append(String.format(Locale.ROOT,
          "block %d (%d bytes at offset %d, genstamp %d): %s, %s%n",
          b.blockId(), b.bytes(), b.offset(), b.generationStamp(), b.state(),
          b.readableNow() ? "readable now" : b.readableAtMs() == null ? "no replica wakes"
              : "readable " + at(b.readableAtMs(), f.nowMs())));
      BlockInfo.Layout l = b.layout();
      if (l != null) {
        sb.append("  layout ").append(l.name()).append(" r=").append(l.replication())
            .append(l.refusal() != null ? ": refused (" + l.refusal() + ")"
                : ": targets " + String.join(" ", l.targets()) + (l.missing().isEmpty() ? ""
                    : "; missing " + String.join(" ", l.missing())))
            .append('\n');
      }
      List<String[]> rows = new ArrayList<>();
      rows.add(new String[] {"  NODE", "STORAGE", "RING", "IN LAYOUT", "NOW"});
      for (BlockInfo.Replica r : b.replicas()) {
        rows.add(new String[] {"  " + r.node(), r.storageType(),
            r.ringPosition() == null ? "-" : r.ringPosition().toString(),
            r.inLayout() ? "yes" : "no", timing(r.timing(), f.nowMs())});
      }
      sb.append(AdminFormat.table(rows));
      for (BlockInfo.PendingMove m : b.pendingMoves()) {
        sb.append("  pending move ").append(m.standIn()).append(" -> ").append(m.target())
            .append(m.running() ? " (running)" : " (waiting for a window)").append('\n');
      }
    }
    return sb.toString();
  }

  static String file(FileInfo f) {
    FileInfo.Status st = f.status();
    FileInfo.Counts c = f.blocks();
    StringBuilder sb = new StringBuilder();
    AdminFormat.line(sb, "path", f.path() + (st.underConstruction() ? " (open for writing)" : ""));
    AdminFormat.line(sb, "schedule", schedule(f.schedule()));
    AdminFormat.line(sb, "length", st.length() + " bytes, replication " + st.replication()
        + ", block size "
        + st.blockSize());
    AdminFormat.line(sb, "owner", st.owner() + ":" + st.group() + " " + st.permission()
        + ", modified "
        + Instant.ofEpochMilli(st.modificationTimeMs()));
    AdminFormat.line(sb, "blocks", String.format(Locale.ROOT,
        "%d: %d in layout, %d staged, %d readable now",
        c.total(), c.inLayout(), c.staged(), c.readableNow()));
    AdminFormat.line(sb, "readable", f.allReadableByMs() == null
        ? "never in this epoch: some block has no replica that wakes"
        : f.allReadableByMs() <= f.nowMs() ? "every block now"
        : "every block " + at(f.allReadableByMs(), f.nowMs()));
    return sb.toString();
  }

  static String load(ServerLoad l) {
    ServerLoad.Counters c = l.counters();
    StringBuilder sb = new StringBuilder();
    AdminFormat.line(sb, "node", l.node());
    AdminFormat.line(sb, "read", c.bytesRead() + " bytes in " + c.readOps() + " block reads");
    AdminFormat.line(sb, "written", c.bytesWritten() + " bytes in " + c.writeOps()
        + " block writes");
    AdminFormat.line(sb, "as of", Instant.ofEpochMilli(l.asOfMs()) + (l.stale()
        ? " (STALE: " + l.staleReason() + ")" : ""));
    return sb.toString();
  }

  private static String schedule(ScheduleRef r) {
    return r.epoch() != null ? "epoch " + r.epoch()
        : "none in force (" + r.status() + "): every node counts as awake";
  }

  /** {@code awake; 5000 ms left}, {@code awake; does not sleep}, {@code asleep; wakes at ...}. */
  static String timing(NodeTiming t, long nowMs) {
    if (t.awakeNow()) {
      return "awake; " + (t.remainingMs() == null ? "does not sleep in this epoch"
          : t.remainingMs() + " ms left");
    }
    return t.nextWakeMs() == null ? "asleep; does not wake in this epoch"
        : "asleep; wakes " + at(t.nextWakeMs(), nowMs);
  }

  private static String at(long ms, long nowMs) {
    return "at " + Instant.ofEpochMilli(ms) + " (in " + (ms - nowMs) + " ms)";
  }
}
