package org.blinkhdfs.guest;

import java.io.BufferedReader;
import java.io.Closeable;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.Channels;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One running lab guest: a QEMU process booting {@link GuestImages} with its own lab disk (the
 * files given, e.g. {@code run.sh} and conf dirs, in a read-only ext4 image built with {@code
 * mke2fs -d}), on its tap {@link GuestNet.Link}, its serial ports in files under its directory
 * ({@code console.log}, {@code ttyS1.log}, {@code ttyS2.log}, {@code lab.log}) and two QMP
 * sockets (the lab's, and {@link #wakeSocket} for the scheduler).
 *
 * <p>Closing asks QEMU to quit over QMP, then kills the process: a guest holds no state the lab
 * needs after it (its {@code /tmp} is RAM).
 */
public final class Guest implements Closeable {
  private static final Pattern STATUS = Pattern.compile("\"status\":\\s*\"([a-z-]+)\"");
  private static final Pattern KVM = Pattern.compile("\"enabled\":\\s*(true|false)");
  private static final long QMP_TIMEOUT_MS = 10_000;

  private final String name;
  private final GuestNet.Link link;
  private final Path dir;
  private final Process process;
  private final Path qmpSocket;

  private Guest(String name, GuestNet.Link link, Path dir, Process process, Path qmpSocket) {
    this.name = name;
    this.link = link;
    this.dir = dir;
    this.process = process;
    this.qmpSocket = qmpSocket;
  }

  /**
   * Builds the lab disk from {@code files} (path in the disk to content; {@code run.sh} is what
   * the guest runs) and boots the guest.
   *
   * @param dir this guest's directory on the host (created; its logs go there)
   */
  public static Guest start(GuestImages images, String name, GuestNet.Link link,
      Map<String, String> files, int memoryMb, int cpus, Path dir)
      throws IOException, InterruptedException {
    if (!files.containsKey("run.sh")) {
      throw new IllegalArgumentException("guest " + name + ": the lab disk needs a run.sh");
    }
    Files.createDirectories(dir);
    Path content = dir.resolve("lab");
    deleteTree(content);
    for (Map.Entry<String, String> f : files.entrySet()) {
      Path p = content.resolve(f.getKey());
      Files.createDirectories(p.getParent());
      Files.writeString(p, f.getValue());
    }
    Path labImage = dir.resolve("lab.img");
    Files.deleteIfExists(labImage);
    run(List.of("mke2fs", "-q", "-t", "ext4", "-d", content.toString(), "-L", "blinklab",
        labImage.toString(), "32M"), dir.resolve("mke2fs.log"));
    List<Path> serials = List.of(dir.resolve("console.log"), dir.resolve("ttyS1.log"),
        dir.resolve("ttyS2.log"), dir.resolve("lab.log"));
    for (Path s : serials) {
      Files.deleteIfExists(s);
    }
    Path qmp = dir.resolve("qmp.sock");
    Files.deleteIfExists(qmp);
    Files.deleteIfExists(wakeSocket(dir));
    String[] octets = link.guestIp().split("\\.");
    QemuCommand cmd = new QemuCommand(images.kernel().vmlinuz(), images.initramfs(),
        images.rootImage(), labImage, name, link.guestIp(), link.tap(),
        String.format("52:54:00:77:%02x:%02x", Integer.parseInt(octets[2]),
            Integer.parseInt(octets[3])), memoryMb, cpus,
        Files.exists(Path.of("/dev/kvm")), serials, qmp, wakeSocket(dir));
    Process p = new ProcessBuilder(cmd.argv()).redirectErrorStream(true)
        .redirectOutput(dir.resolve("qemu.log").toFile()).start();
    return new Guest(name, link, dir, p, qmp);
  }

  public String name() {
    return name;
  }

  /**
   * The QMP socket of the guest in {@code dir} kept for the scheduler's wake backend ({@code
   * blink.scheduler.wake.qmp.sockets}); the lab's own queries use another.
   */
  public static Path wakeSocket(Path dir) {
    return dir.resolve("wake.sock");
  }

  public GuestNet.Link link() {
    return link;
  }

  public Path dir() {
    return dir;
  }

  public boolean isAlive() {
    return process.isAlive();
  }

  /** Serial port {@code n}'s file: 0 console, 1 and 2 the guest's processes, 3 lab channel. */
  public Path serial(int n) {
    return switch (n) {
      case 0 -> dir.resolve("console.log");
      case 1, 2 -> dir.resolve("ttyS" + n + ".log");
      case 3 -> dir.resolve("lab.log");
      default -> throw new IllegalArgumentException("serial port " + n + " of 0..3");
    };
  }

  /** Every line of serial port {@code n} so far (carriage returns removed). */
  public List<String> lines(int n) throws IOException {
    Path f = serial(n);
    if (!Files.exists(f)) {
      return List.of();
    }
    String text = new String(Files.readAllBytes(f), StandardCharsets.UTF_8).replace("\r", "");
    return List.of(text.split("\n"));
  }

  /**
   * Waits until a line of serial port {@code n} matches {@code pattern}; returns the first.
   *
   * @throws IOException the guest died or {@code timeoutMs} passed; the message names the log
   */
  public Matcher awaitLine(int n, Pattern pattern, long timeoutMs)
      throws IOException, InterruptedException {
    long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(timeoutMs);
    while (true) {
      for (String l : lines(n)) {
        Matcher m = pattern.matcher(l);
        if (m.find()) {
          return m;
        }
      }
      if (!process.isAlive()) {
        throw new IOException("guest " + name + " exited (" + process.exitValue() + ") before "
            + "printing /" + pattern + "/ on serial " + n + "; see " + dir);
      }
      if (System.nanoTime() > deadline) {
        throw new IOException("guest " + name + " printed no /" + pattern + "/ on " + serial(n)
            + " within " + timeoutMs + " ms");
      }
      Thread.sleep(200);
    }
  }

  /** QEMU's run state: {@code running}, {@code suspended} (S3), ... */
  public String status() throws IOException {
    String reply = qmp("{\"execute\":\"query-status\"}");
    Matcher m = STATUS.matcher(reply);
    if (!m.find()) {
      throw new IOException("QMP query-status of guest " + name + " answered " + reply);
    }
    return m.group(1);
  }

  /** {@code kvm} or {@code tcg}: what QEMU runs this guest with. */
  public String accelerator() throws IOException {
    Matcher m = KVM.matcher(qmp("{\"execute\":\"query-kvm\"}"));
    return m.find() && m.group(1).equals("true") ? "kvm" : "tcg";
  }

  /** One QMP command on a fresh connection; returns the {@code return} (or error) line. */
  String qmp(String command) throws IOException {
    try (SocketChannel ch = SocketChannel.open(StandardProtocolFamily.UNIX)) {
      ch.connect(UnixDomainSocketAddress.of(qmpSocket));
      BufferedReader in = new BufferedReader(new InputStreamReader(Channels.newInputStream(ch),
          StandardCharsets.UTF_8));
      OutputStream out = Channels.newOutputStream(ch);
      long deadline = System.currentTimeMillis() + QMP_TIMEOUT_MS;
      readReply(in, "QMP", deadline);
      out.write("{\"execute\":\"qmp_capabilities\"}\n".getBytes(StandardCharsets.UTF_8));
      readReply(in, "return", deadline);
      out.write((command + "\n").getBytes(StandardCharsets.UTF_8));
      return readReply(in, "return", deadline);
    } catch (UnsupportedOperationException e) {
      throw new IOException("unix sockets unsupported: " + e.getMessage(), e);
    }
  }

  private String readReply(BufferedReader in, String key, long deadline) throws IOException {
    while (System.currentTimeMillis() < deadline) {
      String line = in.readLine();
      if (line == null) {
        break;
      }
      if (line.contains("\"" + key + "\"") || line.contains("\"error\"")) {
        return line;
      }
    }
    throw new IOException("QMP of guest " + name + " (" + qmpSocket + ") gave no '" + key
        + "' reply");
  }

  /** The kernel console's lines matching {@code pattern}, in order. */
  public List<String> consoleLines(Pattern pattern) throws IOException {
    List<String> out = new ArrayList<>();
    for (String l : lines(0)) {
      if (pattern.matcher(l).find()) {
        out.add(l);
      }
    }
    return out;
  }

  /** The last {@code blink-stats} line of the lab channel, if any. */
  public Optional<GuestStats> lastStats() throws IOException {
    List<String> ls = lines(GuestRunScript.LAB_CHANNEL);
    for (int i = ls.size() - 1; i >= 0; i--) {
      Optional<GuestStats> s = GuestStats.parse(ls.get(i));
      if (s.isPresent()) {
        return s;
      }
    }
    return Optional.empty();
  }

  @Override
  public void close() {
    if (process.isAlive()) {
      try {
        qmp("{\"execute\":\"quit\"}");
      } catch (IOException e) {
        // killed below
      }
      try {
        if (!process.waitFor(5, TimeUnit.SECONDS)) {
          process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        }
      } catch (InterruptedException e) {
        process.destroyForcibly();
        Thread.currentThread().interrupt();
      }
    }
  }

  private static void run(List<String> cmd, Path log) throws IOException, InterruptedException {
    Process p = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(log.toFile())
        .start();
    if (!p.waitFor(60, TimeUnit.SECONDS) || p.exitValue() != 0) {
      throw new IOException("'" + String.join(" ", cmd) + "' failed: "
          + Files.readString(log).strip());
    }
  }

  private static void deleteTree(Path p) throws IOException {
    if (!Files.exists(p)) {
      return;
    }
    try (var s = Files.walk(p)) {
      for (Path f : (Iterable<Path>) s.sorted(java.util.Comparator.reverseOrder())::iterator) {
        Files.delete(f);
      }
    }
  }
}
