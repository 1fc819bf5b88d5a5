package org.blinkhdfs.agent.actuator;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * Finds the last complete suspend/resume cycle in the kernel's log, as {@code /dev/kmsg} gives
 * it: one record per line, {@code priority,sequence,microseconds,flags[,more];text} (for example
 * {@code 6,1234,9745523,-;PM: suspend entry (deep)}), dictionary continuation lines starting with
 * a space. The microseconds are the kernel's printk clock, which stops while the host is
 * suspended, like {@code CLOCK_MONOTONIC}.
 *
 * <p><b>Why the kernel's log.</b> Only the kernel knows when it really started to suspend and
 * when it came back; the agent sees one blocking {@code write("mem")}. A cycle is the lines
 * between {@code PM: suspend entry} and the next {@code PM: suspend exit}; inside it, {@code ACPI:
 * PM: Preparing to enter system sleep state S3} marks the moment the platform is entered
 * (devices are suspended) and {@code ACPI: PM: Waking up from system sleep state S3} the moment
 * the platform is left. For {@code s2idle} the kernel prints {@code PM: suspend-to-idle} and
 * {@code PM: resume from suspend-to-idle} instead, but only with {@code
 * /sys/power/pm_debug_messages} set; a missing line leaves its value unknown, never guessed.
 *
 * <p>Worked example, the cycle measured on the lab's Debian 6.1 guest: entry 9 745 523 µs,
 * preparing 9 920 394 µs, waking 9 972 309 µs, exit 10 013 474 µs: entering takes 9 920 394 − 9
 * 745 523 = 174 871 µs, the kernel's resume 10 013 474 − 9 972 309 = 41 165 µs.
 *
 * <p>Pure: no I/O, no clock. Malformed lines are skipped (a log is evidence, not input to
 * refuse).
 */
final class KernelPmLog {
  /**
   * The record the actuator writes to {@code /dev/kmsg} just before {@code mem}: the kernel
   * stamps it with the same clock as its own PM lines ({@code local_clock}, which is not {@code
   * CLOCK_MONOTONIC}: on the lab's TCG guests the two differed by tens of milliseconds, enough
   * to make "decision to entry" negative), so the difference is exact.
   */
  static final String MARKER = "blink-agent: suspending";

  private KernelPmLog() {}

  /** One {@code /dev/kmsg} record. */
  record Record(long seq, long usec, String text) {}

  /**
   * One suspend cycle from the log.
   *
   * @param state what {@code PM: suspend entry (…)} names: {@code deep}, {@code s2idle}, or empty
   * @param entryUs {@code PM: suspend entry}
   * @param platformEnterUs entering the sleep state (S3: {@code Preparing to enter system sleep
   *     state}; s2idle: {@code PM: suspend-to-idle}), if printed
   * @param platformExitUs leaving it (S3: {@code Waking up from system sleep state}; s2idle:
   *     {@code PM: resume from suspend-to-idle}), if printed
   * @param exitUs {@code PM: suspend exit}
   * @param markerUs the actuator's {@link #MARKER} before the entry, if it was logged
   */
  record SuspendCycle(String state, long entryUs, OptionalLong platformEnterUs,
      OptionalLong platformExitUs, long exitUs, OptionalLong markerUs) {
    SuspendCycle(String state, long entryUs, OptionalLong platformEnterUs,
        OptionalLong platformExitUs, long exitUs) {
      this(state, entryUs, platformEnterUs, platformExitUs, exitUs, OptionalLong.empty());
    }

    /** From the actuator's marker to suspend entry, both on the kernel log's clock. */
    OptionalLong markerToEntryUs() {
      return markerUs.isPresent() ? OptionalLong.of(entryUs - markerUs.getAsLong())
          : OptionalLong.empty();
    }

    /** From suspend entry to entering the sleep state: freezing and suspending devices. */
    OptionalLong enterKernelUs() {
      return platformEnterUs.isPresent()
          ? OptionalLong.of(platformEnterUs.getAsLong() - entryUs) : OptionalLong.empty();
    }

    /** From leaving the sleep state to suspend exit: resuming devices and thawing tasks. */
    OptionalLong kernelResumeUs() {
      return platformExitUs.isPresent()
          ? OptionalLong.of(exitUs - platformExitUs.getAsLong()) : OptionalLong.empty();
    }
  }

  /** The records of {@code lines}, skipping continuation and malformed lines. */
  static List<Record> parse(List<String> lines) {
    List<Record> out = new ArrayList<>();
    for (String line : lines) {
      parseLine(line).ifPresent(out::add);
    }
    return out;
  }

  static Optional<Record> parseLine(String line) {
    if (line.isEmpty() || line.charAt(0) == ' ') {
      return Optional.empty();
    }
    int semicolon = line.indexOf(';');
    if (semicolon < 0) {
      return Optional.empty();
    }
    String[] header = line.substring(0, semicolon).split(",");
    if (header.length < 4) {
      return Optional.empty();
    }
    try {
      return Optional.of(new Record(Long.parseLong(header[1]), Long.parseLong(header[2]),
          line.substring(semicolon + 1)));
    } catch (NumberFormatException e) {
      return Optional.empty();
    }
  }

  /** The last cycle with both its entry and its exit in {@code lines}; empty if none. */
  static Optional<SuspendCycle> lastCycle(List<String> lines) {
    SuspendCycle last = null;
    Record entry = null;
    OptionalLong marker = OptionalLong.empty();
    OptionalLong entryMarker = OptionalLong.empty();
    OptionalLong enter = OptionalLong.empty();
    OptionalLong exit = OptionalLong.empty();
    for (Record r : parse(lines)) {
      String t = r.text();
      if (t.startsWith(MARKER)) {
        marker = OptionalLong.of(r.usec());
      } else if (t.startsWith("PM: suspend entry")) {
        entry = r;
        entryMarker = marker;
        marker = OptionalLong.empty();
        enter = OptionalLong.empty();
        exit = OptionalLong.empty();
      } else if (entry == null) {
        continue;
      } else if (t.contains("Preparing to enter system sleep state")
          || t.equals("PM: suspend-to-idle")) {
        enter = OptionalLong.of(r.usec());
      } else if (t.contains("Waking up from system sleep state")
          || t.equals("PM: resume from suspend-to-idle")) {
        exit = OptionalLong.of(r.usec());
      } else if (t.startsWith("PM: suspend exit")) {
        last = new SuspendCycle(state(entry.text()), entry.usec(), enter, exit, r.usec(),
            entryMarker);
        entry = null;
      }
    }
    return Optional.ofNullable(last);
  }

  private static String state(String entryText) {
    int open = entryText.indexOf('(');
    int close = entryText.indexOf(')', open + 1);
    return open >= 0 && close > open ? entryText.substring(open + 1, close) : "";
  }
}
