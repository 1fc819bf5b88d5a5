package org.blinkhdfs.model.schedule;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.FileTime;
import org.blinkhdfs.common.time.ManualClock;
import org.blinkhdfs.model.schedule.ScheduleState.Status;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** One test per row of the case table in {@link ScheduleFileSource}. */
class ScheduleFileSourceTest {
  static final long START = 1_790_000_000_000L;

  @TempDir
  Path dir;

  private static String scheduleJson(long epoch, String lease) {
    return "{\"version\":1,\"epoch\":" + epoch + ",\"intervalStartMs\":" + START
        + ",\"intervalMs\":60000" + lease + ",\"nodes\":[{\"node\":\"h:1\",\"mode\":\"OFF\"}]}";
  }

  private void writeAtomically(Path target, String text, long mtimeMs) throws Exception {
    Path tmp = dir.resolve("tmp.json");
    Files.writeString(tmp, text);
    Files.setLastModifiedTime(tmp, FileTime.fromMillis(mtimeMs));
    Files.move(tmp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
  }

  @Test
  void missingThenValidThenReplacedThenCorruptThenDeleted() throws Exception {
    Path f = dir.resolve("schedule.json");
    ManualClock clock = new ManualClock(START);
    ScheduleFileSource src = new ScheduleFileSource(f, 1000, clock);
    assertEquals(Status.MISSING, src.state().status());
    assertTrue(src.state().usable().isEmpty());

    writeAtomically(f, scheduleJson(1, ""), 1_000);
    assertEquals(Status.MISSING, src.state().status(), "not re-checked before pollMs");
    clock.advance(1000);
    assertEquals(Status.OK, src.state().status());
    assertEquals(1, src.state().usable().get().epoch());

    writeAtomically(f, scheduleJson(2, ""), 2_000);
    clock.advance(1000);
    assertEquals(2, src.state().usable().get().epoch());

    writeAtomically(f, "{\"version\": 1, \"epoch\": ", 3_000);
    clock.advance(1000);
    ScheduleState bad = src.state();
    assertEquals(Status.INVALID, bad.status());
    assertTrue(bad.detail().contains("not valid JSON"), bad.detail());
    assertTrue(bad.usable().isEmpty());

    writeAtomically(f, scheduleJson(3, "").replace("\"OFF\"", "\"NAP\""), 4_000);
    clock.advance(1000);
    assertTrue(src.state().detail().contains("nodes[0].mode"), src.state().detail());

    Files.delete(f);
    clock.advance(1000);
    assertEquals(Status.MISSING, src.state().status());
  }

  @Test
  void expiredLeaseMeansEveryoneAwake() throws Exception {
    Path f = dir.resolve("schedule.json");
    writeAtomically(f, scheduleJson(5, ",\"validUntilMs\":" + (START + 90_000)), 1_000);
    ManualClock clock = new ManualClock(START + 89_999);
    ScheduleFileSource src = new ScheduleFileSource(f, 0, clock);
    assertEquals(Status.OK, src.state().status());
    clock.set(START + 90_000);
    ScheduleState s = src.state();
    assertEquals(Status.EXPIRED, s.status());
    assertTrue(s.usable().isEmpty());
    assertTrue(s.detail().contains("expired"), s.detail());
  }

  @Test
  void aFifoIsNeverOpenedSoNoCallerHangs() throws Exception {
    Path fifo = dir.resolve("schedule.fifo");
    Process mk = new ProcessBuilder("mkfifo", fifo.toString()).start();
    assertEquals(0, mk.waitFor());
    ScheduleFileSource src = new ScheduleFileSource(fifo, 0, new ManualClock(START));
    ScheduleState st = org.junit.jupiter.api.Assertions.assertTimeoutPreemptively(
        java.time.Duration.ofSeconds(10), () -> src.state(),
        "opening a FIFO without a writer blocks");
    assertEquals(Status.INVALID, st.status());
    assertTrue(st.detail().contains("not a regular file (a FIFO, device or directory)"),
        st.detail());
  }

  @Test
  void aFileLargerThanTheCapIsInvalidNotRead() throws Exception {
    Path f = dir.resolve("huge.json");
    try (var ch = java.nio.channels.FileChannel.open(f, java.nio.file.StandardOpenOption.CREATE,
        java.nio.file.StandardOpenOption.WRITE)) {
      ch.write(java.nio.ByteBuffer.wrap(new byte[] {'{'}), ScheduleFileSource.MAX_BYTES);
    }
    ScheduleState st = new ScheduleFileSource(f, 0, new ManualClock(START)).state();
    assertEquals(Status.INVALID, st.status());
    assertTrue(st.detail().contains((ScheduleFileSource.MAX_BYTES + 1L) + " bytes is more than"
        + " the " + ScheduleFileSource.MAX_BYTES + " a schedule may have"), st.detail());
  }
}
