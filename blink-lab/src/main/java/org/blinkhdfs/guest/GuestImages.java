package org.blinkhdfs.guest;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * The initramfs and the shared read-only root disk every lab guest boots from, built by the
 * {@code guest-images.sh} resource and cached under the kernel cache by a digest of what went
 * into them: the kernel version, the JDK, both scripts, and every classpath entry's path, size
 * and modification time. A rebuilt jar therefore means a new root disk (about 10 s); an unchanged
 * checkout reuses it.
 *
 * @param kernel the guest kernel
 * @param initramfs busybox, the modules of {@link KernelModules#GUEST} and the guest's init
 * @param rootImage the JDK, its libraries and the classpath's jars at their host paths
 */
public record GuestImages(GuestKernel kernel, Path initramfs, Path rootImage) {
  private static final String RES = "/org/blinkhdfs/guest/";
  private static final long BUILD_TIMEOUT_MS = 600_000;

  public GuestImages {
    Objects.requireNonNull(kernel, "kernel");
    Objects.requireNonNull(initramfs, "initramfs");
    Objects.requireNonNull(rootImage, "rootImage");
  }

  /**
   * The images for running {@code classpath} on this JVM's JDK in guests of {@code kernel},
   * built when the cache has none for exactly these inputs.
   */
  public static GuestImages ensure(GuestKernel kernel, String classpath, Path cache)
      throws IOException, InterruptedException {
    Path javaHome = Path.of(System.getProperty("java.home")).toRealPath();
    String initScript = resource("guest-init.sh");
    String buildScript = resource("guest-images.sh");
    String key = digest(kernel.version(), javaHome.toString(), initScript, buildScript,
        fingerprint(classpath));
    Path dir = cache.resolve("images").resolve(key.substring(0, 16));
    GuestImages images = new GuestImages(kernel, dir.resolve("initramfs.gz"),
        dir.resolve("root.img"));
    if (Files.isRegularFile(images.initramfs) && Files.isRegularFile(images.rootImage)) {
      return images;
    }
    Files.createDirectories(dir);
    Path init = dir.resolve("guest-init.sh");
    Path script = dir.resolve("guest-images.sh");
    Path cp = dir.resolve("classpath.txt");
    Files.writeString(init, initScript);
    Files.writeString(script, buildScript);
    Files.writeString(cp, classpath);
    List<String> modules = new ArrayList<>();
    for (Path m : KernelModules.inLoadOrder(kernel.modules(), KernelModules.GUEST)) {
      modules.add(m.toString());
    }
    Path log = dir.resolve("build.log");
    Process p = new ProcessBuilder("bash", script.toString(), dir.toString(),
        kernel.modules().toString(), String.join(" ", modules), init.toString(), cp.toString(),
        javaHome.toString()).redirectErrorStream(true).redirectOutput(log.toFile()).start();
    if (!p.waitFor(BUILD_TIMEOUT_MS, TimeUnit.MILLISECONDS)) {
      p.destroyForcibly();
      throw new IOException("building the guest images took over " + BUILD_TIMEOUT_MS
          + " ms; see " + log);
    }
    if (p.exitValue() != 0) {
      throw new IOException("building the guest images failed (exit " + p.exitValue()
          + "): " + Files.readString(log).strip() + " (log " + log + ")");
    }
    return images;
  }

  private static String resource(String name) throws IOException {
    try (InputStream in = GuestImages.class.getResourceAsStream(RES + name)) {
      if (in == null) {
        throw new IOException("resource " + RES + name + " is missing from the blink-lab jar");
      }
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
  }

  /** Path, size and mtime of each entry; for a directory, of every file under it. */
  private static String fingerprint(String classpath) throws IOException {
    StringBuilder sb = new StringBuilder();
    for (String e : classpath.split(File.pathSeparator)) {
      Path p = Path.of(e);
      if (Files.isDirectory(p)) {
        try (Stream<Path> s = Files.walk(p)) {
          for (Path f : (Iterable<Path>) s.filter(Files::isRegularFile).sorted()::iterator) {
            sb.append(f).append(' ').append(Files.size(f)).append(' ')
                .append(Files.getLastModifiedTime(f).toMillis()).append('\n');
          }
        }
      } else if (Files.exists(p)) {
        sb.append(p).append(' ').append(Files.size(p)).append(' ')
            .append(Files.getLastModifiedTime(p).toMillis()).append('\n');
      }
    }
    return sb.toString();
  }

  private static String digest(String... parts) {
    try {
      MessageDigest md = MessageDigest.getInstance("SHA-256");
      for (String s : parts) {
        md.update(s.getBytes(StandardCharsets.UTF_8));
        md.update((byte) 0);
      }
      return HexFormat.of().formatHex(md.digest());
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("SHA-256 is part of every JDK", e);
    }
  }
}
