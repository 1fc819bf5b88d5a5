package org.blinkhdfs.cluster;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/**
 * The write proxy's JVM in a {@link LocalCluster} ({@code org.blinkhdfs.proxy.ProxyDaemon}, what
 * {@code bin/blink proxy -conf hdfs-site.xml} runs), started like the other daemons through
 * {@link DaemonMain} with its own conf dir, HTTP port, relay port and log ({@code
 * logs/<name>.log}: {@code proxy.log} for the first proxy, {@code proxy2.log} ... for the others
 * of {@link ProxySpec#relays(int)}; appended to across restarts), and reaped like them ({@link
 * ProcessReaper}).
 *
 * <p>Why kill and restart: the proxy keeps no state on disk; what it was doing is in HDFS (the
 * replicas) and in its memory (copies in flight). {@link #kill()} ends it with SIGKILL, as a
 * crash would, and {@link #start()} runs a new JVM on the same port, which must find the rest
 * of the work by scanning. Metrics come from its {@code /jmx} ({@code BlinkProxyDrain}, values at
 * most 1 s old: {@link HdfsSite#PROXY_METRICS_FILE}); counters start at 0 in every JVM.
 *
 * <p>Thread-safe: start, kill and stop are synchronized; metric reads go over HTTP.
 */
public final class ProxyProcess {
  /** The proxy's metrics2 source as JMX names it. */
  static final String BEAN = "Hadoop:service=BlinkProxy,name=BlinkProxyDrain";
  /** The read relay's metrics2 source ({@code ReadsHeld}, {@code ReadHeldMsTotal}). */
  static final String RELAY_BEAN = "Hadoop:service=BlinkProxy,name=BlinkProxyRelay";
  private static final long START_TIMEOUT_MS = 60_000;

  private final DaemonLauncher launcher;
  private final String name;
  private final Path confDir;
  private final String httpAddress;
  private final String relayAddress;
  private final Path log;
  private JavaDaemon daemon;
  private int starts;

  ProxyProcess(DaemonLauncher launcher, String name, Path confDir, String httpAddress,
      String relayAddress) {
    this.launcher = launcher;
    this.name = name;
    this.confDir = confDir;
    this.httpAddress = httpAddress;
    this.relayAddress = relayAddress;
    this.log = launcher.clusterDir().resolve("logs/" + name + ".log");
  }

  /**
   * Starts the proxy JVM and waits until it has scanned the namespace once, so its backlog
   * metrics describe the cluster. Fails if it is running already, or if it exits or has not
   * scanned within 60 s (its log says why).
   */
  public synchronized void start() throws IOException, InterruptedException {
    if (isAlive()) {
      throw new IllegalStateException(name + " is running already (pid " + daemon.pid()
          + "); kill() it first to restart it");
    }
    daemon = JavaDaemon.start(launcher, name, confDir, JvmFlags.PROXY,
        "org.blinkhdfs.proxy.ProxyDaemon",
        List.of("-conf", confDir.resolve("hdfs-site.xml").toString()), log);
    starts++;
    awaitFirstScan();
  }

  private void awaitFirstScan() throws IOException, InterruptedException {
    long deadline = System.currentTimeMillis() + START_TIMEOUT_MS;
    String last = "no answer yet";
    while (System.currentTimeMillis() < deadline) {
      if (!daemon.isAlive()) {
        throw new IOException(name + " exited during start-up; see " + log);
      }
      try {
        if (metric("Scans") > 0) {
          return;
        }
        last = "no scan yet";
      } catch (IOException e) {
        last = e.getMessage();
      }
      Thread.sleep(250);
    }
    throw new IOException(name + " did not scan within " + START_TIMEOUT_MS + " ms (" + last
        + "); see " + log);
  }

  /** Ends the proxy with SIGKILL ({@code kill -9}) and waits until it is gone; idempotent. */
  public synchronized void kill() throws InterruptedException {
    if (daemon != null) {
      daemon.kill();
    }
  }

  /** Stops it like the other daemons (SIGTERM, then SIGKILL); idempotent. */
  synchronized void stop() throws InterruptedException {
    if (daemon != null) {
      daemon.stop();
    }
  }

  /**
   * An attribute of the proxy's {@code BlinkProxyDrain} source, e.g. {@code MovesStarted},
   * {@code MovesFinished}, {@code MovesInFlight}, {@code BacklogBlocks}; of this JVM only.
   */
  public long metric(String attribute) throws IOException {
    return Jmx.read(httpAddress, BEAN, attribute);
  }

  /**
   * An attribute of the proxy's {@code BlinkProxyRelay} source: {@code ReadsHeld} (relayed reads
   * held until a replica's window) or {@code ReadHeldMsTotal}; of this JVM only.
   */
  public long relayMetric(String attribute) throws IOException {
    return Jmx.read(httpAddress, RELAY_BEAN, attribute);
  }

  public synchronized boolean isAlive() {
    return daemon != null && daemon.isAlive();
  }

  /** The running JVM's pid; fails if none was started. */
  public synchronized long pid() {
    if (daemon == null) {
      throw new IllegalStateException(name + " was never started");
    }
    return daemon.pid();
  }

  /** How many JVMs were started so far (1 + restarts). */
  public synchronized int starts() {
    return starts;
  }

  /** {@code host:port} of its HTTP server ({@code /jmx}, {@code /prom}). */
  public String httpAddress() {
    return httpAddress;
  }

  /**
   * The WebHDFS read relay ({@code blink.proxy.relay.address}) as a {@code webhdfs://} URI, for a
   * stock {@code WebHdfsFileSystem} ({@link LocalCluster#newStockClient}); served while the proxy
   * runs.
   */
  public java.net.URI relayUri() {
    return java.net.URI.create("webhdfs://" + relayAddress);
  }

  /** {@code host:port} of the read relay, as its peers name it ({@code blink.proxy.relay.self}). */
  public String relayAddress() {
    return relayAddress;
  }

  /**
   * CPU time the running proxy JVM has used since it started (all its threads), as the OS
   * reports it; empty when the OS does not.
   */
  public synchronized java.util.Optional<java.time.Duration> cpuTime() {
    return ProcessHandle.of(pid()).flatMap(h -> h.info().totalCpuDuration());
  }

  public Path log() {
    return log;
  }

  @Override
  public String toString() {
    return name + " (" + httpAddress + ", relay " + relayAddress + ", log " + log + ")";
  }
}
