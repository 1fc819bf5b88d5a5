package org.blinkhdfs.guest;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * The {@code qemu-system-x86_64} command line of one lab guest.
 *
 * <p>What each part is for:
 * <ul>
 *   <li>{@code -accel kvm -accel tcg} when {@code /dev/kvm} exists (QEMU takes the first that
 *       works), else {@code -accel tcg}: software emulation, slower but exact for S3 (measured on
 *       the lab machine: KVM fails there, TCG boots Debian's kernel in ~3 s).
 *       {@link Guest#accelerator()} asks QEMU which one it got;
 *   <li>{@code -global PIIX4_PM.disable_s3=0}: QEMU's PC machine hides S3 from the guest by
 *       default; with it the guest's {@code /sys/power/mem_sleep} offers {@code deep};
 *   <li>two read-only virtio disks: the shared root (JDK, jars) and the guest's lab disk, and
 *       {@code /tmp} in the guest's RAM: virtio-blk and virtio-net resume from S3, virtio-9p
 *       does not;
 *   <li>a tap device per guest, so that a suspended guest answers nothing at all (no ARP, no
 *       SYN-ACK) — user-mode networking would accept connections in QEMU's own process;
 *   <li>four serial ports written to files: the kernel console and three the guest's run.sh
 *       writes ({@link GuestRunScript});
 *   <li>two QMP sockets, since QEMU serves one client per monitor: the lab's ({@code
 *       query-status} says {@code suspended} while the guest is in S3) and the scheduler's wake
 *       backend's ({@code system_wakeup} is the lab's wake on demand).
 * </ul>
 *
 * @param kernel the guest kernel ({@code vmlinuz})
 * @param initramfs the guest's initramfs
 * @param rootImage the shared read-only root disk
 * @param labImage this guest's read-only lab disk
 * @param name the guest's host name (kernel command line {@code blink.name})
 * @param guestIp the guest's address on its tap link ({@code /24})
 * @param tap the host's tap device for this guest
 * @param mac the guest NIC's MAC address
 * @param memoryMb guest RAM
 * @param cpus guest virtual CPUs
 * @param kvm whether to try KVM first
 * @param serials the four serial port files (console first)
 * @param qmpSocket the lab's QMP unix socket
 * @param wakeSocket the scheduler's QMP unix socket ({@code blink.scheduler.wake.qmp.sockets})
 */
record QemuCommand(Path kernel, Path initramfs, Path rootImage, Path labImage, String name,
    String guestIp, String tap, String mac, int memoryMb, int cpus, boolean kvm,
    List<Path> serials, Path qmpSocket, Path wakeSocket) {
  /** The binary; the lab's machines run x86-64 guests only. */
  static final String QEMU = "qemu-system-x86_64";

  QemuCommand {
    Objects.requireNonNull(kernel, "kernel");
    Objects.requireNonNull(initramfs, "initramfs");
    Objects.requireNonNull(rootImage, "rootImage");
    Objects.requireNonNull(labImage, "labImage");
    Objects.requireNonNull(qmpSocket, "qmpSocket");
    Objects.requireNonNull(wakeSocket, "wakeSocket");
    serials = List.copyOf(serials);
    if (serials.size() != 4) {
      throw new IllegalArgumentException("a lab guest has 4 serial ports, got " + serials);
    }
    if (memoryMb < 256 || cpus < 1) {
      throw new IllegalArgumentException("guest " + name + ": memory " + memoryMb
          + " MB and " + cpus + " CPUs; a guest running a JVM needs at least 256 MB and 1 CPU");
    }
  }

  /** The argument vector, binary first. */
  List<String> argv() {
    List<String> a = new ArrayList<>(List.of(QEMU));
    if (kvm) {
      a.addAll(List.of("-accel", "kvm", "-accel", "tcg"));
    } else {
      a.addAll(List.of("-accel", "tcg"));
    }
    a.addAll(List.of("-m", Integer.toString(memoryMb), "-smp", Integer.toString(cpus),
        "-display", "none", "-no-reboot", "-nodefaults",
        "-kernel", kernel.toString(), "-initrd", initramfs.toString(),
        "-append", "console=ttyS0 loglevel=7 blink.ip=" + guestIp + " blink.name=" + name,
        "-global", "PIIX4_PM.disable_s3=0",
        "-drive", "file=" + rootImage + ",if=virtio,format=raw,readonly=on",
        "-drive", "file=" + labImage + ",if=virtio,format=raw,readonly=on",
        "-netdev", "tap,id=net0,ifname=" + tap + ",script=no,downscript=no",
        "-device", "virtio-net-pci,netdev=net0,mac=" + mac));
    for (Path s : serials) {
      a.addAll(List.of("-serial", "file:" + s));
    }
    a.addAll(List.of("-qmp", "unix:" + qmpSocket + ",server=on,wait=off"));
    a.addAll(List.of("-qmp", "unix:" + wakeSocket + ",server=on,wait=off"));
    return a;
  }
}
