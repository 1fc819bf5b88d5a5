package org.blinkhdfs.cluster;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import org.apache.hadoop.fs.BlockLocation;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.blinkhdfs.guest.Guest;
import org.blinkhdfs.guest.GuestStats;
import org.blinkhdfs.model.schedule.Schedule;
import org.blinkhdfs.model.wire.WakeRequest;

/**
 * {@code bin/blink bench real-sleep} (issue 37): a {@link GuestCluster} of real kernels blinking
 * under a staggered schedule. Phases: write the data set at 100% power; blink at {@code --power}
 * until every guest's kernel has completed {@code --cycles} S3 cycles, reading the data set in a
 * loop with the blink client and a stock client and writing a file every interval; back to 100%
 * and read every byte back. The {@link GuestMonitor} times each cycle from the host; the guests'
 * consoles give the kernel's own timestamps; {@link RealSleepReport} writes the report.
 */
public final class RealSleepBench {
  private static final int FILE_MIB = 8;
  private static final int LATE_FILE_MIB = 4;
  private static final Path DIR = new Path("/real-sleep");
  private static final int WAKE_TRIALS = 3;
  /** A wake on demand is tried only this long before the RTC alarm would wake the guest. */
  private static final long WAKE_LEAD_MS = 6_000;
  private static final long WAKE_TIMEOUT_MS = 30_000;

  private final RealSleepOptions options;
  private final PrintStream out;
  private final Map<Path, byte[]> digests = new LinkedHashMap<>();
  private final List<RealSleepReport.Read> reads = new ArrayList<>();
  private final List<RealSleepReport.Write> writes = new ArrayList<>();
  private final List<RealSleepReport.Wake> wakes = new ArrayList<>();

  private RealSleepBench(RealSleepOptions options, PrintStream out) {
    this.options = options;
    this.out = out;
  }

  /** Runs the bench; exit 0 when every criterion held, 1 otherwise, 2 on a bad flag. */
  public static int run(String[] args, PrintStream out, PrintStream err) {
    if (Arrays.asList(args).contains("--help") || Arrays.asList(args).contains("-help")) {
      out.println(RealSleepOptions.USAGE);
      return 0;
    }
    RealSleepOptions o;
    try {
      o = RealSleepOptions.parse(args);
    } catch (IllegalArgumentException e) {
      err.println("bin/blink bench real-sleep: " + e.getMessage());
      err.println(RealSleepOptions.USAGE);
      return 2;
    }
    try {
      return new RealSleepBench(o, out).execute() ? 0 : 1;
    } catch (IOException | RuntimeException e) {
      err.println("bin/blink bench real-sleep: " + e.getMessage());
      return 1;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return 1;
    }
  }

  private boolean execute() throws IOException, InterruptedException {
    ClusterSpec spec = ClusterSpec.defaults(options.out().resolve("cluster").toAbsolutePath())
        .toBuilder().dataNodes(options.guests()).stagingNodes(options.staging())
        .intervalMs(options.intervalMs()).powerPercent(100).build();
    long t0 = System.currentTimeMillis();
    try (GuestCluster c = GuestCluster.start(spec, options.memoryMb(), out::println);
        FileSystem blink = c.newClient(); FileSystem stock = c.newStockClient()) {
      long bootMs = System.currentTimeMillis() - t0;
      String accel = c.guests().get(0).accelerator();
      for (int i = 0; i < options.dataMiB() / FILE_MIB; i++) {
        write(blink, new Path(DIR, "data-" + i), FILE_MIB, i, "before blinking");
      }
      out.println("wrote " + digests.size() + " files of " + FILE_MIB + " MiB at 100% power");
      Map<String, GuestStats> before = stats(c);
      Schedule blinking;
      List<GuestMonitor.Cycle> cycles;
      long blinkStart;
      long blinkEnd;
      try (GuestMonitor monitor = new GuestMonitor(c.guests(), c.ring(), c.nameNode())) {
        c.setPowerPercent(options.powerPercent());
        blinkStart = System.currentTimeMillis();
        out.println("blinking at " + options.powerPercent() + "% until every guest's kernel has "
            + options.cycles() + " more S3 cycles");
        long deadline = blinkStart + (options.cycles() + 4) * options.intervalMs();
        long nextWrite = blinkStart + options.intervalMs();
        int late = 0;
        List<Path> dataSet = new ArrayList<>(digests.keySet());
        while (System.currentTimeMillis() < deadline && !done(c, before)) {
          for (Path p : dataSet) {
            read(blink, "blink", p, c, monitor);
            read(stock, "stock", p, c, monitor);
          }
          if (System.currentTimeMillis() >= nextWrite) {
            write(blink, new Path(DIR, "late-" + late), LATE_FILE_MIB, 1000 + late, "blinking");
            late++;
            nextWrite += options.intervalMs();
          }
        }
        blinking = c.scheduler().scheduler().published().orElseThrow();
        blinkEnd = System.currentTimeMillis();
        for (int i = 0; i < WAKE_TRIALS; i++) {
          wakeOnDemand(c, monitor, blinking);
        }
        c.setPowerPercent(100);
        awaitAllAwake(c, monitor);
        cycles = monitor.cycles().values().stream().flatMap(List::stream).toList();
      }
      long verified = 0;
      long lost = 0;
      for (Map.Entry<Path, byte[]> f : digests.entrySet()) {
        try {
          byte[] d = digest(blink, f.getKey());
          long len = blink.getFileStatus(f.getKey()).getLen();
          if (Arrays.equals(d, f.getValue())) {
            verified += len;
          } else {
            lost += len;
          }
        } catch (IOException e) {
          lost += (long) (f.getKey().getName().startsWith("late") ? LATE_FILE_MIB : FILE_MIB)
              << 20;
          out.println("could not read back " + f.getKey() + ": " + e.getMessage());
        }
      }
      Map<String, GuestStats> after = stats(c);
      Map<String, List<String>> consoles = new LinkedHashMap<>();
      Map<String, List<String>> agents = new LinkedHashMap<>();
      for (Guest g : c.guests()) {
        consoles.put(c.ring().get(c.guests().indexOf(g)), g.lines(0));
        agents.put(c.ring().get(c.guests().indexOf(g)), g.lines(2));
      }
      RealSleepReport report = new RealSleepReport(options, accel, bootMs, blinkStart,
          blinkEnd - blinkStart,
          blinking, c.ring(), before, after, cycles, consoles, agents, reads, writes, wakes,
          verified, lost);
      report.write(options.out());
      out.println(report.summary());
      out.println("report: " + options.out().resolve("report.md") + ", "
          + options.out().resolve("real-sleep.json"));
      return report.passed();
    }
  }

  /**
   * One wake on demand: picks a guest in S3 whose RTC alarm is at least {@link #WAKE_LEAD_MS}
   * away, asks the scheduler to hold it awake (its QMP backend sends {@code system_wakeup}) and
   * times the request to QEMU running and to the DataNode accepting connections.
   */
  private void wakeOnDemand(GuestCluster c, GuestMonitor monitor, Schedule s)
      throws InterruptedException {
    long deadline = System.currentTimeMillis() + 2 * options.intervalMs();
    while (System.currentTimeMillis() < deadline) {
      long now = System.currentTimeMillis();
      for (String n : c.ring()) {
        if (monitor.suspended(n) && s.nextWakeMs(n, now) - now >= WAKE_LEAD_MS) {
          long windowIn = s.nextWakeMs(n, now) - now;
          var decision = c.scheduler().scheduler().requestWake(
              new WakeRequest(n, options.intervalMs() / 2, "bin/blink bench real-sleep"));
          long running = -1;
          long serving = -1;
          long end = now + WAKE_TIMEOUT_MS;
          while (System.currentTimeMillis() < end && serving < 0) {
            List<GuestMonitor.Cycle> cs = monitor.cycles().get(n);
            GuestMonitor.Cycle last = cs.get(cs.size() - 1);
            if (last.suspendedAtMs() <= now && last.runningAtMs() >= now) {
              running = last.runningAtMs() - now;
              serving = last.servingAtMs() < 0 ? -1 : last.servingAtMs() - now;
            }
            Thread.sleep(GuestMonitor.POLL_MS);
          }
          wakes.add(new RealSleepReport.Wake(n, String.valueOf(decision), windowIn, running,
              serving));
          out.println("wake on demand of " + n + " (" + windowIn + " ms before its window): "
              + "running after " + running + " ms, serving after " + serving + " ms");
          Thread.sleep(options.intervalMs() / 2);
          return;
        }
      }
      Thread.sleep(200);
    }
    out.println("no guest was in S3 with " + WAKE_LEAD_MS + " ms to its window: no wake tried");
  }

  private boolean done(GuestCluster c, Map<String, GuestStats> before) throws IOException {
    Map<String, GuestStats> now = stats(c);
    for (String n : c.ring()) {
      GuestStats b = before.get(n);
      GuestStats a = now.get(n);
      if (a == null || b == null || a.success() - b.success() < options.cycles()) {
        return false;
      }
    }
    return true;
  }

  private static Map<String, GuestStats> stats(GuestCluster c) throws IOException {
    Map<String, GuestStats> m = new LinkedHashMap<>();
    for (int i = 0; i < c.guests().size(); i++) {
      var s = c.guests().get(i).lastStats();
      if (s.isPresent()) {
        m.put(c.ring().get(i), s.get());
      }
    }
    return m;
  }

  private void awaitAllAwake(GuestCluster c, GuestMonitor monitor)
      throws IOException, InterruptedException {
    long deadline = System.currentTimeMillis() + 3 * options.intervalMs() + 60_000;
    while (System.currentTimeMillis() < deadline) {
      boolean asleep = c.ring().stream().anyMatch(monitor::suspended);
      if (!asleep && c.nameNode().live().length >= c.ring().size() + c.staging().size()
          && c.nameNode().stale().isEmpty()) {
        return;
      }
      Thread.sleep(500);
    }
    throw new IOException("the guests were not all awake and heartbeating within "
        + (3 * options.intervalMs() + 60_000) + " ms of power 100%");
  }

  private void write(FileSystem fs, Path p, int mib, long seed, String phase)
      throws IOException {
    byte[] buf = new byte[1 << 20];
    Random r = new Random(seed);
    MessageDigest md = sha256();
    long start = System.currentTimeMillis();
    boolean ok = true;
    String error = "";
    try (OutputStream o = fs.create(p, true)) {
      for (int i = 0; i < mib; i++) {
        r.nextBytes(buf);
        md.update(buf);
        o.write(buf);
      }
    } catch (IOException e) {
      ok = false;
      error = e.getMessage();
    }
    writes.add(new RealSleepReport.Write(p.getName(), phase, mib, start,
        System.currentTimeMillis() - start, ok, error));
    if (ok) {
      digests.put(p, md.digest());
    } else {
      out.println("write of " + p + " failed " + phase + ": " + error);
    }
  }

  private void read(FileSystem fs, String client, Path p, GuestCluster c, GuestMonitor monitor) {
    long start = System.currentTimeMillis();
    Set<String> replicas = new HashSet<>();
    Set<String> suspended = new HashSet<>();
    boolean ok;
    String error = "";
    try {
      FileStatus st = fs.getFileStatus(p);
      for (BlockLocation b : fs.getFileBlockLocations(st, 0, st.getLen())) {
        replicas.addAll(Arrays.asList(b.getNames()));
      }
      for (String r : replicas) {
        if (c.ring().contains(r) && monitor.suspended(r)) {
          suspended.add(r);
        }
      }
      ok = Arrays.equals(digest(fs, p), digests.get(p));
      if (!ok) {
        error = "content differs from what was written";
      }
    } catch (IOException e) {
      ok = false;
      error = e.getClass().getSimpleName() + ": " + e.getMessage();
    }
    reads.add(new RealSleepReport.Read(client, p.getName(), start,
        System.currentTimeMillis() - start, ok, error, replicas.size(), suspended.size()));
  }

  private static byte[] digest(FileSystem fs, Path p) throws IOException {
    MessageDigest md = sha256();
    byte[] buf = new byte[1 << 16];
    try (InputStream in = fs.open(p)) {
      int n;
      while ((n = in.read(buf)) > 0) {
        md.update(buf, 0, n);
      }
    }
    return md.digest();
  }

  private static MessageDigest sha256() {
    try {
      return MessageDigest.getInstance("SHA-256");
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("SHA-256 is part of every JDK", e);
    }
  }
}
