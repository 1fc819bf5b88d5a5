package org.blinkhdfs.admin;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.BlockLocation;
import org.apache.hadoop.fs.LocatedFileStatus;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.RemoteIterator;
import org.apache.hadoop.fs.permission.FsPermission;
import org.blinkhdfs.admin.BlinkAdmin.AdminException;
import org.blinkhdfs.layout.migrate.BlockReplicas;
import org.blinkhdfs.layout.migrate.DestinationRule;
import org.blinkhdfs.layout.ring.RingLayout;
import org.junit.jupiter.api.Test;

/**
 * {@code -relayout} on plain objects: the HDFS client's file and block records become the
 * planner's input, the arguments are checked with the key and the fix, and the report of nine
 * bisection blocks moved to phase groups says 9 of 27 replicas move. No cluster.
 */
class RelayoutCommandTest {
  static final long MB = 1L << 20;

  static String dn(int i) {
    return "10.0.0." + (10 + i) + ":9866";
  }

  static LocatedFileStatus file(String path, int replication, BlockLocation... blocks) {
    long length = 0;
    for (BlockLocation b : blocks) {
      length += b.getLength();
    }
    return new LocatedFileStatus(length, false, replication, 128 * MB, 0, 0,
        FsPermission.getFileDefault(), "hdfs", "supergroup", null, new Path(path), blocks);
  }

  static BlockLocation block(long offset, long length, boolean corrupt, String... names) {
    return new BlockLocation(names, names, null, null, offset, length, corrupt);
  }

  static RemoteIterator<LocatedFileStatus> listing(List<LocatedFileStatus> files) {
    Iterator<LocatedFileStatus> it = files.iterator();
    return new RemoteIterator<>() {
      @Override
      public boolean hasNext() {
        return it.hasNext();
      }

      @Override
      public LocatedFileStatus next() {
        return it.next();
      }
    };
  }

  /** Two files: a full and a short block of r = 3, a corrupt block, a block of r = 2. */
  @Test
  void clientRecordsBecomePlannerInput() throws Exception {
    List<BlockReplicas> blocks = RelayoutCommand.blocks(listing(List.of(
        file("/a", 3, block(0, 128 * MB, false, dn(0), dn(4), dn(6)),
            block(128 * MB, 5, false, dn(1), dn(5), dn(7))),
        file("/b", 2, block(0, 7, true, dn(2)), block(7, 9, false, dn(3), dn(8))))));
    assertEquals(List.of(
        new BlockReplicas(0, 128 * MB, 3, List.of(dn(0), dn(4), dn(6))),
        new BlockReplicas(1, 5, 3, List.of(dn(1), dn(5), dn(7))),
        new BlockReplicas(2, 7, 2, List.of()),
        new BlockReplicas(3, 9, 2, List.of(dn(3), dn(8)))), blocks);
  }

  /**
   * Nine 128 MiB files written under bisection on 9 nodes, moved to G = 3: 9 of 27 replicas
   * (RelayoutPlannerTest works the blocks by hand); balanced, the busiest node moves 2 blocks,
   * 256 MiB at 100 MiB/s × (1 − 0.5) = 5.12 s.
   */
  @Test
  void reportOfBisectionToGroups() throws Exception {
    List<String> ring = new ArrayList<>();
    for (int i = 0; i < 9; i++) {
      ring.add(dn(i));
    }
    RingLayout bisection = new RingLayout(9);
    List<LocatedFileStatus> files = new ArrayList<>();
    for (int f = 0; f < 9; f++) {
      String[] names = bisection.positions(f, 3).stream().map(RelayoutCommandTest::dn)
          .toArray(String[]::new);
      files.add(file("/data/f" + f, 3, block(0, 128 * MB, false, names)));
    }
    RelayoutCommand.Options o = RelayoutCommand.parse(List.of("groups", "groups=3",
        "destinations=balanced"), new Configuration(false));
    assertEquals(DestinationRule.BALANCED, o.rule());
    assertEquals(100 * MB, o.bandwidth(), 1e-9);
    String text = RelayoutCommand.report(o, ring, RelayoutCommand.blocks(listing(files)), 3);
    assertTrue(text.startsWith("Relayout to phase-groups (G = 3) on a ring of 9 nodes"), text);
    assertTrue(text.contains("replicas: 27 held, 9 move (0.333 of them)"), text);
    assertTrue(text.contains("bytes:    3.38 GiB held, 1.13 GiB copied"), text);
    assertTrue(text.contains("time:     0.00 h (5 s) at 50.0 MiB/s per node"), text);
  }

  @Test
  void argumentsAreCheckedWithTheFix() throws Exception {
    Configuration empty = new Configuration(false);
    assertEquals(3, RelayoutCommand.parse(List.of("groups"), conf("blink.phase.groups", "3"))
        .groups());
    assertEquals(0, RelayoutCommand.parse(List.of("even"), empty).groups());
    assertMessage("groups=G", List.of("groups"), empty);
    assertMessage("'spread' is not a layout", List.of("spread"), empty);
    assertMessage("groups='0' must be a whole number", List.of("groups", "groups=0"), empty);
    assertMessage("bandwidth = 'fast' is not a byte rate", List.of("even", "bandwidth=fast"),
        empty);
    assertMessage("clientShare='1' must be a number from 0 up to below 1",
        List.of("even", "clientShare=1"), empty);
    assertMessage("'speed=3' is not one of", List.of("even", "speed=3"), empty);
    assertMessage("hours= is given twice", List.of("even", "hours=1", "hours=2"), empty);
    assertMessage("destinations='any'", List.of("even", "destinations=any"), empty);
    assertMessage("path='data' must be absolute", List.of("even", "path=data"), empty);
  }

  /** Through the tool: the default file system here is local, which the command refuses. */
  @Test
  void theAdminToolRefusesAFileSystemThatIsNotHdfs() {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int code = new BlinkAdmin(new Configuration(), new PrintStream(out, true),
        new PrintStream(err, true)).run(new String[] {"-relayout", "groups", "groups=3",
            "ring=" + dn(0) + "," + dn(1) + "," + dn(2)});
    String e = err.toString(StandardCharsets.UTF_8);
    assertEquals(-1, code, e);
    assertTrue(e.contains("is not HDFS: give -fs hdfs://"), e);
  }

  private static Configuration conf(String key, String value) {
    Configuration c = new Configuration(false);
    c.set(key, value);
    return c;
  }

  private static void assertMessage(String part, List<String> params, Configuration conf) {
    AdminException e = assertThrows(AdminException.class,
        () -> RelayoutCommand.parse(params, conf));
    assertTrue(e.getMessage().contains(part), e.getMessage());
  }
}
