package org.blinkhdfs.placement;

import static org.apache.hadoop.fs.StorageType.ARCHIVE;
import static org.apache.hadoop.fs.StorageType.DISK;
import static org.apache.hadoop.fs.StorageType.SSD;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.apache.hadoop.fs.StorageType;
import org.apache.hadoop.test.GenericTestUtils;
import org.blinkhdfs.layout.ring.RingLayout;
import org.blinkhdfs.model.schedule.NodeSchedule;
import org.blinkhdfs.model.schedule.Schedule;
import org.blinkhdfs.testsupport.MiniBlinkCluster;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Storage policies on a ring of mixed storage (one shared cluster): ring nodes 0, 4, 6 have DISK
 * and ARCHIVE, 1, 5, 7 DISK and SSD, 2, 3, 8 only DISK; the staging node has SSD and ARCHIVE.
 *
 * <p>The rule (docs/placement.md, "Storage types"): the storage policy is hard, the layout a goal
 * inside it. Every replica lands on a type the policy allows; the layout chosen is one whose
 * nodes offer the types; a layout node that lacks the type is replaced by a stand-in that has it,
 * and verification then leaves the stand-in in place rather than queueing the block forever; a
 * correction copies the stand-in's type, so the stand-in is the replica deleted afterwards.
 */
class StoragePlacementTest {
  static final int RING = 9;
  static final int STAGING = 9;
  static final StorageType[][] TYPES = {
      {DISK, ARCHIVE}, {DISK, SSD}, {DISK, DISK}, {DISK, DISK}, {DISK, ARCHIVE},
      {DISK, SSD}, {DISK, ARCHIVE}, {DISK, SSD}, {DISK, DISK}, {SSD, ARCHIVE}};
  static final Set<Integer> SSD_NODES = Set.of(1, 5, 7);
  static final RingLayout LAYOUT = new RingLayout(RING);

  @TempDir
  static Path dir;
  static MiniBlinkCluster c;
  static List<String> ring;

  @BeforeAll
  static void startCluster() throws IOException {
    c = BlinkNameNode.start(dir, RING + 1, conf -> { }, b -> b.storageTypes(TYPES));
    ring = c.addresses.subList(0, RING);
  }

  @AfterAll
  static void stopCluster() {
    if (c != null) {
      c.close();
    }
  }

  @AfterEach
  void deleteFiles() throws Exception {
    c.fs.delete(new org.apache.hadoop.fs.Path("/storage"), true);
    GenericTestUtils.waitFor(c::settled, 200, 30_000);
  }

  @Test
  void everyReplicaOnAnAllowedTypeAndTheLayoutFollowed() throws Exception {
    c.writeSchedule(MiniBlinkCluster.activeRing(ring, List.of(c.addresses.get(STAGING))));
    check("HOT", List.of(DISK, DISK, DISK));
    check("COLD", List.of(ARCHIVE, ARCHIVE, ARCHIVE));
    check("ALL_SSD", List.of(SSD, SSD, SSD));
    check("ONE_SSD", List.of(SSD, DISK, DISK));
    check("WARM", List.of(DISK, ARCHIVE, ARCHIVE));
    GenericTestUtils.waitFor(c::settled, 200, 30_000);
  }

  /** Four files under a directory with {@code policy}: perfect layouts of the expected types. */
  private static void check(String policy, List<StorageType> expected) throws IOException {
    String root = "/storage/" + policy;
    c.fs.mkdirs(new org.apache.hadoop.fs.Path(root));
    c.fs.setStoragePolicy(new org.apache.hadoop.fs.Path(root), policy);
    for (int f = 0; f < 4; f++) {
      String path = root + "/f" + f;
      c.writeFile(path, 1000, 3);
      assertEquals(sorted(expected), sorted(c.storageTypes(path)), path);
      List<Integer> held = c.ringPositions(path, RING);
      assertTrue(held.size() == 3 && LAYOUT.check(held, 3).isPerfect(),
          path + " on " + c.replicas(path));
    }
  }

  @Test
  void aLayoutNodeWithoutTheTypeKeepsItsStandIn() throws Exception {
    c.writeSchedule(MiniBlinkCluster.activeRing(ring, List.of(c.addresses.get(STAGING))));
    // COLD, r = 4: layout [0, 4, 6, 2]; node 2 has no ARCHIVE, so the staging node holds it.
    // ALL_SSD, r = 4: layout [1, 5, 7, 3]; node 3 has no SSD, the staging node again.
    for (String policy : List.of("COLD", "ALL_SSD")) {
      String root = "/storage/fallback/" + policy;
      c.fs.mkdirs(new org.apache.hadoop.fs.Path(root));
      c.fs.setStoragePolicy(new org.apache.hadoop.fs.Path(root), policy);
      StorageType type = policy.equals("COLD") ? ARCHIVE : SSD;
      for (int f = 0; f < 3; f++) {
        String path = root + "/f" + f;
        c.writeFile(path, 1000, 4);
        assertEquals(List.of(type, type, type, type), c.storageTypes(path), path);
        assertTrue(c.replicas(path).contains(c.addresses.get(STAGING)), path + " stand-in");
        List<Integer> held = c.ringPositions(path, RING);
        assertEquals(3, held.size(), path + " on " + c.replicas(path));
        assertEquals(1, LAYOUT.check(held, 4).missing().size(), path + " held " + held);
        assertTrue(BlinkNameNode.policy(c).verifyBlockPlacement(c.descriptors(c.replicas(path)), 4)
            .isPlacementPolicySatisfied(), path + ": the missing position is not demanded");
      }
    }
    // Nothing waits for a layout node that can never take the block.
    GenericTestUtils.waitFor(c::settled, 200, 30_000);
  }

  @Test
  void aCorrectionCopiesTheStandInsStorageType() throws Exception {
    // ONE_SSD while the ring's SSD nodes (1, 5, 7) sleep: the SSD replica goes to the staging
    // node. Once they wake, HDFS alone would ask for a DISK copy (the policy's next type) and
    // then delete a DISK replica, never the staging SSD one: copied and trimmed forever.
    Schedule.Builder b = MiniBlinkCluster.schedule(600_000);
    for (int i = 0; i < RING; i++) {
      b.add(SSD_NODES.contains(i) ? NodeSchedule.blink(ring.get(i), 300_000, 300_000)
          : NodeSchedule.blink(ring.get(i), 0, 300_000));
    }
    c.writeSchedule(b.add(NodeSchedule.staging(c.addresses.get(STAGING))).build());
    String root = "/storage/correction";
    c.fs.mkdirs(new org.apache.hadoop.fs.Path(root));
    c.fs.setStoragePolicy(new org.apache.hadoop.fs.Path(root), "ONE_SSD");
    List<String> files = new ArrayList<>();
    for (int f = 0; f < 6; f++) {
      String path = root + "/f" + f;
      c.writeFile(path, 1000, 3);
      files.add(path);
      assertEquals(sorted(List.of(SSD, DISK, DISK)), sorted(c.storageTypes(path)), path);
      assertTrue(c.replicas(path).contains(c.addresses.get(STAGING)), path + " SSD stand-in");
    }
    GenericTestUtils.waitFor(() -> c.blockManager().getBadlyDistributedBlocks() == files.size(),
        200, 30_000);

    c.writeSchedule(MiniBlinkCluster.activeRing(ring, List.of(c.addresses.get(STAGING))));
    GenericTestUtils.waitFor(() -> c.settled() && files.stream().allMatch(p -> {
      List<Integer> held = c.ringPositionsNow(p, RING);
      return held.size() == 3 && LAYOUT.check(held, 3).isPerfect();
    }), 200, 60_000);
    for (String p : files) {
      assertFalse(c.replicas(p).contains(c.addresses.get(STAGING)), p + " stand-in deleted");
      assertEquals(sorted(List.of(SSD, DISK, DISK)), sorted(c.storageTypes(p)), p);
    }
  }

  private static List<StorageType> sorted(List<StorageType> types) {
    List<StorageType> out = new ArrayList<>(types);
    out.sort(null);
    return out;
  }
}
