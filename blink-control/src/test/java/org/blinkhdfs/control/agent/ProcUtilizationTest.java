package org.blinkhdfs.control.agent;

import static org.blinkhdfs.control.agent.FakeProc.cpu;
import static org.blinkhdfs.control.agent.FakeProc.disk;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import org.blinkhdfs.common.time.ManualClock;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@link ProcUtilization} against fake /proc trees; every expected number is worked by hand. */
class ProcUtilizationTest {
  private static final double EPS = 1e-12;
  /** A CPU 10% busy per sample step below: +10 user, +90 idle. */
  private static final String CPU_T0 = cpu(100, 0, 900, 0);
  private static final String CPU_T1 = cpu(110, 0, 990, 0);

  @TempDir Path tmp;
  private FakeProc proc;
  private final ManualClock clock = new ManualClock(1_000_000);

  @BeforeEach
  void setUp() {
    proc = new FakeProc(tmp);
  }

  private ProcUtilization probe(String... devices) {
    return new ProcUtilization(tmp, Set.of(devices), clock);
  }

  /** Advances the clock {@code wallMs}, writes stat and diskstats, and returns a sample. */
  private double step(ProcUtilization p, long wallMs, String stat, String... disks) {
    clock.advance(wallMs);
    proc.diskstats(disks).stat(stat);
    return p.getAsDouble();
  }

  @Test
  void diskBusyHalfOfTheWallTimeIsHalf() {
    ProcUtilization p = probe("sda");
    assertEquals(-1, step(p, 0, CPU_T0, disk("sda", 1000)), "first sample");
    // disk 500/1000 = 0.5 > cpu 10/100 = 0.1
    assertEquals(0.5, step(p, 1000, CPU_T1, disk("sda", 1500)), EPS);
  }

  @Test
  void cpuWinsWhenBusierThanTheDisks() {
    ProcUtilization p = probe();
    step(p, 0, cpu(100, 100, 700, 100), disk("sda", 0));
    // Δtotal 500, Δ(idle + iowait) 300: cpu 0.4; disk 200/2000 = 0.1.
    assertEquals(0.4, step(p, 2000, cpu(300, 100, 900, 200), disk("sda", 200)), EPS);
  }

  @Test
  void iowaitCountsAsIdle() {
    ProcUtilization p = probe("sda");
    step(p, 0, cpu(0, 0, 0, 0), disk("sda", 0));
    // Δtotal 100 of which 20 user, 80 iowait: cpu 0.2; disk 0.
    assertEquals(0.2, step(p, 1000, cpu(20, 0, 0, 80), disk("sda", 0)), EPS);
  }

  @Test
  void theBusiestOfSeveralDevicesCounts() {
    ProcUtilization p = probe("sda", "sdb", "nvme0n1");
    step(p, 0, CPU_T0, disk("sda", 1000), disk("sdb", 200), disk("nvme0n1", 0), disk("sdc", 0));
    // sda 0.1, sdb 0.7, nvme0n1 0.3; sdc (busy 1.0) is not chosen.
    assertEquals(0.7, step(p, 1000, CPU_T1, disk("sda", 1100), disk("sdb", 900),
        disk("nvme0n1", 300), disk("sdc", 1000)), EPS);
  }

  @Test
  void allWholeDisksLeavesOutLoopRamDeviceMapperAndPartitions() {
    assertEquals(List.of("sda", "nvme0n1", "mmcblk0", "md1", "md10", "vdb"),
        DiskBusy.wholeDisks(new LinkedHashSet<>(List.of("loop0", "ram1", "zram0", "dm-0", "sda",
            "sda1", "sda12", "nvme0n1", "nvme0n1p2", "mmcblk0", "mmcblk0p1", "md1", "md10",
            "md1p1", "vdb"))));
    ProcUtilization p = probe();
    step(p, 0, CPU_T0, disk("loop0", 0), disk("sda", 0), disk("sda1", 0), disk("dm-0", 0));
    // Only sda counts (0.25); loop0, sda1 and dm-0 are fully busy but not whole disks.
    assertEquals(0.25, step(p, 1000, CPU_T1, disk("loop0", 1000), disk("sda", 250),
        disk("sda1", 1000), disk("dm-0", 1000)), EPS);
  }

  @Test
  void busyTimeAboveTheWallTimeIsClampedToOne() {
    ProcUtilization p = probe("sda");
    step(p, 0, CPU_T0, disk("sda", 0));
    assertEquals(1.0, step(p, 1000, CPU_T1, disk("sda", 1003)), EPS);
  }

  @Test
  void noWallTimeIsUnknownAndTheNextSampleSpansFromTheLastGoodOne() {
    ProcUtilization p = probe("sda");
    step(p, 0, CPU_T0, disk("sda", 0));
    assertEquals(-1, step(p, 0, CPU_T1, disk("sda", 100)), "no wall time passed");
    // 600 ms busy since the first read, 1000 ms wall
    assertEquals(0.6, step(p, 1000, cpu(120, 0, 1080, 0), disk("sda", 600)), EPS);
  }

  @Test
  void noCpuTicksIsUnknown() {
    ProcUtilization p = probe("sda");
    step(p, 0, CPU_T0, disk("sda", 0));
    assertEquals(-1, step(p, 1000, CPU_T0, disk("sda", 100)));
  }

  @Test
  void aCounterGoingBackwardsIsUnknownForThatSampleOnly() {
    ProcUtilization p = probe("sda", "sdb");
    step(p, 0, CPU_T0, disk("sda", 5000), disk("sdb", 0));
    // sda wrapped or was reset
    assertEquals(-1, step(p, 1000, CPU_T1, disk("sda", 10), disk("sdb", 900)));
    // measured from the reset: sda 0.2, sdb 0.1
    assertEquals(0.2, step(p, 1000, cpu(120, 0, 1080, 0), disk("sda", 210), disk("sdb", 1000)),
        EPS);
  }

  @Test
  void aCpuCounterGoingBackwardsIsUnknown() {
    ProcUtilization p = probe("sda");
    step(p, 0, CPU_T1, disk("sda", 0));
    assertEquals(-1, step(p, 1000, CPU_T0, disk("sda", 100)));
  }

  @Test
  void missingFilesAreUnknownNotAnError() throws Exception {
    ProcUtilization p = probe("sda");
    assertEquals(-1, p.getAsDouble(), "neither file");
    proc.stat(CPU_T0);
    clock.advance(1000);
    assertEquals(-1, p.getAsDouble(), "no diskstats");
    proc.diskstats(disk("sda", 0));
    Files.delete(tmp.resolve("stat"));
    clock.advance(1000);
    assertEquals(-1, p.getAsDouble(), "no stat");
    proc.stat(CPU_T1);
    proc.diskstats(disk("sda", 500));
    clock.advance(1000);
    // Disk measured from the read 1000 ms ago; the CPU's previous read is CPU_T0.
    assertEquals(0.5, p.getAsDouble(), EPS);
  }

  @Test
  void aChosenDeviceWithoutALineIsUnknown() {
    ProcUtilization p = probe("sdz");
    step(p, 0, CPU_T0, disk("sda", 0));
    assertEquals(-1, step(p, 1000, CPU_T1, disk("sda", 100)));
  }

  @Test
  void malformedLinesAreUnknownAndNamed() {
    assertMalformed("diskstats", disk("sda", 0) + "\n   8 1 sda1 1 2 3\n",
        "diskstats line 2 '   8 1 sda1 1 2 3': has 6 fields, needs at least 13");
    assertMalformed("diskstats", "   8 0 sda 1 2 3 4 5 6 7 8 9 x 1 2\n",
        "diskstats line 1 '   8 0 sda 1 2 3 4 5 6 7 8 9 x 1 2': field 13 'x' is not a"
            + " non-negative whole number");
    assertMalformed("stat", "cpu  1 2 -3 4 5\n",
        "stat line 1 'cpu  1 2 -3 4 5': field 4 '-3' is not a non-negative whole number");
    assertMalformed("stat", "cpu  1 2 3\n", "stat line 1 'cpu  1 2 3': has 4 fields, needs at"
        + " least 5");
    assertMalformed("stat", "cpu0 1 2 3 4 5\n", "stat: no aggregate 'cpu' line");
    assertMalformed("stat", "cpu  " + Long.MAX_VALUE + " 1 1 1\n", "counters overflow a long");
  }

  private void assertMalformed(String file, String text, String message) {
    proc.diskstats(disk("sda", 0)).stat(CPU_T0).write(file, text);
    Path root = tmp;
    ProcReadException e = assertThrows(ProcReadException.class,
        () -> {
          if (file.equals("stat")) {
            new CpuBusy(root).sample();
          } else {
            new DiskBusy(root, Set.of()).sample(0);
          }
        });
    assertTrue(e.getMessage().endsWith(message), e.getMessage());
    assertEquals(root.resolve(file), e.file());
    ProcUtilization p = probe();
    assertEquals(-1, p.getAsDouble());
    clock.advance(1000);
    assertEquals(-1, p.getAsDouble(), "still malformed: " + file);
  }

  /**
   * Over many seeds: random monotone counters (with occasional resets and zero-time steps) on
   * random devices always give a value in [0, 1] or exactly -1, and a known value whenever the
   * step had wall time, CPU ticks and no reset.
   */
  @Test
  void valuesAreAlwaysInTheUnitIntervalOrUnknown() {
    for (long seed = 0; seed < 200; seed++) {
      Random r = new Random(seed);
      int devices = 1 + r.nextInt(4);
      long[] ticks = new long[devices];
      long[] cpu = new long[4];
      ProcUtilization p = probe();
      List<Double> values = new ArrayList<>();
      for (int step = 0; step < 30; step++) {
        long wallMs = r.nextInt(10) == 0 ? 0 : 1 + r.nextInt(5000);
        clock.advance(wallMs);
        boolean reset = r.nextInt(15) == 0;
        String[] lines = new String[devices];
        for (int d = 0; d < devices; d++) {
          ticks[d] = reset && d == 0 ? r.nextInt(10) : ticks[d] + r.nextInt((int) wallMs + 50);
          lines[d] = disk("sd" + (char) ('a' + d), ticks[d]);
        }
        long cpuTicks = 0;
        for (int f = 0; f < cpu.length; f++) {
          long add = r.nextInt(200);
          cpu[f] += add;
          cpuTicks += add;
        }
        proc.diskstats(lines).stat(cpu(cpu[0], cpu[1], cpu[2], cpu[3]));
        double u = p.getAsDouble();
        values.add(u);
        assertTrue(u == -1 || (u >= 0 && u <= 1), "seed " + seed + " step " + step + ": " + u);
        if (step > 0 && wallMs > 0 && cpuTicks > 0 && !reset && values.get(step - 1) >= 0) {
          assertTrue(u >= 0, "seed " + seed + " step " + step + ": unknown without cause");
        }
      }
    }
  }
}
