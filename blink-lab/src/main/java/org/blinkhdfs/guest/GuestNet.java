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
 * The lab's network: a bridge {@code blinklabK} on the host with address {@code 10.77.K.1/24},
 * and one tap device per guest ({@code blinklabKtI}) on it; guest {@code I} is {@code
 * 10.77.K.(10+I)}. The NameNode, the scheduler, staging DataNodes and clients on the host use
 * {@code 10.77.K.1}; guests reach the host and each other there (a write pipeline from one guest
 * DataNode to another is bridged, no IP forwarding needed).
 *
 * <p><b>Why taps, not QEMU's user-mode networking.</b> With user-mode networking the host side of
 * a forwarded port is a socket in QEMU's own process, which keeps running while the guest is in
 * S3: a client's connect would succeed and then hang, as against a frozen JVM. Behind a tap, a
 * suspended guest answers nothing, not even ARP: the client sees what it would see of a real
 * suspended host. Taps need root (CAP_NET_ADMIN) and {@code /dev/net/tun}; the lab says so when
 * either is missing.
 *
 * <p>The subnet is the first {@code 10.77.K.0/24} no host interface has an address in; bridges
 * and taps left by a lab that was killed (no running QEMU names its taps) are removed first.
 * Closing removes this lab's taps and bridge.
 */
public final class GuestNet implements AutoCloseable {
  static final String PREFIX = "blinklab";
  private static final Pattern LINK = Pattern.compile("\\d+: (" + PREFIX + "(\\d+)(t\\d+)?)[:@]");
  private static final Pattern SUBNET = Pattern.compile("inet 10\\.77\\.(\\d+)\\.");

  /**
   * One guest's link.
   *
   * @param tap the host's tap device
   * @param hostIp the host's address on the bridge
   * @param guestIp the guest's address
   */
  public record Link(String tap, String hostIp, String guestIp) {}

  private final List<Link> links = new ArrayList<>();
  private String bridge;

  private GuestNet() {}

  /** Creates the bridge and {@code count} taps on a free subnet. */
  public static GuestNet create(int count) throws IOException, InterruptedException {
    if (!Files.exists(Path.of("/dev/net/tun"))) {
      throw new IOException("/dev/net/tun is missing: the lab's guests need tap devices "
          + "(modprobe tun, or run where it exists)");
    }
    if (count < 1 || count > 200) {
      throw new IllegalArgumentException("guests = " + count + ": use 1..200");
    }
    reapStale();
    Set<Integer> used = new HashSet<>();
    Matcher m = SUBNET.matcher(ip("-4", "-o", "addr", "show"));
    while (m.find()) {
      used.add(Integer.parseInt(m.group(1)));
    }
    int k = 1;
    while (used.contains(k)) {
      k++;
    }
    if (k > 254) {
      throw new IOException("no free 10.77.K.0/24 subnet for the lab");
    }
    GuestNet net = new GuestNet();
    try {
      String host = "10.77." + k + ".1";
      net.bridge = PREFIX + k;
      ip("link", "add", net.bridge, "type", "bridge");
      ip("addr", "add", host + "/24", "dev", net.bridge);
      ip("link", "set", net.bridge, "up");
      for (int i = 0; i < count; i++) {
        Link l = new Link(net.bridge + "t" + i, host, "10.77." + k + "." + (10 + i));
        ip("tuntap", "add", "dev", l.tap(), "mode", "tap");
        net.links.add(l);
        ip("link", "set", l.tap(), "master", net.bridge);
        ip("link", "set", l.tap(), "up");
      }
      return net;
    } catch (IOException | RuntimeException e) {
      net.close();
      throw e;
    }
  }

  /** The host's address on the lab bridge: where guests reach the host's daemons. */
  public String hostIp() {
    return links.get(0).hostIp();
  }

  public List<Link> links() {
    return List.copyOf(links);
  }

  @Override
  public void close() {
    List<String> devices = new ArrayList<>();
    links.forEach(l -> devices.add(l.tap()));
    if (bridge != null) {
      devices.add(bridge);
    }
    for (String d : devices) {
      try {
        ip("link", "del", d);
      } catch (IOException e) {
        // already gone
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
  }

  /** Deletes the {@code blinklabK} bridges and taps of labs none of whose QEMUs still runs. */
  static void reapStale() throws IOException, InterruptedException {
    Set<String> inUse = new HashSet<>();
    try (Stream<Path> procs = Files.list(Path.of("/proc"))) {
      for (Path p : (Iterable<Path>) procs::iterator) {
        if (p.getFileName().toString().chars().allMatch(Character::isDigit)) {
          try {
            String cmd = new String(Files.readAllBytes(p.resolve("cmdline")),
                StandardCharsets.UTF_8);
            Matcher m = Pattern.compile("ifname=" + PREFIX + "(\\d+)t").matcher(cmd);
            while (m.find()) {
              inUse.add(m.group(1));
            }
          } catch (IOException gone) {
            // the process ended while we looked
          }
        }
      }
    }
    Matcher m = LINK.matcher(ip("-o", "link", "show"));
    List<String> stale = new ArrayList<>();
    while (m.find()) {
      if (!inUse.contains(m.group(2))) {
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
