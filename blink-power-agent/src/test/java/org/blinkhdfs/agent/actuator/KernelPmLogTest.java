package org.blinkhdfs.agent.actuator;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

/**
 * The kernel log parser on the cycle the lab measured (Debian 6.1 guest in QEMU, S3), converted
 * to the {@code /dev/kmsg} format {@code priority,seq,µs,flags;text}.
 */
class KernelPmLogTest {
  /** The cycle of COMMON37.md, as /dev/kmsg gives it (sequence numbers from 1200). */
  static final List<String> S3_CYCLE = List.of(
      "6,1200,9745523,-;PM: suspend entry (deep)",
      "6,1201,9748952,-;Filesystems sync: 0.002 seconds",
      "6,1202,9764415,-;Freezing user space processes",
      "6,1203,9880428,-;Freezing user space processes completed (elapsed 0.115 seconds)",
      "6,1204,9920394,-;ACPI: PM: Preparing to enter system sleep state S3",
      "6,1205,9938226,-;ACPI: PM: Low-level resume complete",
      "6,1206,9972309,-;ACPI: PM: Waking up from system sleep state S3",
      "6,1207,10008567,-;Restarting tasks ... done.",
      "6,1208,10013474,-;PM: suspend exit");

  /** {@link #S3_CYCLE} with every timestamp moved by {@code shiftUs}. */
  static List<String> shifted(long shiftUs) {
    List<String> out = new ArrayList<>();
    for (String line : S3_CYCLE) {
      String[] f = line.split(",", 4);
      out.add(f[0] + "," + f[1] + "," + (Long.parseLong(f[2]) + shiftUs) + "," + f[3]);
    }
    return out;
  }

  @Test
  void theActuatorsMarkerTimesDecisionToEntryOnTheLogsOwnClock() {
    List<String> lines = new ArrayList<>();
    lines.add("6,1199,9707286,-;" + KernelPmLog.MARKER);
    lines.addAll(S3_CYCLE);
    KernelPmLog.SuspendCycle c = KernelPmLog.lastCycle(lines).orElseThrow();
    // 9.745523 s − 9.707286 s = 38.237 ms, whatever CLOCK_MONOTONIC read.
    assertEquals(java.util.OptionalLong.of(38_237), c.markerToEntryUs());
    assertEquals(java.util.OptionalLong.empty(),
        KernelPmLog.lastCycle(S3_CYCLE).orElseThrow().markerToEntryUs());
  }

  @Test
  void theLabCycleGivesEnterAndResumeWorkedByHand() {
    KernelPmLog.SuspendCycle c = KernelPmLog.lastCycle(S3_CYCLE).orElseThrow();
    assertEquals("deep", c.state());
    assertEquals(9_745_523, c.entryUs());
    assertEquals(10_013_474, c.exitUs());
    // 9.920394 − 9.745523 s = 174.871 ms; 10.013474 − 9.972309 s = 41.165 ms.
    assertEquals(OptionalLong.of(174_871), c.enterKernelUs());
    assertEquals(OptionalLong.of(41_165), c.kernelResumeUs());
  }

  @Test
  void parsesTheRecordHeaderIncludingNewerKernelsCallerField() {
    assertEquals(Optional.of(new KernelPmLog.Record(1234, 9_745_523, "PM: suspend entry (deep)")),
        KernelPmLog.parseLine("6,1234,9745523,-;PM: suspend entry (deep)"));
    assertEquals(Optional.of(new KernelPmLog.Record(339, 5_140_900, "PM: suspend exit")),
        KernelPmLog.parseLine("6,339,5140900,-,caller=T1;PM: suspend exit"));
    // A text with its own semicolons keeps them.
    assertEquals("a;b", KernelPmLog.parseLine("6,1,2,-;a;b").orElseThrow().text());
    for (String bad : new String[] {"", " SUBSYSTEM=acpi", "no header", "6,x,2,-;t", "6,1;t"}) {
      assertEquals(Optional.empty(), KernelPmLog.parseLine(bad), bad);
    }
  }

  @Test
  void takesTheLastCompleteCycleAndSkipsNoise() {
    List<String> log = new ArrayList<>(shifted(-5_000_000));
    log.add(" SUBSYSTEM=acpi"); // a dictionary continuation line
    log.add("garbage without a header");
    log.addAll(S3_CYCLE);
    log.add("6,1300,12000000,-;PM: suspend entry (deep)"); // begun, never finished
    KernelPmLog.SuspendCycle c = KernelPmLog.lastCycle(log).orElseThrow();
    assertEquals(9_745_523, c.entryUs(), "the last complete one, not the earlier or the open one");
  }

  @Test
  void missingLinesAreUnknownNotGuessed() {
    // s2idle without pm_debug_messages: no platform lines at all.
    List<String> s2idle = List.of(
        "6,10,5000000,-;PM: suspend entry (s2idle)",
        "6,11,5100000,-;Freezing user space processes",
        "6,12,5300000,-;PM: suspend exit");
    KernelPmLog.SuspendCycle c = KernelPmLog.lastCycle(s2idle).orElseThrow();
    assertEquals("s2idle", c.state());
    assertEquals(OptionalLong.empty(), c.enterKernelUs());
    assertEquals(OptionalLong.empty(), c.kernelResumeUs());
    // With pm_debug_messages the s2idle lines count: 5.150 − 5.000 s, 5.300 − 5.250 s.
    List<String> debug = List.of(s2idle.get(0), "6,11,5150000,-;PM: suspend-to-idle",
        "6,12,5250000,-;PM: resume from suspend-to-idle", s2idle.get(2));
    c = KernelPmLog.lastCycle(debug).orElseThrow();
    assertEquals(OptionalLong.of(150_000), c.enterKernelUs());
    assertEquals(OptionalLong.of(50_000), c.kernelResumeUs());
  }

  @Test
  void noCompleteCycleIsEmpty() {
    assertEquals(Optional.empty(), KernelPmLog.lastCycle(List.of()));
    assertEquals(Optional.empty(), KernelPmLog.lastCycle(S3_CYCLE.subList(0, 8)));
    assertEquals(Optional.empty(), KernelPmLog.lastCycle(S3_CYCLE.subList(1, 9)),
        "an exit without its entry");
  }
}
