package org.blinkhdfs.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Set;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.BlockLocation;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.hdfs.DistributedFileSystem;
import org.apache.hadoop.mapred.JobConf;
import org.apache.hadoop.mapreduce.InputSplit;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.lib.input.FileInputFormat;
import org.apache.hadoop.mapreduce.lib.input.FileSplit;
import org.apache.hadoop.mapreduce.lib.input.TextInputFormat;
import org.blinkhdfs.model.schedule.NodeMode;
import org.blinkhdfs.model.schedule.NodeSchedule;
import org.blinkhdfs.model.schedule.Schedule;
import org.blinkhdfs.placement.PlacementConfig;
import org.blinkhdfs.testsupport.MiniBlinkCluster;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Input splits computed by Hadoop's own {@code FileInputFormat} (new and old API) over a real
 * NameNode and four DataNodes with distinct host names ({@code dn0.blink} ... {@code dn3.blink}),
 * through {@link BlinkDistributedFileSystem} and through the stock client.
 *
 * <p>A 6-block file (r = 3) is written with stock placement; then the schedule (interval 600 s,
 * starting now) puts to sleep the holder the NameNode lists first for block 0, and gives the
 * other three DataNodes, in start order, ACTIVE, 500 s awake and 300 s awake. Every split is
 * one block, so its expected locations are its block's holders: with the blink client the awake
 * ones in that order (the sleeper dropped, or last with {@code blink.client.block.locations =
 * all}); with the stock client all three, the sleeper included.
 */
class BlinkSplitsTest {
  static final int MB = MiniBlinkCluster.BLOCK_BYTES;
  static final String DIR = "/in";
  static final String FILE = DIR + "/part-0";
  static final int BLOCKS = 6;

  @TempDir
  static Path dir;

  static MiniBlinkCluster c;
  /** The sleeping DataNode's transfer address. */
  static String asleep;
  /** The awake DataNodes, best first: ACTIVE, then 500 s, then 300 s left. */
  static List<String> awakeBest = new ArrayList<>();

  @BeforeAll
  static void start() throws Exception {
    String[] hosts = {"dn0.blink", "dn1.blink", "dn2.blink", "dn3.blink"};
    c = MiniBlinkCluster.builder(dir).dataNodes(4).shape(b -> b.hosts(hosts)).scheduleFile()
        .start();
    c.writeFile(FILE, BLOCKS * MB, 3);
    asleep = c.replicas(FILE).get(0);
    for (String a : c.addresses) {
      if (!a.equals(asleep)) {
        awakeBest.add(a);
      }
    }
    c.writeSchedule(Schedule.builder().epoch(1).intervalStartMs(System.currentTimeMillis())
        .intervalMs(600_000)
        .add(NodeSchedule.of(awakeBest.get(0), NodeMode.ACTIVE))
        .add(NodeSchedule.blink(awakeBest.get(1), 0, 500_000))
        .add(NodeSchedule.blink(awakeBest.get(2), 0, 300_000))
        .add(NodeSchedule.blink(asleep, 400_000, 100_000)).build());
  }

  @AfterAll
  static void stop() {
    if (c != null) {
      c.close();
    }
  }

  /** A job configuration whose {@code hdfs://} file system is the blink client (not cached). */
  static Configuration blinkConf() {
    Configuration conf = new Configuration(c.conf);
    conf.set("fs.hdfs.impl", BlinkDistributedFileSystem.class.getName());
    conf.setBoolean("fs.hdfs.impl.disable.cache", true);
    return conf;
  }

  static String host(String xferAddr) {
    return "dn" + c.addresses.indexOf(xferAddr) + ".blink";
  }

  /** The holders of each block, from the stock client (the NameNode's answer). */
  static List<List<String>> holders() throws Exception {
    List<List<String>> out = new ArrayList<>();
    for (BlockLocation loc : c.fs.getFileBlockLocations(new org.apache.hadoop.fs.Path(FILE), 0,
        Long.MAX_VALUE)) {
      out.add(Arrays.asList(loc.getNames()));
    }
    assertEquals(BLOCKS, out.size());
    return out;
  }

  /** The expected split hosts of a block held by {@code holders}. */
  static List<String> expected(List<String> holders, boolean keepAsleep) {
    List<String> out = new ArrayList<>();
    holders.stream().filter(awakeBest::contains)
        .sorted(Comparator.comparingInt(awakeBest::indexOf)).forEach(a -> out.add(host(a)));
    if (keepAsleep && holders.contains(asleep)) {
      out.add(host(asleep));
    }
    return out;
  }

  static List<List<String>> newApiSplits(Configuration conf, String input) throws Exception {
    Job job = Job.getInstance(conf);
    FileInputFormat.setInputPaths(job, c.fs.makeQualified(new org.apache.hadoop.fs.Path(input)));
    List<List<String>> out = new ArrayList<>();
    for (InputSplit s : new TextInputFormat().getSplits(job)) {
      FileSplit f = assertInstanceOf(FileSplit.class, s);
      assertEquals((long) out.size() * MB, f.getStart(), "one split per block, in order");
      out.add(List.of(f.getLocations()));
    }
    return out;
  }

  static List<List<String>> expectedAll(boolean keepAsleep) throws Exception {
    List<List<String>> out = new ArrayList<>();
    for (List<String> h : holders()) {
      out.add(expected(h, keepAsleep));
    }
    return out;
  }

  /** Each split lists every holder of its block (in any order). */
  static void assertEveryHolderListed(List<List<String>> splits) throws Exception {
    List<List<String>> holders = holders();
    for (int i = 0; i < BLOCKS; i++) {
      assertEquals(Set.copyOf(holders.get(i).stream().map(BlinkSplitsTest::host).toList()),
          Set.copyOf(splits.get(i)), "block " + i);
    }
  }

  @Test
  void theJobSeesTheBlinkClient() throws Exception {
    try (FileSystem fs = new org.apache.hadoop.fs.Path(FILE).getFileSystem(blinkConf())) {
      assertInstanceOf(BlinkDistributedFileSystem.class, fs);
    }
  }

  /** An input directory: FileInputFormat lists it with locations (listLocatedStatus). */
  @Test
  void blinkClientSplitsOfADirectoryListOnlyAwakeHoldersLongestFirst() throws Exception {
    List<List<String>> got = newApiSplits(blinkConf(), DIR);
    System.out.printf("asleep %s; blink client split hosts %s%n", host(asleep), got);
    assertEquals(expectedAll(false), got);
    assertTrue(got.stream().noneMatch(l -> l.contains(host(asleep))), got.toString());
    assertEquals(2, got.get(0).size(), "block 0: two awake holders, the sleeper dropped");
  }

  /** An input file: FileInputFormat asks getFileBlockLocations. */
  @Test
  void blinkClientSplitsOfAFileListOnlyAwakeHoldersLongestFirst() throws Exception {
    assertEquals(expectedAll(false), newApiSplits(blinkConf(), FILE));
  }

  @Test
  void withAllTheSleeperIsListedLast() throws Exception {
    Configuration conf = blinkConf();
    conf.set(PlacementConfig.CLIENT_BLOCK_LOCATIONS.name(), "all");
    List<List<String>> got = newApiSplits(conf, DIR);
    assertEquals(expectedAll(true), got);
    assertEquals(host(asleep), got.get(0).get(2), "block 0: the sleeper last");
  }

  /** The stock client lists every holder, the sleeper included, in the NameNode's order. */
  @Test
  void stockClientSplitsListEveryHolder() throws Exception {
    Configuration conf = new Configuration(c.conf);
    conf.setBoolean("fs.hdfs.impl.disable.cache", true);
    try (FileSystem fs = new org.apache.hadoop.fs.Path(FILE).getFileSystem(conf)) {
      assertEquals(DistributedFileSystem.class, fs.getClass());
    }
    List<List<String>> got = newApiSplits(conf, DIR);
    System.out.printf("asleep %s; stock client split hosts %s%n", host(asleep), got);
    assertEveryHolderListed(got);
    assertTrue(got.get(0).contains(host(asleep)));
    assertFalse(got.equals(expectedAll(false)));
  }

  /** Without a schedule key the blink client's splits are the stock ones: nothing is cut. */
  @Test
  void withoutAScheduleKeyTheBlinkClientListsEveryHolder() throws Exception {
    Configuration conf = blinkConf();
    conf.unset(PlacementConfig.SCHEDULE_FILE.name());
    List<List<String>> got = newApiSplits(conf, DIR);
    assertEveryHolderListed(got);
  }

  /** The old API ({@code mapred.FileInputFormat}) keeps a one-block split's hosts as given. */
  @Test
  void oldApiSplitsFollowTheBlinkClientToo() throws Exception {
    JobConf job = new JobConf(blinkConf());
    org.apache.hadoop.mapred.FileInputFormat.setInputPaths(job,
        c.fs.makeQualified(new org.apache.hadoop.fs.Path(DIR)));
    org.apache.hadoop.mapred.TextInputFormat in = new org.apache.hadoop.mapred.TextInputFormat();
    in.configure(job);
    List<List<String>> got = new ArrayList<>();
    for (org.apache.hadoop.mapred.InputSplit s : in.getSplits(job, 1)) {
      got.add(List.of(s.getLocations()));
    }
    assertEquals(expectedAll(false), got);
  }
}
