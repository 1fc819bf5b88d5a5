package org.blinkhdfs.guest;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * The kernel modules a lab guest loads from its initramfs, with everything they depend on, in an
 * order {@code insmod} accepts (dependencies first).
 *
 * <p><b>Why not modprobe.</b> The guest's initramfs has only busybox's {@code insmod}, and the
 * kernel package is unpacked without {@code depmod} (no {@code modules.dep}; this machine has no
 * kmod). Each {@code .ko} names its own dependencies in its {@code .modinfo} section as a
 * NUL-terminated {@code depends=a,b} string, which is all this class reads. Module names use
 * {@code _} where file names may use {@code -} (the kernel treats them alike).
 *
 * <p>Example: {@code ext4.ko} carries {@code depends=jbd2,mbcache,crc16}, none of which depend on
 * anything, so {@code [ext4]} loads as {@code jbd2, mbcache, crc16, ext4}.
 */
final class KernelModules {
  /** What a guest needs: virtio PCI, its network card and disks, and the disks' file system. */
  static final List<String> GUEST =
      List.of("virtio_pci", "virtio_net", "virtio_blk", "ext4", "crc32c_generic");
  private static final byte[] DEPENDS = "\0depends=".getBytes(StandardCharsets.US_ASCII);

  private KernelModules() {}

  /**
   * The {@code .ko} files under {@code modulesDir} (an unpacked {@code lib/modules/VERSION}) for
   * {@code wanted}, dependencies first, each once, as paths relative to {@code modulesDir}.
   *
   * @throws IOException a wanted module or one it depends on is not there (the message names it)
   */
  static List<Path> inLoadOrder(Path modulesDir, List<String> wanted) throws IOException {
    Map<String, Path> byName = index(modulesDir);
    List<Path> order = new ArrayList<>();
    for (String w : wanted) {
      visit(normalize(w), byName, order, new ArrayList<>(), modulesDir);
    }
    return order.stream().map(modulesDir::relativize).toList();
  }

  private static void visit(String name, Map<String, Path> byName, List<Path> order,
      List<String> path, Path modulesDir) throws IOException {
    Path ko = byName.get(name);
    if (ko == null) {
      throw new IOException("kernel module '" + name + "' (needed by " + (path.isEmpty()
          ? "the lab guest" : String.join(" <- ", path)) + ") is not under " + modulesDir
          + ": the kernel package is incomplete or built without it; delete the cache directory"
          + " and run build/ensure-guest.sh again");
    }
    if (order.contains(ko)) {
      return;
    }
    if (path.contains(name)) {
      throw new IOException("kernel modules depend on each other in a cycle: " + path);
    }
    path.add(name);
    for (String d : dependsOf(Files.readAllBytes(ko))) {
      visit(d, byName, order, path, modulesDir);
    }
    path.remove(path.size() - 1);
    order.add(ko);
  }

  /** The module names in a {@code .ko}'s {@code depends=} string; empty when it has none. */
  static List<String> dependsOf(byte[] ko) {
    int at = indexOf(ko, DEPENDS);
    if (at < 0) {
      return List.of();
    }
    int start = at + DEPENDS.length;
    int end = start;
    while (end < ko.length && ko[end] != 0) {
      end++;
    }
    String list = new String(ko, start, end - start, StandardCharsets.US_ASCII);
    List<String> out = new ArrayList<>();
    for (String s : list.split(",")) {
      if (!s.isBlank()) {
        out.add(normalize(s.trim()));
      }
    }
    return out;
  }

  private static Map<String, Path> index(Path modulesDir) throws IOException {
    Map<String, Path> byName = new LinkedHashMap<>();
    try (Stream<Path> files = Files.walk(modulesDir)) {
      for (Path p : (Iterable<Path>) files.sorted()::iterator) {
        String f = p.getFileName().toString();
        if (f.endsWith(".ko")) {
          byName.putIfAbsent(normalize(f.substring(0, f.length() - 3)), p);
        }
      }
    }
    return byName;
  }

  private static String normalize(String name) {
    return name.replace('-', '_');
  }

  private static int indexOf(byte[] haystack, byte[] needle) {
    outer:
    for (int i = 0; i + needle.length <= haystack.length; i++) {
      for (int j = 0; j < needle.length; j++) {
        if (haystack[i + j] != needle[j]) {
          continue outer;
        }
      }
      return i;
    }
    return -1;
  }
}
