package org.blinkhdfs.agent.actuator;

import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;
import java.util.function.LongFunction;
import org.blinkhdfs.common.time.ManualClock;

/**
 * A fake host for the real actuator: a sysfs tree in a temp dir, a {@link SysfsFiles} that records
 * every read and write in order (paths relative to the root) and can fail writes or override
 * reads, a {@link Kernel} whose CLOCK_BOOTTIME jumps when {@code mem} is written, and a settable
 * wall clock (a {@link ManualClock}). Writing {@code mem} also counts a success in {@code
 * sys/power/suspend_stats} and, when {@link #kmsgOnSuspend} is set, appends that kernel log to
 * {@code dev/kmsg}, which the kernel's real (JNA) non-blocking reader reads as a plain file.
 * Single-threaded test use only.
 */
final class FakeHost {
  static final long NOW_MS = 1_700_000_000_000L;

  final Path root;
  final List<String> events = new ArrayList<>();
  final Set<Path> failWrites = new HashSet<>();
  /** Writes to these files fail with this exception (a failed mem write counts a fail). */
  final Map<Path, IOException> failWritesWith = new HashMap<>();
  final Map<Path, String> readOverrides = new HashMap<>();
  final Map<Path, Consumer<String>> onWrite = new HashMap<>();
  final ManualClock clock = new ManualClock(NOW_MS);
  final FakeKernel kernel = new FakeKernel();
  long suspendMs = 5000;
  /** What the wakealarm file held when mem was written; null if mem was never written. */
  String alarmAtSuspend;
  /**
   * The kernel log lines a suspend appends to {@code dev/kmsg}, given CLOCK_MONOTONIC in µs at
   * the write (the agent's last read); null: none.
   */
  LongFunction<List<String>> kmsgOnSuspend;
  /** Whether a suspend counts in suspend_stats/success (else in fail). */
  boolean suspendCountsSuccess = true;

  final SysfsFiles files = new SysfsFiles() {
    @Override
    public String read(Path file) throws IOException {
      events.add("read " + rel(file));
      String override = readOverrides.get(file);
      return override != null ? override : SysfsFiles.direct().read(file);
    }

    @Override
    public void write(Path file, String value) throws IOException {
      events.add("write " + rel(file) + " " + value);
      if (failWrites.contains(file)) {
        throw new AccessDeniedException(file.toString());
      }
      IOException failure = failWritesWith.get(file);
      if (failure != null) {
        if (value.equals("mem")) {
          count("fail");
        }
        throw failure;
      }
      SysfsFiles.direct().write(file, value);
      Consumer<String> hook = onWrite.get(file);
      if (hook != null) {
        hook.accept(value);
      }
    }
  };

  /** The tree from the brief: S3 selected, rtc0, cpu1..3 online, cpu0 without online file. */
  FakeHost(Path root) throws IOException {
    this.root = root;
    put("sys/power/state", "freeze mem disk\n");
    put("sys/power/mem_sleep", "s2idle [deep]\n");
    put("sys/class/rtc/rtc0/wakealarm", "");
    put("sys/power/suspend_stats/success", "3\n");
    put("sys/power/suspend_stats/fail", "0\n");
    Files.createDirectories(root.resolve("sys/devices/system/cpu/cpu0"));
    for (int cpu = 1; cpu <= 3; cpu++) {
      put("sys/devices/system/cpu/cpu" + cpu + "/online", "1\n");
    }
    // Writing mem "suspends": boottime runs on for suspendMs while monotonic and the wall clock
    // only see the write return (the wall clock jumps like a real one after resume).
    onWrite.put(path("sys/power/state"), v -> {
      if (v.equals("mem")) {
        alarmAtSuspend = readQuietly("sys/class/rtc/rtc0/wakealarm");
        kernel.bootOffsetNanos += suspendMs * 1_000_000L;
        clock.advance(suspendMs);
        try {
          count(suspendCountsSuccess ? "success" : "fail");
          if (kmsgOnSuspend != null) {
            Files.writeString(path("dev/kmsg"),
                String.join("\n", kmsgOnSuspend.apply(kernel.monotonicNanos / 1000)) + "\n",
                StandardOpenOption.APPEND);
          }
        } catch (IOException e) {
          throw new IllegalStateException(e);
        }
      }
    });
  }

  private void count(String counter) throws IOException {
    String rel = "sys/power/suspend_stats/" + counter;
    if (Files.exists(path(rel))) {
      put(rel, (Long.parseLong(get(rel)) + 1) + "\n");
    }
  }

  Path path(String rel) {
    return root.resolve(rel);
  }

  void put(String rel, String content) throws IOException {
    Path file = root.resolve(rel);
    Files.createDirectories(file.getParent());
    Files.writeString(file, content);
  }

  String get(String rel) throws IOException {
    return Files.readString(root.resolve(rel)).trim();
  }

  private String readQuietly(String rel) {
    try {
      return get(rel);
    } catch (IOException e) {
      return "unreadable: " + e;
    }
  }

  List<String> writes() {
    return events.stream().filter(e -> e.startsWith("write ")).toList();
  }

  private String rel(Path file) {
    return root.relativize(file).toString();
  }

  /** Monotonic advances 1 ms per read; boottime = monotonic + offset. */
  final class FakeKernel implements Kernel {
    long monotonicNanos = 1_000_000_000L;
    long bootOffsetNanos = 7_000_000_000L;

    @Override
    public void sync() {
      events.add("sync");
    }

    @Override
    public long clockNanos(int clockId) {
      monotonicNanos += 1_000_000L;
      if (clockId == LibC.CLOCK_MONOTONIC) {
        return monotonicNanos;
      }
      if (clockId == LibC.CLOCK_BOOTTIME) {
        return monotonicNanos + bootOffsetNanos;
      }
      throw new IllegalArgumentException("clock " + clockId);
    }

    @Override
    public LogTail tailLog(Path file) throws IOException {
      return LibcKernel.get().tailLog(file); // the real reader, on the fake tree's plain file
    }

    @Override
    public int kill(int pid, int signal) {
      throw new UnsupportedOperationException("no signals on the fake host");
    }
  }
}
