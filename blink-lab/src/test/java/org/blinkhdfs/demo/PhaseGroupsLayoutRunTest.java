package org.blinkhdfs.demo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.blinkhdfs.cluster.Layout;
import org.blinkhdfs.cluster.ProxySpec;
import org.junit.jupiter.api.Test;

/**
 * {@code --layouts phase-groups+phase-groups} names the lab's phase-group cluster: the
 * power-balanced placement policy with {@code blink.ring.spacing = groups}, the scheduler policy
 * {@code phase-groups}, a write proxy like the other ring layouts, and one of "ours" in the
 * comparison.
 */
class PhaseGroupsLayoutRunTest {

  @Test
  void theLabelParsesToTheGroupLayoutAndPolicy() {
    List<LayoutRun> runs = LayoutRun.parseList("--layouts",
        "phase-groups+phase-groups, aligned+aligned");
    LayoutRun groups = runs.get(0);
    assertEquals(Layout.PHASE_GROUPS, groups.layout());
    assertEquals("phase-groups", groups.schedulePolicy());
    assertEquals("phase-groups+phase-groups", groups.label());
    assertEquals("org.blinkhdfs.placement.PowerBalancedBlockPlacementPolicy",
        groups.layout().policyClass());
    assertEquals(Map.of("blink.ring.spacing", "groups"), groups.layout().nameNodeKeys());
    assertTrue(groups.layout().isRing() && groups.layout().stagesForProxy());
    assertEquals(ProxySpec.withCluster(), groups.proxy());
    assertTrue(CompareNotes.ours(groups.label()));
    assertEquals(Layout.ALIGNED, runs.get(1).layout());
    assertEquals(Layout.PHASE_GROUPS, Layout.byFlag("--layouts", "Phase-Groups"));
  }

  @Test
  void unknownNamesListThePhaseGroups() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> LayoutRun.parseList("--layouts", "groups+phase-groups"));
    assertTrue(e.getMessage().contains("phase-groups"), e.getMessage());
    e = assertThrows(IllegalArgumentException.class,
        () -> LayoutRun.parseList("--layouts", "phase-groups+groups"));
    assertTrue(e.getMessage().contains("phase-groups"), e.getMessage());
  }
}
