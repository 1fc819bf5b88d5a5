package org.blinkhdfs.scheduler.wake;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * A real Linux guest under QEMU (TCG) that suspends itself to S3 with no RTC alarm armed, so only
 * a QMP {@code system_wakeup} can wake it; it prints {@code suspending now} before and {@code
 * resumed} after, on its serial console (the process's stdout, kept here). The recipe is {@code
 * /work/shared/lab/s3-guest-probe.sh}'s: Debian's kernel (the package {@code linux-image-amd64}
 * depends on, unpacked by {@code build/ensure-guest.sh} into {@code ~/.cache/blinkhdfs/guest})
 * and a busybox initramfs; {@code -global
 * PIIX4_PM.disable_s3=0} offers S3 to the guest.
 *
 * <p>Needs what {@code build/ensure-guest.sh} installs (qemu-system-x86, busybox-static).
 */
final class S3Guest implements AutoCloseable {
  static final String QEMU = "qemu-system-x86_64";
  static final String SUSPENDING = "suspending now";
  static final String RESUMED = "resumed";

  private final Process qemu;
  private final Path qmpSocket;
  private final StringBuffer console = new StringBuffer();

  private S3Guest(Process qemu, Path qmpSocket) {
    this.qemu = qemu;
    this.qmpSocket = qmpSocket;
    Thread t = new Thread(() -> {
      try (BufferedReader r = new BufferedReader(new InputStreamReader(qemu.getInputStream(),
          StandardCharsets.UTF_8))) {
        String line;
        while ((line = r.readLine()) != null) {
          console.append(line.replace("\r", "")).append('\n');
        }
      } catch (IOException e) {
        console.append("[console read failed: ").append(e).append("]\n");
      }
    }, "s3-guest-console");
    t.setDaemon(true);
    t.start();
  }

  /**
   * Fails when QEMU is not installed: the build's announced step ({@code build/ensure-guest.sh},
   * before this module's tests) installs it, so its absence is a broken build, not a reason to
   * skip.
   */
  static void assumeQemu() {
    boolean found = Stream.of(System.getenv().getOrDefault("PATH", "").split(":"))
        .anyMatch(d -> Files.isExecutable(Path.of(d, QEMU)));
    if (!found) {
      throw new IllegalStateException(QEMU + " is absent: build/ensure-guest.sh installs it"
          + " (qemu-system-x86) before this module's tests; run it by hand to see why it failed");
    }
  }

  /** Boots a guest in {@code dir}, its QMP monitor on {@code dir/qmp.sock}. */
  static S3Guest boot(Path dir) throws IOException, InterruptedException {
    Path kernel = kernel();
    Path initrd = initramfs(dir);
    Path sock = dir.resolve("qmp.sock");
    Process p = new ProcessBuilder(QEMU, "-accel", "tcg", "-m", "512", "-smp", "1",
        "-nographic", "-no-reboot", "-kernel", kernel.toString(), "-initrd", initrd.toString(),
        "-append", "console=ttyS0 loglevel=4", "-global", "PIIX4_PM.disable_s3=0",
        "-qmp", "unix:" + sock + ",server=on,wait=off")
        .redirectErrorStream(true).redirectInput(ProcessBuilder.Redirect.from(
            new java.io.File("/dev/null"))).start();
    return new S3Guest(p, sock);
  }

  Path qmpSocket() {
    return qmpSocket;
  }

  String console() {
    return console.toString();
  }

  /** Waits until the console shows {@code text}; false after {@code timeoutMs}. */
  boolean awaitConsole(String text, long timeoutMs) throws InterruptedException {
    long end = System.nanoTime() + timeoutMs * 1_000_000;
    while (System.nanoTime() < end) {
      if (console.indexOf(text) >= 0) {
        return true;
      }
      if (!qemu.isAlive() && console.indexOf(text) < 0) {
        Thread.sleep(200); // the reader may still drain the last lines
        return console.indexOf(text) >= 0;
      }
      Thread.sleep(50);
    }
    return false;
  }

  @Override
  public void close() throws InterruptedException {
    qemu.destroy();
    if (!qemu.waitFor(5, TimeUnit.SECONDS)) {
      qemu.destroyForcibly();
      qemu.waitFor(5, TimeUnit.SECONDS);
    }
  }

  /**
   * Debian's kernel image, as {@code build/ensure-guest.sh} unpacks it (the build runs that
   * script before this module's tests; running it again here costs about a second).
   */
  private static Path kernel() throws IOException, InterruptedException {
    Path script = Path.of("..", "build", "ensure-guest.sh").toAbsolutePath().normalize();
    String out = sh(script.getParent(), "bash " + script + " 2>/dev/null").strip();
    Path dir = Path.of(out.substring(out.lastIndexOf('\n') + 1));
    Path vmlinuz = dir.resolve("vmlinuz");
    if (!Files.isRegularFile(vmlinuz)) {
      throw new IOException(script + " printed " + dir + ", which has no vmlinuz");
    }
    return vmlinuz;
  }

  /** A busybox initramfs whose init suspends once, with no alarm, and reports the resume. */
  private static Path initramfs(Path dir) throws IOException, InterruptedException {
    Path busybox = Path.of("/bin/busybox");
    if (!Files.isExecutable(busybox)) {
      throw new IOException("/bin/busybox is missing: install the Debian package busybox-static");
    }
    Path ir = dir.resolve("ir");
    for (String d : List.of("bin", "proc", "sys", "dev")) {
      Files.createDirectories(ir.resolve(d));
    }
    Files.copy(busybox, ir.resolve("bin/busybox"));
    Path init = ir.resolve("init");
    Files.writeString(init, String.join("\n",
        "#!/bin/busybox sh",
        "/bin/busybox --install -s /bin",
        "mount -t proc proc /proc; mount -t sysfs sys /sys; mount -t devtmpfs dev /dev",
        "echo 0 > /sys/class/rtc/rtc0/wakealarm",
        "echo \"" + SUSPENDING + "; mem_sleep: $(cat /sys/power/mem_sleep)\"",
        "echo mem > /sys/power/state",
        "echo \"" + RESUMED + "; suspend_stats success=$(cat /sys/power/suspend_stats/success)\"",
        "sleep 30",
        "poweroff -f", ""));
    Files.setPosixFilePermissions(init, PosixFilePermissions.fromString("rwxr-xr-x"));
    Path out = dir.resolve("ir.gz");
    sh(ir, "find . | /bin/busybox cpio -o -H newc 2>/dev/null | gzip > " + out);
    return out;
  }

  private static String sh(Path dir, String script) throws IOException, InterruptedException {
    Process p = new ProcessBuilder("sh", "-c", script).directory(dir.toFile())
        .redirectErrorStream(true).start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    if (!p.waitFor(300, TimeUnit.SECONDS) || p.exitValue() != 0) {
      throw new IOException("`" + script + "` failed in " + dir + ": " + out);
    }
    return out;
  }
}
