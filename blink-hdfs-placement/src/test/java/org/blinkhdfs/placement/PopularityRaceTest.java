package org.blinkhdfs.placement;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import org.apache.hadoop.conf.Configuration;
import org.blinkhdfs.client.BlinkRuntime;
import org.blinkhdfs.layout.popularity.AccessAverages;
import org.junit.jupiter.api.Test;

/**
 * The read-then-set race of {@link PopularityReplicator} (issue 45): HDFS has no compare-and-set
 * for replication, so an owner's {@code setrep} landing between the period's read and the
 * replicator's set must not be overwritten, nor one landing right after the set be taken for
 * extras. A namespace of one file {@code /f} (one 1000-byte block, replication 3) whose owner's
 * change lands exactly where each test says.
 */
class PopularityRaceTest {
  private static final String F = "/f";
  /** Read 10 times a period: wants the most replicas (6 by default). */
  private static final List<AccessAverages.Averages> HOT =
      List.of(new AccessAverages.Averages(F, 10, 0));
  /** Not read: wants its base only. */
  private static final List<AccessAverages.Averages> COLD =
      List.of(new AccessAverages.Averages(F, 0, 0));

  private static final class FakeNamespace implements PopularityReplicator.Namespace {
    final List<String> calls = new ArrayList<>();
    int replication = 3;
    OptionalInt base = OptionalInt.empty();
    long remaining = 1L << 40;
    int reads;
    /** The owner's setrep landing before the first call after the first read, if any. */
    Integer ownerAfterFirstRead;
    /** The owner's setrep landing right after the replicator's next setReplication, if any. */
    Integer ownerAfterSet;

    private void ownerLands() {
      if (reads >= 1 && ownerAfterFirstRead != null) {
        owner(ownerAfterFirstRead);
        ownerAfterFirstRead = null;
      }
    }

    private void owner(int value) {
      replication = value;
      calls.add("owner setrep " + value);
    }

    @Override
    public PopularityReplicator.FileFacts file(String path) {
      assertEquals(F, path);
      ownerLands();
      reads++;
      return new PopularityReplicator.FileFacts(1000, 1, replication, base);
    }

    @Override
    public void setReplication(String path, int value) {
      ownerLands();
      calls.add("setReplication " + value);
      replication = value;
      if (ownerAfterSet != null) {
        owner(ownerAfterSet);
        ownerAfterSet = null;
      }
    }

    @Override
    public void setBase(String path, int value) {
      ownerLands();
      calls.add("setBase " + value);
      base = OptionalInt.of(value);
    }

    @Override
    public void clearBase(String path) {
      ownerLands();
      calls.add("clearBase");
      base = OptionalInt.empty();
    }

    @Override
    public long remainingBytes() {
      ownerLands();
      return remaining;
    }
  }

  private static PopularityReplicator replicator(FakeNamespace namespace) {
    Configuration conf = new Configuration(false);
    return new PopularityReplicator(new AccessAverages(0.5, 100), PopularityConfig.from(conf),
        namespace, BlinkRuntime.forConf(conf));
  }

  @Test
  void anOwnersChangeAfterThePeriodsReadIsNotOverwritten() throws Exception {
    FakeNamespace ns = new FakeNamespace();
    PopularityReplicator replicator = replicator(ns);
    ns.ownerAfterFirstRead = 2; // lands after the period's read, before any set

    assertEquals(Map.of(), replicator.apply(HOT));
    assertEquals(List.of("owner setrep 2"), ns.calls, "the owner's 2 is not overwritten");
    assertEquals(2, ns.replication);

    // Next period the owner's 2 is the base the extras build on (and return to).
    ns.calls.clear();
    assertEquals(Map.of(F, 6), replicator.apply(HOT));
    assertEquals(List.of("setBase 2", "setReplication 6"), ns.calls);
    assertEquals(OptionalInt.of(2), ns.base);
  }

  @Test
  void anOwnersChangeRightAfterTheSetIsKept() throws Exception {
    FakeNamespace ns = new FakeNamespace();
    PopularityReplicator replicator = replicator(ns);
    ns.ownerAfterSet = 4; // lands right after the replicator's set of 6

    assertEquals(Map.of(), replicator.apply(HOT), "6 did not stick: no change made");
    assertEquals(List.of("setBase 3", "setReplication 6", "owner setrep 4", "clearBase"),
        ns.calls);
    assertEquals(4, ns.replication);
    assertEquals(OptionalInt.empty(), ns.base, "no xattr claims 4 is 3 plus an extra");

    // A NameNode restart forgets what was raised; the file goes cold and space runs out. Had
    // the xattr kept base 3, the owner's 4 would be reclaimed to 3 here.
    ns.remaining = 0;
    ns.calls.clear();
    assertEquals(Map.of(), replicator(ns).apply(COLD));
    assertEquals(List.of(), ns.calls);
    assertEquals(4, ns.replication);
  }
}
