package org.blinkhdfs.guest;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * One tap device per lab guest, each its own {@code /24}: the host is {@code 10.77.K.1} on tap
 * {@code blinklabK}, the guest {@code 10.77.K.2}. The NameNode, the scheduler and every client on
 * the host reach a guest's DataNode at {@code 10.77.K.2}; the guest reaches the host at
 * {@code 10.77.K.1}.
 *
 * <p><b>Why taps, not QEMU's user-mode networking.</b> With user-mode networking the host side of
 * a forwarded port is a socket in QEMU's own process, which keeps running while the guest is in
 * S3: a client's connect would succeed and then hang, as against a frozen JVM. Behind a tap, a
 * suspended guest answers nothing, not even ARP: the client sees what it would see of a real
 * suspended host. Taps need root (CAP_NET_ADMIN) and {@code /dev/net/tun}; the lab says so when
 * either is missing.
 *
 * <p>Free subnets are those no host interface has an address in; taps left by a lab that was
 * killed (no running QEMU names them) are removed first. Closing removes this lab's taps.
 */
public final class GuestNet implements AutoCloseable {
  static final String PREFIX = "blinklab";
  private static final Pattern TAP = Pattern.compile("\\d+: (" + PREFIX + "\\d+)[:@]");
  private static final Pattern SUBNET = Pattern.compile("inet 10\\.77\\.(\\d+)\\.");

  /**
   * One guest's link.
   *
   * @param tap the host's tap device
   * @param hostIp the host's address on it
   * @param guestIp the guest's address
   */
  public record Link(String tap, String hostIp, String guestIp) {}

  private final List<Link> links = new ArrayList<>();

  private GuestNet() {}

  /** Creates {@code count} taps on free subnets. */
  public static GuestNet create(int count) throws IOException, InterruptedException {
    if (!Files.exists(Path.of("/dev/net/tun"))) {
      throw new IOException("/dev/net/tun is missing: the lab's guests need tap devices "
          + "(modprobe tun, or run where it exists)");
    }
    reapStale();
    Set<Integer> used = new HashSet<>();
    Matcher m = SUBNET.matcher(ip("-4", "-o", "addr", "show"));
    while (m.find()) {
      used.add(Integer.parseInt(m.group(1)));
    }
    GuestNet net = new GuestNet();
    List<Link> links = net.links;
    try {
      for (int k = 1; k < 255 && links.size() < count; k++) {
        if (used.contains(k)) {
          continue;
        }
        Link l = new Link(PREFIX + k, "10.77." + k + ".1", "10.77." + k + ".2");
        ip("tuntap", "add", "dev", l.tap(), "mode", "tap");
        links.add(l);
        ip("addr", "add", l.hostIp() + "/24", "dev", l.tap());
        ip("link", "set", l.tap(), "up");
      }
      if (links.size() < count) {
        throw new IOException("no free 10.77.K.0/24 subnet for " + count + " guests");
      }
      return net;
    } catch (IOException | RuntimeException e) {
      net.close();
      throw e;
    }
  }

  public List<Link> links() {
    return List.copyOf(links);
  }

  @Override
  public void close() {
    for (Link l : links) {
      try {
        ip("link", "del", l.tap());
      } catch (IOException | InterruptedException e) {
        if (e instanceof InterruptedException) {
          Thread.currentThread().interrupt();
        }
      }
    }
  }

  /** Deletes {@code blinklabK} taps that no running QEMU names. */
  static void reapStale() throws IOException, InterruptedException {
    Set<String> inUse = new HashSet<>();
    try (Stream<Path> procs = Files.list(Path.of("/proc"))) {
      for (Path p : (Iterable<Path>) procs::iterator) {
        if (p.getFileName().toString().chars().allMatch(Character::isDigit)) {
          try {
            String cmd = new String(Files.readAllBytes(p.resolve("cmdline")),
                StandardCharsets.UTF_8);
            Matcher m = Pattern.compile("ifname=(" + PREFIX + "\\d+)").matcher(cmd);
            while (m.find()) {
              inUse.add(m.group(1));
            }
          } catch (IOException gone) {
            // the process ended while we looked
          }
        }
      }
    }
    Matcher m = TAP.matcher(ip("-o", "link", "show"));
    List<String> stale = new ArrayList<>();
    while (m.find()) {
      if (!inUse.contains(m.group(1))) {
        stale.add(m.group(1));
      }
    }
    for (String t : stale) {
      ip("link", "del", t);
    }
  }

  private static String ip(String... args) throws IOException, InterruptedException {
    List<String> cmd = new ArrayList<>(List.of("ip"));
    cmd.addAll(List.of(args));
    Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    if (!p.waitFor(30, TimeUnit.SECONDS) || p.exitValue() != 0) {
      throw new IOException("'" + String.join(" ", cmd) + "' failed: " + out.strip()
          + " (the lab's taps need root: CAP_NET_ADMIN)");
    }
    return out;
  }
}
