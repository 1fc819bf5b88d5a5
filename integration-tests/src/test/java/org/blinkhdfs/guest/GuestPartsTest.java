package org.blinkhdfs.guest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The lab guest's pure parts, on plain files and strings. */
class GuestPartsTest {
  @TempDir
  Path dir;

  private void ko(String rel, String depends) throws IOException {
    Path p = dir.resolve(rel);
    Files.createDirectories(p.getParent());
    // A .modinfo section is NUL-separated key=value strings inside the ELF file.
    String modinfo = "\0\u007fELF junk\0license=GPL\0" + (depends == null ? ""
        : "depends=" + depends + "\0") + "name=" + p.getFileName() + "\0";
    Files.write(p, modinfo.getBytes(StandardCharsets.ISO_8859_1));
  }

  @Test
  void modulesLoadDependenciesFirstEachOnce() throws IOException {
    ko("kernel/fs/ext4/ext4.ko", "jbd2,mbcache,crc16");
    ko("kernel/fs/jbd2/jbd2.ko", "");
    ko("kernel/fs/mbcache.ko", null);
    ko("kernel/lib/crc16.ko", "");
    ko("kernel/drivers/virtio/virtio-pci.ko", "virtio_ring,virtio");
    ko("kernel/drivers/virtio/virtio.ko", "virtio_ring");
    ko("kernel/drivers/virtio/virtio_ring.ko", "");
    List<Path> order = KernelModules.inLoadOrder(dir, List.of("ext4", "virtio_pci", "jbd2"));
    assertEquals(List.of("kernel/fs/jbd2/jbd2.ko", "kernel/fs/mbcache.ko", "kernel/lib/crc16.ko",
        "kernel/fs/ext4/ext4.ko", "kernel/drivers/virtio/virtio_ring.ko",
        "kernel/drivers/virtio/virtio.ko", "kernel/drivers/virtio/virtio-pci.ko"),
        order.stream().map(Path::toString).toList());
  }

  @Test
  void aMissingModuleIsNamedWithWhoNeedsIt() throws IOException {
    ko("kernel/fs/ext4/ext4.ko", "jbd2");
    IOException e = assertThrows(IOException.class,
        () -> KernelModules.inLoadOrder(dir, List.of("ext4")));
    assertTrue(e.getMessage().contains("'jbd2' (needed by ext4)"), e.getMessage());
    assertTrue(e.getMessage().contains("build/ensure-guest.sh"), e.getMessage());
  }

  @Test
  void runScriptQuotesEveryArgumentAndReportsTheKernelCounters() {
    String s = GuestRunScript.of(List.of(new GuestRunScript.GuestProcess("agent", 2,
        List.of("/usr/bin/java", "-Dx=it's", "Main"))));
    assertTrue(s.contains("'/usr/bin/java' '-Dx=it'\\''s' 'Main' >/dev/ttyS2 2>&1 &\n"), s);
    assertTrue(s.contains("success=$(cat $s/success) fail=$(cat $s/fail)"), s);
    assertTrue(s.contains(">/dev/ttyS3"), s);
    assertThrows(IllegalArgumentException.class,
        () -> new GuestRunScript.GuestProcess("x", 3, List.of("a")));
  }

  @Test
  void statsLinesParse() {
    assertEquals(Optional.of(new GuestStats(1795940750L, 3, 0, 212.31)),
        GuestStats.parse("blink-stats wall_s=1795940750 success=3 fail=0 uptime=212.31"));
    assertEquals(Optional.empty(), GuestStats.parse("blink-stats wall_s=17959 success=3"));
  }

  @Test
  void qemuCommandEnablesS3AndUsesTheTap() {
    QemuCommand c = new QemuCommand(Path.of("/k/vmlinuz"), Path.of("/i.gz"), Path.of("/r.img"),
        Path.of("/l.img"), "g0", "10.77.3.2", "blinklab3", "52:54:00:77:03:02", 768, 2, false,
        List.of(Path.of("/c"), Path.of("/1"), Path.of("/2"), Path.of("/3")), Path.of("/q.sock"),
        Path.of("/w.sock"));
    String a = String.join(" ", c.argv());
    assertTrue(a.startsWith("qemu-system-x86_64 -accel tcg -m 768 -smp 2 "), a);
    assertTrue(a.contains("-global PIIX4_PM.disable_s3=0"), a);
    assertTrue(a.contains("-netdev tap,id=net0,ifname=blinklab3,script=no,downscript=no"), a);
    assertTrue(a.contains("blink.ip=10.77.3.2 blink.name=g0"), a);
    assertTrue(a.contains("-drive file=/r.img,if=virtio,format=raw,readonly=on"), a);
    assertTrue(a.endsWith("-serial file:/3 -qmp unix:/q.sock,server=on,wait=off"
        + " -qmp unix:/w.sock,server=on,wait=off"), a);
    assertTrue(String.join(" ", new QemuCommand(Path.of("/k"), Path.of("/i"), Path.of("/r"),
        Path.of("/l"), "g", "10.77.1.2", "t", "m", 512, 1, true, List.of(Path.of("/c"),
        Path.of("/1"), Path.of("/2"), Path.of("/3")), Path.of("/q"), Path.of("/w")).argv())
        .contains("-accel kvm -accel tcg"));
  }
}
