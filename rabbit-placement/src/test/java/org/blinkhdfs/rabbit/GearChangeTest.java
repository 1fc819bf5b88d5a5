package org.blinkhdfs.rabbit;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.blinkhdfs.placement.LayoutBlockPlacementPolicy;
import org.blinkhdfs.rabbit.layout.Chain;
import org.blinkhdfs.rabbit.layout.ChainLayout;
import org.blinkhdfs.rabbit.layout.EqualWorkLayout;
import org.blinkhdfs.rabbit.layout.EqualWorkSpec;
import org.blinkhdfs.rabbit.layout.ParaidLayout;
import org.blinkhdfs.rabbit.layout.ParaidReplicas;
import org.blinkhdfs.rabbit.layout.ParaidSpec;
import org.blinkhdfs.rabbit.layout.RabbitConfig;
import org.blinkhdfs.testsupport.MiniBlinkCluster;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A gear change without a NameNode restart: the schedule file goes from 7 ACTIVE nodes to 3
 * ACTIVE and 4 OFF, the 4 OFF DataNodes are really stopped, and every block written before or
 * during the low gear is read back byte for byte from the 3 nodes alone; then the nodes restart,
 * the schedule returns to 7, and every block is a whole layout again. Both layouts have a gear of
 * 3 nodes here: equal work with p = 2 (gears 2..7), PARAID with groups 2, 1, 4 (gears 2, 3, 7).
 */
class GearChangeTest {
  static final int NODES = 7;
  static final int GEAR = 3;
  static final int BYTES = 3000;

  @TempDir
  Path dir;

  @ParameterizedTest
  @ValueSource(classes = {EqualWorkBlockPlacementPolicy.class, ParaidBlockPlacementPolicy.class})
  void everyBlockStaysReadableFromTheLowGearAlone(
      Class<? extends LayoutBlockPlacementPolicy> policy) throws IOException {
    boolean paraid = policy == ParaidBlockPlacementPolicy.class;
    int r = paraid ? 3 : 2;
    try (MiniBlinkCluster c = RabbitNameNode.start(dir, NODES, policy,
        RabbitConfig.PRIMARIES.name(), "2", RabbitConfig.PARAID_GROUPS.name(), "2,1")) {
      Chain chain = Chain.of(c.addresses);
      ChainLayout layout = paraid
          ? ParaidReplicas.of(ParaidLayout.of(chain, ParaidSpec.of(2, 1, 4)), r)
          : EqualWorkLayout.of(chain, EqualWorkSpec.of(2, r));
      assertTrue(layout.gearSizes().contains(GEAR), "gears " + layout.gearSizes());
      List<String> paths = new ArrayList<>();
      for (int f = 0; f < 20; f++) {
        paths.add("/high/f" + f);
      }
      c.writeFiles(paths, BYTES, r);

      // Down to the gear: OFF in the schedule first (no new write may pick them), then stopped.
      c.writeSchedule(c.gear(GEAR));
      List<String> off = c.addresses.subList(GEAR, NODES);
      for (String node : off) {
        c.stop(node);
      }
      assertAllReadable(c, paths);
      List<String> low = new ArrayList<>();
      for (int f = 0; f < 6; f++) {
        low.add("/low/f" + f);
      }
      c.writeFiles(low, BYTES, r);
      for (String path : low) {
        for (String node : c.replicas(path)) {
          assertFalse(off.contains(node), path + " written to OFF node " + node);
        }
      }
      assertAllReadable(c, low);

      // Back up: nodes restart on their ports, the schedule names all 7 ACTIVE again.
      c.restartAll();
      c.writeSchedule(c.gear(NODES));
      paths.addAll(low);
      MiniBlinkCluster.waitFor("whole layouts", () -> c.settled() && paths.stream().allMatch(
          p -> layout.check(c.replicasNow(p)).isPerfect()));
      assertAllReadable(c, paths);
    }
  }

  private static void assertAllReadable(MiniBlinkCluster c, List<String> paths) throws IOException {
    for (String path : paths) {
      assertArrayEquals(MiniBlinkCluster.contents(path, BYTES), c.read(path), path);
    }
  }
}
