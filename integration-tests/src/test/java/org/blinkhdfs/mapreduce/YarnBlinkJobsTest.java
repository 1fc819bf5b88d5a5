package org.blinkhdfs.mapreduce;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.yarn.api.records.YarnApplicationState;
import org.apache.hadoop.yarn.client.api.YarnClient;
import org.blinkhdfs.cluster.ClusterSpec;
import org.blinkhdfs.cluster.DataNodeProcess;
import org.blinkhdfs.cluster.LocalCluster;
import org.blinkhdfs.cluster.YarnSpec;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Real MapReduce jobs on YARN in the local multi-process cluster while its hosts blink: 3 ring
 * hosts and 1 staging host, each a DataNode, a NodeManager and its containers in one freezer
 * cgroup (or, without cgroups, one signalled process tree), 4 s interval, {@value #POWER}% power
 * (every ring host sleeps in every interval), 4 MiB blocks. A small TestDFSIO write and read (2
 * files of 4 MB), then TeraGen (3 MB, one map), TeraSort (one reduce) and TeraValidate, each
 * submitted to the ResourceManager, then WordCount over 1 MB of generated text. About 4 to 5
 * minutes on 2 cores, most of it MapReduce's per-job start-up (an ApplicationMaster and a JVM per
 * task). Grep, which runs the same TextJobs path with two stock jobs, is left to {@code bin/blink
 * bench grep}: its two jobs cost this guard about 70 s of a CI run kept under 30 minutes.
 *
 * <p>Asserted: every job SUCCEEDED with no failed or killed task attempt (a task on a frozen
 * host is paused, not failed: YARN's liveness and task timeouts are far above a sleep), the
 * sort validated against TeraGen's checksum, the agents slept, and a sampler saw every ring
 * host frozen at least once while jobs ran, with containers inside the host (more processes in
 * the host than its DataNode and NodeManager), so the containers were frozen with it. Last, a
 * TestDFSIO run under a 3 s job limit is killed through YARN and reported as over the limit.
 */
class YarnBlinkJobsTest {
  /** Every ring host sleeps 30% of each interval (1.2 s of 4 s), in staggered windows. */
  static final int POWER = 70;
  @TempDir Path dir;

  @Test
  void jobsSucceedAndValidateWhileHostsBlink() throws Exception {
    ClusterSpec spec = ClusterSpec.defaults(dir).toBuilder().dataNodes(3).stagingNodes(1)
        .intervalMs(4_000).blockSizeBytes(4 << 20).powerPercent(100).yarn(YarnSpec.on()).build();
    try (LocalCluster cluster = LocalCluster.startFresh(spec, System.out::println);
        FileSystem fs = cluster.newClient()) {
      cluster.setPowerPercent(POWER);
      List<DataNodeProcess> ring = cluster.dataNodes().stream().filter(d -> !d.staging())
          .toList();
      HostSampler sampler = new HostSampler(cluster, ring);
      sampler.start();
      JobHistoryFiles history = new JobHistoryFiles(fs, cluster.jobHistoryDir());
      ToolJobs unlimited = new ToolJobs(history, 0);
      List<JobRecord> jobs = new ArrayList<>();
      try {
        DfsIo io = new DfsIo(cluster.jobConf(), fs, unlimited, "/bench/dfsio",
            dir.resolve("dfsio.log"));
        DfsIo.Result w = io.write(2, 4);
        System.out.println(w.summary());
        DfsIo.Result r = io.read(2, 4);
        System.out.println(r.summary());
        jobs.add(w.job());
        jobs.add(r.job());
        assertEquals(8, w.totalMB(), 0.5);
        assertTrue(r.throughputMBps() > 0 && w.throughputMBps() > 0);
        // 1 MiB blocks, as the bench's cluster: TeraGen's two files of 1.5 MB have two blocks
        // each, and TeraSort must still run a map per file (WholeFileSplits), not per block.
        org.apache.hadoop.conf.Configuration tera =
            new org.apache.hadoop.conf.Configuration(cluster.jobConf());
        tera.setLong("dfs.blocksize", 1 << 20);
        TeraJobs.Result t = new TeraJobs(tera, fs, unlimited,
            new org.apache.hadoop.fs.Path("/bench/tera")).run(30_000, 2, 1);
        System.out.println(t.summary());
        assertEquals(2, t.sort().maps(), "TeraSort maps, one per generated file");
        jobs.addAll(List.of(t.gen(), t.sort(), t.validate()));
        assertTrue(t.validation().valid(), t.validation().toString());
        TextJobs text = new TextJobs(cluster.jobConf(), fs, unlimited,
            new org.apache.hadoop.fs.Path("/bench/text"));
        text.generate(2, 512 << 10, (short) 2, 1);
        TextJobs.Result wc = text.wordCount(1);
        System.out.println(wc.summary());
        assertTrue(wc.verification().ok(), wc.verification().toString());
        jobs.addAll(wc.run().jobs());
      } finally {
        sampler.stop();
      }
      for (JobRecord j : jobs) {
        System.out.println(j.summary());
        assertTrue(j.clean(), j.summary());
        assertEquals(0, j.counter(JobRecord.JOB_COUNTER, "NUM_FAILED_MAPS"), j.summary());
      }
      // A limit shorter than MapReduce's start-up: the job is killed through YARN, the run is
      // an IOException naming the limit, and nothing is left running.
      DfsIo limited = new DfsIo(cluster.jobConf(), fs, new ToolJobs(history, 3_000),
          "/bench/limited", dir.resolve("limited.log"));
      IOException over = assertThrows(IOException.class, () -> limited.write(1, 1));
      System.out.println("limited: " + over.getMessage());
      assertTrue(over.getMessage().contains("job limit of 3 s; killed [application_"),
          over.getMessage());
      try (YarnClient yarn = YarnClient.createYarnClient()) {
        yarn.init(cluster.jobConf());
        yarn.start();
        assertTrue(yarn.getApplications(EnumSet.of(YarnApplicationState.ACCEPTED,
            YarnApplicationState.RUNNING, YarnApplicationState.SUBMITTED)).isEmpty(),
            "an application still running after the limit");
      }
      System.out.println("agent sleeps " + cluster.sleeps() + "; " + sampler);
      assertTrue(cluster.sleeps() > 0, "the agents never slept");
      for (DataNodeProcess dn : ring) {
        assertTrue(sampler.frozen.getOrDefault(dn, 0) > 0, dn + " never seen frozen: "
            + sampler);
      }
      assertTrue(sampler.maxProcesses.values().stream().anyMatch(n -> n > 2),
          "no container ever ran inside a ring host: " + sampler);
      // The scheduler's YARN publisher took compute away from hosts asleep or about to sleep.
      assertTrue(sampler.zeroedSamples > 0, "no NodeManager ever offered 0 MB: " + sampler);
      // Every task's blink client knew its own host (BLINK_LOCAL_NODE from the NodeManager), so
      // its reads wait until its host and a replica are awake together.
      int tasks = 0;
      for (DataNodeProcess dn : cluster.dataNodes()) {
        for (Path log : containerSyslogs(dir, dn.host())) {
          String text = java.nio.file.Files.readString(log);
          if (text.contains("BlinkDistributedFileSystem")) {
            tasks++;
            assertTrue(text.contains("Blink client on the host of DataNode " + dn.xferAddress()
                + ":"), log + " does not name its host's DataNode " + dn.xferAddress());
          }
        }
      }
      assertTrue(tasks > 0, "no container log mentions the blink client");
    }
  }

  /**
   * The syslog files of every container the host's NodeManager ran. Walks only its {@code
   * userlogs} (kept for 3 hours): a walk of the whole cluster directory met the NodeManager
   * deleting a finished container's files under {@code nm/local} ({@code NoSuchFileException},
   * CI of 2026-11-28).
   */
  private static List<Path> containerSyslogs(Path clusterDir, String host) throws IOException {
    Path userlogs = clusterDir.resolve(host).resolve("nm").resolve("userlogs");
    if (!java.nio.file.Files.isDirectory(userlogs)) {
      return List.of();
    }
    try (var paths = java.nio.file.Files.walk(userlogs)) {
      return paths.filter(p -> p.getFileName().toString().equals("syslog")).toList();
    }
  }

  /** Samples every 100 ms whether each ring host is frozen and how many processes it holds. */
  private static final class HostSampler {
    final LocalCluster cluster;
    final List<DataNodeProcess> ring;
    final Map<DataNodeProcess, Integer> frozen = new HashMap<>();
    final Map<DataNodeProcess, Integer> maxProcesses = new HashMap<>();
    /** Samples of the ResourceManager in which some NodeManager offered 0 MB (the publisher). */
    int zeroedSamples;
    int rmSamples;
    final AtomicBoolean running = new AtomicBoolean(true);
    final Thread thread = new Thread(this::loop, "host-sampler");

    HostSampler(LocalCluster cluster, List<DataNodeProcess> ring) {
      this.cluster = cluster;
      this.ring = ring;
    }

    void start() {
      thread.start();
    }

    void stop() throws InterruptedException {
      running.set(false);
      thread.join();
    }

    private void loop() {
      for (int i = 0; running.get(); i++) {
        if (i % 5 == 0) {
          sampleResourceManager();
        }
        for (DataNodeProcess dn : ring) {
          try {
            synchronized (this) {
              if (cluster.hostFrozen(dn)) {
                frozen.merge(dn, 1, Integer::sum);
              }
              maxProcesses.merge(dn, cluster.hostProcesses(dn).size(), Math::max);
            }
          } catch (java.io.IOException e) {
            // a host's group read while it changed; the next sample counts
          }
        }
        try {
          Thread.sleep(100);
        } catch (InterruptedException e) {
          return;
        }
      }
    }

    private void sampleResourceManager() {
      try {
        boolean zero = cluster.yarnNodeReports().stream()
            .anyMatch(r -> r.getCapability().getMemorySize() == 0);
        synchronized (this) {
          rmSamples++;
          zeroedSamples += zero ? 1 : 0;
        }
      } catch (java.io.IOException e) {
        // the ResourceManager busy; the next sample counts
      }
    }

    @Override
    public synchronized String toString() {
      return "frozen samples per ring host " + frozen.values() + ", most processes in a host "
          + maxProcesses.values() + ", ResourceManager samples with a zeroed NodeManager "
          + zeroedSamples + " of " + rmSamples;
    }
  }
}
