package org.blinkhdfs.layout.catalog;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * {@link LayoutCatalog#layoutOfPolicy}: the fixed policy class names (the design's contract) map
 * to the catalog's layouts; anything else is not ours. The NameNode modules' tests check the
 * names against the classes themselves.
 */
class LayoutCatalogPolicyTest {
  @Test
  void fixedPolicyNamesMapToTheirLayouts() {
    assertEquals(Optional.of(LayoutCatalog.POWER_BALANCED), LayoutCatalog.layoutOfPolicy(
        "org.blinkhdfs.placement.PowerBalancedBlockPlacementPolicy"));
    assertEquals(Optional.of(LayoutCatalog.EQUAL_WORK), LayoutCatalog.layoutOfPolicy(
        " org.blinkhdfs.rabbit.EqualWorkBlockPlacementPolicy "), "trimmed like Hadoop's keys");
    assertEquals(Optional.of(LayoutCatalog.PARAID), LayoutCatalog.layoutOfPolicy(
        "org.blinkhdfs.rabbit.ParaidBlockPlacementPolicy"));
    assertEquals(Optional.empty(), LayoutCatalog.layoutOfPolicy(
        "org.apache.hadoop.hdfs.server.blockmanagement.BlockPlacementPolicyDefault"));
    assertEquals(Optional.empty(), LayoutCatalog.layoutOfPolicy(""));
  }
}
