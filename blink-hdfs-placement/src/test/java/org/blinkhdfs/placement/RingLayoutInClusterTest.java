package org.blinkhdfs.placement;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.blinkhdfs.layout.LayoutCheck;
import org.blinkhdfs.layout.ring.RingLayout;
import org.blinkhdfs.layout.ring.RingSpacing;
import org.blinkhdfs.testsupport.MiniBlinkCluster;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * With every node awake, each block written through a real NameNode sits exactly where the ring
 * rule puts it, relative to its first replica (8- and 9-node rings, r = 2, 3, 4, 6), for both
 * spacings ({@code blink.ring.spacing}: BlinkFS's bisection, and even for the aligned stagger).
 */
class RingLayoutInClusterTest {
  @TempDir
  Path dir;

  @ParameterizedTest
  @CsvSource({"8, bisection", "9, bisection", "9, even"})
  void everyBlockFollowsTheRingRule(int ringSize, String spacing) throws Exception {
    try (MiniBlinkCluster c = BlinkNameNode.start(dir, ringSize,
        conf -> conf.set(RingSpacing.KEY, spacing))) {
      c.writeSchedule(c.allActive(ringSize));
      RingLayout layout = new RingLayout(ringSize, RingSpacing.parse(spacing));
      Set<Integer> firsts = new HashSet<>();
      for (int r : new int[] {2, 3, 4, 6}) {
        for (int f = 0; f < 12; f++) {
          String path = "/ring" + ringSize + "/r" + r + "/f" + f;
          c.writeFile(path, 1000, r);
          List<Integer> held = c.ringPositions(path, ringSize);
          assertEquals(r, held.size(), path + " replicas " + c.replicas(path) + " datanodes "
              + c.addresses);
          LayoutCheck check = layout.check(held, r);
          assertTrue(check.isPerfect(), path + " held " + held + " but layout from "
              + check.first() + " is " + check.layout());
          firsts.add(check.first());
        }
      }
      // The first replica is the writer (one of the DataNodes on this host) or spread by the
      // seeded choice; either way blocks do not all start at one node.
      assertTrue(firsts.size() > 1, "first replicas " + firsts);
    }
  }
}
