package org.blinkhdfs.guest;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.Objects;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * The Linux kernel the lab's guests boot: Debian's own, unpacked by {@code build/ensure-guest.sh}
 * into {@code $BLINK_GUEST_CACHE} (default {@code ~/.cache/blinkhdfs/guest}) as {@code
 * VERSION/vmlinuz} and {@code VERSION/modules}.
 *
 * @param version the kernel release, e.g. {@code 6.1.0-56-amd64}
 * @param vmlinuz the kernel image
 * @param modules the unpacked {@code lib/modules/VERSION}
 */
public record GuestKernel(String version, Path vmlinuz, Path modules) {
  /** Environment variable naming the cache directory. */
  public static final String CACHE_ENV = "BLINK_GUEST_CACHE";

  public GuestKernel {
    Objects.requireNonNull(version, "version");
    Objects.requireNonNull(vmlinuz, "vmlinuz");
    Objects.requireNonNull(modules, "modules");
  }

  /** The cache directory: {@code $BLINK_GUEST_CACHE}, else {@code ~/.cache/blinkhdfs/guest}. */
  public static Path cacheDir() {
    String env = System.getenv(CACHE_ENV);
    return env != null && !env.isBlank() ? Path.of(env)
        : Path.of(System.getProperty("user.home"), ".cache", "blinkhdfs", "guest");
  }

  /**
   * The newest kernel in {@code cache}.
   *
   * @throws IOException none is there; the message says to run {@code build/ensure-guest.sh}
   */
  public static GuestKernel find(Path cache) throws IOException {
    Optional<Path> dir = Optional.empty();
    if (Files.isDirectory(cache)) {
      try (Stream<Path> s = Files.list(cache)) {
        dir = s.filter(d -> Files.isRegularFile(d.resolve("vmlinuz"))
                && Files.isDirectory(d.resolve("modules")))
            .max(Comparator.comparing(d -> d.getFileName().toString()));
      }
    }
    Path d = dir.orElseThrow(() -> new IOException("no guest kernel under " + cache + " ("
        + CACHE_ENV + "): run build/ensure-guest.sh, which installs QEMU and unpacks Debian's"
        + " kernel there (needs root and apt-get; mvn -B verify runs it)"));
    return new GuestKernel(d.getFileName().toString(), d.resolve("vmlinuz"),
        d.resolve("modules"));
  }
}
