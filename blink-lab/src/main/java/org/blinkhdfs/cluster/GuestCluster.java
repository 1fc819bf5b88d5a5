package org.blinkhdfs.cluster;

import java.io.ByteArrayOutputStream;
import java.io.Closeable;
import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.blinkhdfs.guest.Guest;
import org.blinkhdfs.guest.GuestLab;
import org.blinkhdfs.guest.GuestRunScript;
import org.blinkhdfs.model.config.CoreConfig;
import org.blinkhdfs.model.config.TransitionConfig;
import org.blinkhdfs.model.power.PowerLevel;
import org.blinkhdfs.scheduler.SchedulerConfig;
import org.blinkhdfs.scheduler.SchedulerDaemon;
import org.blinkhdfs.scheduler.wake.WakeConfig;

/**
 * A blinking HDFS cluster whose ring DataNodes are real hosts: each runs in a QEMU guest with its
 * own Linux kernel ({@link GuestLab}), next to {@code bin/blink agent --actuator real} as root,
 * which suspends the guest to ACPI S3 outside its windows with the RTC alarm set to wake it.
 * The NameNode, the staging DataNode(s), the power scheduler and every client run on this host,
 * on the lab bridge's address ({@code 10.77.K.1}); guest {@code I}'s DataNode is {@code
 * 10.77.K.(10+I):9866}, its name in the schedule.
 *
 * <p>Keys are the local cluster's ({@link HdfsSite}: layout policy, blink read ordering and
 * plugin, timeouts from the interval) with the addresses moved onto the bridge. The scheduler
 * serves on the bridge with simple authentication ({@code blink.security.simple.insecure.allowed}
 * — the bridge is a host-only link no other machine reaches).
 *
 * <p>Closing stops the guests (every DataNode in them), the scheduler, then the host's daemons.
 */
public final class GuestCluster implements Closeable {
  /** A guest DataNode's ports (each guest has its own address, so all use HDFS's defaults). */
  static final int XFER = 9866;
  private static final long START_TIMEOUT_MS = 420_000;
  /** Heap and JIT of the JVMs in guests: TCG makes C2 compilation expensive. */
  private static final List<String> GUEST_JVM = List.of("-XX:+UseSerialGC",
      "-XX:TieredStopAtLevel=1", "-Xss256k");

  private final ClusterSpec spec;
  private final Path dir;
  private final Consumer<String> progress;
  private final List<JavaDaemon> daemons = new ArrayList<>();
  private final List<String> ring = new ArrayList<>();
  private final List<String> staging = new ArrayList<>();
  private GuestLab lab;
  private SchedulerDaemon scheduler;
  private HdfsSite site;
  private NameNodeView nameNode;

  private GuestCluster(ClusterSpec spec, Consumer<String> progress) {
    this.spec = spec;
    this.dir = spec.baseDir().toAbsolutePath();
    this.progress = progress;
  }

  /**
   * Boots {@code spec.dataNodes()} guests and starts the cluster around them; returns when every
   * DataNode is live and the NameNode has read a schedule.
   *
   * @param guestMemoryMb each guest's RAM (the DataNode's blocks live in it)
   */
  public static GuestCluster start(ClusterSpec spec, int guestMemoryMb, Consumer<String> progress)
      throws IOException, InterruptedException {
    GuestCluster c = new GuestCluster(spec, progress);
    try {
      c.boot(guestMemoryMb);
      return c;
    } catch (IOException | InterruptedException | RuntimeException e) {
      c.close();
      throw e;
    }
  }

  private void boot(int guestMemoryMb) throws IOException, InterruptedException {
    ProcessReaper.reap(dir);
    if (Files.exists(dir)) { // a fresh format needs empty DataNode directories
      try (var paths = Files.walk(dir)) {
        for (Path p : (Iterable<Path>) paths.sorted(java.util.Comparator.reverseOrder())
            ::iterator) {
          Files.delete(p);
        }
      }
    }
    Files.createDirectories(dir.resolve("logs"));
    progress.accept("building or reusing the guest images and the lab bridge");
    lab = GuestLab.open(spec.dataNodes(), System.getProperty("java.class.path"),
        dir.resolve("guests"));
    String host = lab.hostIp();
    PortPlan ports = PortPlan.take(spec.stagingNodes(), 1);
    String schedulerAddress = host + ":" + ports.scheduler();
    site = new HdfsSite(spec, host + ":" + ports.nameNodeRpc(), dir.resolve("schedule.json"),
        schedulerAddress);
    startNameNode(ports);
    for (int i = 0; i < spec.dataNodes(); i++) {
      ring.add(lab.links().get(i).guestIp() + ":" + XFER);
    }
    for (int i = 0; i < spec.stagingNodes(); i++) {
      startStaging(i, host, ports.dataNodes().get(i));
    }
    scheduler = SchedulerDaemon.start(schedulerConf(schedulerAddress));
    progress.accept("scheduler on " + schedulerAddress + " (" + spec.schedulePolicy() + ", "
        + spec.powerPercent() + "%, interval " + spec.intervalMs() + " ms); booting "
        + spec.dataNodes() + " guests (" + ring + ")");
    // One guest at a time: software-emulated CPUs booting JVMs side by side on a small host
    // starve each other (measured: three at once, none live in 7 minutes) and a guest whose
    // vCPU does not run for 43 s loses a wrap of its 32-bit HPET clocksource (its clock fell
    // 42 s behind). Each boots while the ones before it idle.
    for (int i = 0; i < spec.dataNodes(); i++) {
      bootGuest(i, schedulerAddress, guestMemoryMb);
      nameNode.awaitLive(spec.stagingNodes() + i + 1, START_TIMEOUT_MS, daemons);
      progress.accept("guest " + i + " (" + ring.get(i) + ") live");
    }
    progress.accept("all " + spec.totalDataNodes() + " DataNodes live; guests run on "
        + lab.guests().get(0).accelerator());
  }

  private void startNameNode(PortPlan ports) throws IOException, InterruptedException {
    Path nnDir = dir.resolve("namenode");
    Configuration c = site.nameNode(nnDir, ports.nameNodeHttp());
    // Guests register by address; the host has no names for 10.77.K.x (no DNS in the lab).
    c.setBoolean("dfs.namenode.datanode.registration.ip-hostname-check", false);
    Path conf = HdfsSite.writeNameNodeConfDir(nnDir.resolve("conf"), c);
    DaemonLauncher launcher = DaemonLauncher.of(spec, dir);
    JavaDaemon format = JavaDaemon.start(launcher, "namenode-format", conf, JvmFlags.NAMENODE,
        "org.apache.hadoop.hdfs.server.namenode.NameNode",
        List.of("-format", "-force", "-nonInteractive"), dir.resolve("logs/namenode-format.log"));
    if (format.waitFor(120_000) != 0) {
      throw new IOException("NameNode format failed; see " + format.log());
    }
    daemons.add(JavaDaemon.start(launcher, "namenode", conf, JvmFlags.NAMENODE,
        "org.apache.hadoop.hdfs.server.namenode.NameNode", List.of(),
        dir.resolve("logs/namenode.log")));
    nameNode = new NameNodeView(site.common(), PortPlan.loopback(ports.nameNodeHttp()));
  }

  private void startStaging(int i, String host, PortPlan.DataNodePorts p) throws IOException {
    Path dnDir = dir.resolve("staging-" + i);
    Configuration c = site.dataNode(dnDir, p.transfer(), p.http(), p.ipc());
    c.set("dfs.datanode.address", host + ":" + p.transfer());
    c.set("dfs.datanode.ipc.address", host + ":" + p.ipc());
    Path conf = HdfsSite.writeDataNodeConfDir(dnDir.resolve("conf"), c);
    daemons.add(JavaDaemon.start(DaemonLauncher.of(spec, dir), "staging-" + i, conf,
        JvmFlags.DATANODE, "org.apache.hadoop.hdfs.server.datanode.DataNode", List.of(),
        dir.resolve("logs/staging-" + i + ".log")));
    staging.add(host + ":" + p.transfer());
  }

  private Configuration schedulerConf(String address) {
    Configuration conf = new Configuration(false);
    conf.set(SchedulerConfig.NODES.name(), String.join(",", ring));
    conf.set(SchedulerConfig.STAGING.name(), String.join(",", staging));
    conf.set(SchedulerConfig.HTTP_ADDRESS.name(), address);
    conf.setBoolean("blink.security.simple.insecure.allowed", true);
    conf.set(SchedulerConfig.SIGNAL.name(), "steady:" + spec.powerPercent() + "%");
    conf.set(SchedulerConfig.SCHEDULE_FILE.name(), dir.resolve("schedule.json").toString());
    conf.setLong(CoreConfig.INTERVAL_MS.name(), spec.intervalMs());
    // Real kernels: the transitions take their real time whatever the interval, so the plan
    // takes them out of each window unscaled (the reference interval is this interval).
    conf.set(TransitionConfig.REFERENCE_INTERVAL.name(), spec.intervalMs() + "ms");
    conf.set(CoreConfig.POLICY.name(), spec.schedulePolicy());
    conf.setLong(SchedulerConfig.TICK_MS.name(), 250);
    conf.setLong(SchedulerConfig.LEASE_MS.name(), 3 * spec.intervalMs());
    // Wake on demand: QEMU's system_wakeup over each guest's second QMP socket.
    List<String> sockets = new ArrayList<>();
    for (int i = 0; i < ring.size(); i++) {
      sockets.add(ring.get(i) + "=" + Guest.wakeSocket(lab.guestDir("guest" + i)));
    }
    conf.set(WakeConfig.BACKEND.name(), "qmp");
    conf.set(WakeConfig.QMP_SOCKETS.name(), String.join(",", sockets));
    spec.schedulerKeys().forEach(conf::set);
    return conf;
  }

  private void bootGuest(int i, String schedulerAddress, int memoryMb)
      throws IOException, InterruptedException {
    String ip = lab.links().get(i).guestIp();
    Configuration c = site.dataNode(Path.of("/tmp/dn"), XFER, 9864, 9867);
    c.set("dfs.datanode.address", ip + ":" + XFER);
    c.set("dfs.datanode.http.address", ip + ":9864");
    c.set("dfs.datanode.ipc.address", ip + ":9867");
    Map<String, String> files = new LinkedHashMap<>();
    files.put("conf/hdfs-site.xml", xml(c));
    files.put("conf/core-site.xml", xml(new Configuration(false)));
    files.put("conf/log4j.properties", String.join("\n",
        "log4j.rootLogger=WARN, console",
        "log4j.appender.console=org.apache.log4j.ConsoleAppender",
        "log4j.appender.console.target=System.out",
        "log4j.appender.console.layout=org.apache.log4j.PatternLayout",
        "log4j.appender.console.layout.ConversionPattern=%d{HH:mm:ss,SSS} %-5p %c{1} - %m%n",
        "log4j.logger.org.blinkhdfs=INFO", ""));
    List<String> dataNode = lab.java(concat(List.of("-Xmx192m"), GUEST_JVM),
        "/lab/conf", "org.apache.hadoop.hdfs.server.datanode.DataNode", List.of());
    List<String> agent = lab.java(concat(List.of("-Xmx96m",
            "-Dlog4j.configuration=file:/lab/conf/log4j.properties"), GUEST_JVM), "/lab/conf",
        "org.blinkhdfs.agent.AgentDaemon", List.of("--node", ring.get(i), "--scheduler",
            schedulerAddress, "--actuator", "real", "--poll", "500ms", "--heartbeat", "2s",
            "--min-sleep", "3s", "--off-checkin", spec.intervalMs() + "ms"));
    files.put("run.sh", GuestRunScript.of(List.of(
        new GuestRunScript.GuestProcess("DataNode", 1, dataNode),
        new GuestRunScript.GuestProcess("power agent", 2, agent))));
    lab.boot(i, "guest" + i, files, memoryMb, 1);
  }

  private static String xml(Configuration c) throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    c.writeXml(out);
    return out.toString(StandardCharsets.UTF_8);
  }

  private static List<String> concat(List<String> a, List<String> b) {
    List<String> out = new ArrayList<>(a);
    out.addAll(b);
    return out;
  }

  /** The ring DataNodes' names (guest transfer addresses), in guest order. */
  public List<String> ring() {
    return List.copyOf(ring);
  }

  public List<String> staging() {
    return List.copyOf(staging);
  }

  public List<Guest> guests() {
    return lab.guests();
  }

  /** {@code hdfs://10.77.K.1:port}: the NameNode on the lab bridge. */
  public String nameNodeUri() {
    return site.common().get("fs.defaultFS");
  }

  /** The scheduler's {@code host:port} on the lab bridge. */
  public String schedulerAddress() {
    return lab.hostIp() + ":" + scheduler.httpAddress().getPort();
  }

  public SchedulerDaemon scheduler() {
    return scheduler;
  }

  public NameNodeView nameNode() {
    return nameNode;
  }

  /** A blink-aware client ({@code BlinkDistributedFileSystem}). */
  public FileSystem newClient() throws IOException {
    return FileSystem.newInstance(URI.create(site.common().get("fs.defaultFS")), site.client());
  }

  /** Hadoop's own {@code DistributedFileSystem}, with the cluster's socket timeout. */
  public FileSystem newStockClient() throws IOException {
    return FileSystem.newInstance(URI.create(site.common().get("fs.defaultFS")),
        site.stockClient());
  }

  /** Sets the scheduler's steady power level. */
  public void setPowerPercent(int percent) {
    scheduler.scheduler().setPowerOverride(new PowerLevel.Percent(percent));
  }

  @Override
  public void close() {
    if (lab != null) {
      lab.close();
    }
    if (scheduler != null) {
      try {
        scheduler.close();
      } catch (IOException e) {
        progress.accept("scheduler close: " + e.getMessage());
      }
    }
    if (nameNode != null) {
      nameNode.close();
    }
    for (JavaDaemon d : daemons) {
      try {
        d.stop();
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
  }
}
