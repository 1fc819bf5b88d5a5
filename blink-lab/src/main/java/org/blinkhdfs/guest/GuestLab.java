package org.blinkhdfs.guest;

import java.io.Closeable;
import java.io.File;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * A set of real-kernel lab guests on this host: the kernel ({@link GuestKernel}), the images for
 * a classpath ({@link GuestImages}), one tap link per guest ({@link GuestNet}) and the running
 * guests. Everything a guest runs comes from {@code classpath} on this JVM's JDK, so a guest runs
 * exactly the code the host does ({@link #java}); the root disk holds the classpath under
 * {@code /cp}.
 *
 * <p>Closing stops every guest and removes the taps. Not thread-safe.
 */
public final class GuestLab implements Closeable {
  /** Where the root disk holds the classpath's entries (at their host paths below it). */
  static final String CLASSPATH_ROOT = "/cp";

  private final GuestImages images;
  private final GuestNet net;
  private final String classpath;
  private final Path dir;
  private final Path java;
  private final List<Guest> guests = new ArrayList<>();

  private GuestLab(GuestImages images, GuestNet net, String classpath, Path dir)
      throws IOException {
    this.java = Path.of(System.getProperty("java.home")).toRealPath().resolve("bin/java");
    this.images = images;
    this.net = net;
    this.classpath = classpath;
    this.dir = dir;
  }

  /**
   * Finds the kernel, builds or reuses the images and creates {@code links} tap links.
   *
   * @param dir where the guests' directories go
   */
  public static GuestLab open(int links, String classpath, Path dir)
      throws IOException, InterruptedException {
    GuestKernel kernel = GuestKernel.find(GuestKernel.cacheDir());
    GuestImages images = GuestImages.ensure(kernel, classpath, GuestKernel.cacheDir());
    GuestNet net = GuestNet.create(links);
    try {
      return new GuestLab(images, net, classpath, dir);
    } catch (IOException | RuntimeException e) {
      net.close();
      throw e;
    }
  }

  public GuestImages images() {
    return images;
  }

  /** The host's address on the lab bridge. */
  public String hostIp() {
    return net.hostIp();
  }

  /** The tap links, one per guest slot. */
  public List<GuestNet.Link> links() {
    return net.links();
  }

  /** The directory guest {@code name} runs in. */
  public Path guestDir(String name) {
    return dir.resolve(name);
  }

  public List<Guest> guests() {
    return List.copyOf(guests);
  }

  /**
   * Boots guest slot {@code slot} with {@code files} on its lab disk.
   *
   * @param name its host name and directory name
   */
  public Guest boot(int slot, String name, Map<String, String> files, int memoryMb, int cpus)
      throws IOException, InterruptedException {
    Objects.checkIndex(slot, net.links().size());
    Guest g = Guest.start(images, name, net.links().get(slot), files, memoryMb, cpus,
        guestDir(name));
    guests.add(g);
    return g;
  }

  /**
   * The command that runs {@code mainClass} in a guest: this JVM's {@code java} (the root image
   * has the JDK at the same path), {@code jvmFlags}, the lab's classpath after {@code
   * classpathPrefix} (a conf dir on the lab disk, or empty), then {@code args}.
   */
  public List<String> java(List<String> jvmFlags, String classpathPrefix, String mainClass,
      List<String> args) {
    List<String> cmd = new ArrayList<>();
    cmd.add(java.toString());
    cmd.addAll(jvmFlags);
    cmd.add("-Djava.io.tmpdir=/tmp");
    cmd.add("-cp");
    cmd.add(classpathPrefix.isEmpty() ? guestClasspath()
        : classpathPrefix + File.pathSeparator + guestClasspath());
    cmd.add(mainClass);
    cmd.addAll(args);
    return cmd;
  }

  /**
   * The classpath as the guest sees it: each entry under {@link #CLASSPATH_ROOT} of the root
   * disk, since the guest's {@code /tmp} is RAM and a checkout under {@code /tmp} would be hidden.
   */
  String guestClasspath() {
    StringBuilder sb = new StringBuilder();
    for (String e : classpath.split(File.pathSeparator)) {
      if (!e.isEmpty()) {
        sb.append(sb.length() == 0 ? "" : File.pathSeparator).append(CLASSPATH_ROOT)
            .append(Path.of(e).toAbsolutePath());
      }
    }
    return sb.toString();
  }

  @Override
  public void close() {
    for (Guest g : guests) {
      g.close();
    }
    net.close();
  }
}
