package org.blinkhdfs.guest;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * The {@code /lab/run.sh} a guest's init runs in its chroot: starts each of the guest's processes
 * (a DataNode, its power agent) with output to its own serial port, then reports the kernel's
 * suspend counters once a second on the lab channel, {@code /dev/ttyS3}:
 * <pre>
 * blink-stats wall_s=1795940750 success=3 fail=0 uptime=212.31
 * </pre>
 * The counters are the kernel's own ({@code /sys/power/suspend_stats}); {@code uptime} is
 * {@code CLOCK_BOOTTIME} seconds, which runs on in S3, so the host can tell a guest that slept
 * from one that merely went quiet. The loop is frozen with every process in S3 and reports again
 * right after resume.
 *
 * <p>Each argument is single-quoted for {@code sh}; nothing in a guest's script comes from the
 * guest. Example: {@code GuestRunScript.of(List.of(new Process("agent", 2, List.of("java",
 * "-cp", "/x.jar", "Main"))))} runs {@code 'java' '-cp' '/x.jar' 'Main' >/dev/ttyS2 2>&1 &}.
 */
public final class GuestRunScript {
  /** The serial port of the lab channel; 0 is the console, 1 and 2 are for processes. */
  public static final int LAB_CHANNEL = 3;

  /**
   * One process of the guest.
   *
   * @param name for the comment in the script
   * @param serialPort 1 or 2: the {@code /dev/ttyS} its output goes to
   * @param argv the command, binary first (absolute paths: the guest's PATH is minimal)
   */
  public record GuestProcess(String name, int serialPort, List<String> argv) {
    public GuestProcess {
      Objects.requireNonNull(name, "name");
      argv = List.copyOf(argv);
      if (serialPort < 1 || serialPort >= LAB_CHANNEL) {
        throw new IllegalArgumentException("process " + name + ": serial port " + serialPort
            + ", but only ttyS1 and ttyS2 are free (ttyS0 console, ttyS3 lab channel)");
      }
      if (argv.isEmpty()) {
        throw new IllegalArgumentException("process " + name + " has an empty command");
      }
    }
  }

  private GuestRunScript() {}

  /** The script's text. */
  public static String of(List<GuestProcess> processes) {
    List<String> lines = new ArrayList<>(List.of("#!/bin/sh",
        "# written by the BlinkHDFS lab (GuestRunScript); runs as root in the guest",
        "export PATH=/bin:/sbin", "cd /tmp"));
    for (GuestProcess p : processes) {
      lines.add("# " + p.name());
      StringBuilder cmd = new StringBuilder();
      for (String a : p.argv()) {
        cmd.append(quote(a)).append(' ');
      }
      lines.add(cmd + ">/dev/ttyS" + p.serialPort() + " 2>&1 &");
    }
    lines.add("s=/sys/power/suspend_stats");
    lines.add("while true; do");
    lines.add("  echo \"blink-stats wall_s=$(date +%s) success=$(cat $s/success)"
        + " fail=$(cat $s/fail) uptime=$(cut -d' ' -f1 /proc/uptime)\" >/dev/ttyS" + LAB_CHANNEL);
    lines.add("  sleep 1");
    lines.add("done");
    return String.join("\n", lines) + "\n";
  }

  /** {@code sh} single quotes; a quote inside becomes {@code '\''}. */
  static String quote(String s) {
    return "'" + s.replace("'", "'\\''") + "'";
  }
}
