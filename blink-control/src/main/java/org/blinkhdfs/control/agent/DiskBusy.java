package org.blinkhdfs.control.agent;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The busiest disk's busy fraction between two reads of {@code /proc/diskstats}: for each chosen
 * device, {@code Δio_ticks / Δwall}, where io_ticks is column 13 of its line (major, minor, name,
 * then the kernel's field 10, "milliseconds spent doing I/Os") and Δwall the injected clock's
 * milliseconds between the reads; the result is the maximum over devices, clamped to 1 (the
 * kernel's and the clock's millisecond edges differ a little).
 *
 * <p><b>Devices</b>: the names given (as in column 3, e.g. {@code sda}, {@code nvme0n1}); each
 * must have a line, else the read fails naming it. With none given, every whole disk: all lines
 * except names starting with {@code loop}, {@code ram}, {@code zram} or {@code dm-}, and except
 * partitions, i.e. a name that is another listed name followed by digits ({@code sda1}) or,
 * when that name ends in a digit, by {@code p} and digits ({@code nvme0n1p2}, {@code mmcblk0p1};
 * the kernel's own naming rule, so {@code md10} is not taken for a partition of {@code md1}).
 * Partitions add nothing to the maximum (a partition's busy time is within its disk's), loop and
 * ram devices are not disks, and device-mapper volumes sit on disks that are already counted.
 *
 * <p><b>Honesty</b>: -1 on the first read, when no wall time passed, when no device is in both
 * reads, or when any device's io_ticks went backwards (a 32-bit counter wrapped after ~49 days,
 * or the device was re-created); the next read measures from this one again.
 *
 * <p>Worked example: sda's io_ticks 1000 then 1500, sdb's 200 then 300, 1000 ms apart: sda 0.5,
 * sdb 0.1, result 0.5.
 *
 * <p>Not thread-safe; {@link ProcUtilization} serializes calls.
 */
final class DiskBusy {
  /** Column 13 (index 12): milliseconds spent doing I/Os. */
  private static final int IO_TICKS = 12;
  private static final int NAME = 2;
  private static final Pattern NOT_A_DISK = Pattern.compile("(loop|ram|zram|dm-).*");
  private static final Pattern DIGITS = Pattern.compile("[0-9]+");
  private static final Pattern P_DIGITS = Pattern.compile("p[0-9]+");

  private final Path file;
  private final Set<String> devices;
  /** io_ticks by device at the previous read; null before the first. */
  private Map<String, Long> previous;
  private long previousMs;

  /** {@code devices}: names as in column 3 of diskstats; empty for every whole disk. */
  DiskBusy(Path procRoot, Set<String> devices) {
    this.file = procRoot.resolve("diskstats");
    this.devices = Set.copyOf(devices);
  }

  /** The busiest device's busy fraction since the previous call at {@code nowMs}, or -1. */
  double sample(long nowMs) throws ProcReadException {
    Map<String, Long> now = read();
    Map<String, Long> before = previous;
    long wallMs = nowMs - previousMs;
    if (before != null && wallMs <= 0) {
      return -1; // keep the earlier read: the next sample spans a real interval
    }
    previous = now;
    previousMs = nowMs;
    if (before == null) {
      return -1;
    }
    long busiestMs = -1;
    for (Map.Entry<String, Long> e : now.entrySet()) {
      Long b = before.get(e.getKey());
      if (b == null) {
        continue;
      }
      long busyMs = e.getValue() - b;
      if (busyMs < 0) {
        return -1;
      }
      busiestMs = Math.max(busiestMs, busyMs);
    }
    return busiestMs < 0 ? -1 : Math.min(1.0, (double) busiestMs / wallMs);
  }

  private Map<String, Long> read() throws ProcReadException {
    List<String> lines = ProcLines.read(file);
    Map<String, Long> all = new LinkedHashMap<>();
    for (int i = 0; i < lines.size(); i++) {
      String[] t = ProcLines.tokens(lines.get(i));
      if (t.length == 0) {
        continue;
      }
      long ticks = ProcLines.counter(file, i + 1, lines.get(i), t, IO_TICKS);
      all.put(t[NAME], ticks);
    }
    Map<String, Long> chosen = new HashMap<>();
    if (!devices.isEmpty()) {
      for (String d : devices) {
        Long v = all.get(d);
        if (v == null) {
          throw new ProcReadException(file, 0, "", "no line for the chosen device '" + d
              + "'; devices listed: " + all.keySet());
        }
        chosen.put(d, v);
      }
      return chosen;
    }
    for (String name : wholeDisks(all.keySet())) {
      chosen.put(name, all.get(name));
    }
    if (chosen.isEmpty()) {
      throw new ProcReadException(file, 0, "", "no whole disk among " + all.keySet());
    }
    return chosen;
  }

  /** The names that are whole disks, by the rule in the class comment. */
  static List<String> wholeDisks(Set<String> names) {
    List<String> out = new ArrayList<>();
    for (String n : names) {
      if (!NOT_A_DISK.matcher(n).matches() && !isPartition(n, names)) {
        out.add(n);
      }
    }
    return out;
  }

  private static boolean isPartition(String name, Set<String> names) {
    for (String disk : names) {
      if (name.length() > disk.length() && name.startsWith(disk)
          && partitionSuffix(disk).matcher(name.substring(disk.length())).matches()) {
        return true;
      }
    }
    return false;
  }

  /**
   * The kernel's rule (disk_name): a disk whose name ends in a digit gets "p" before the number.
   */
  private static Pattern partitionSuffix(String disk) {
    return Character.isDigit(disk.charAt(disk.length() - 1)) ? P_DIGITS : DIGITS;
  }
}
