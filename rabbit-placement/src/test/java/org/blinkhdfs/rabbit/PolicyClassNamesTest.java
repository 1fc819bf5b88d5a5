package org.blinkhdfs.rabbit;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Map;
import org.blinkhdfs.layout.catalog.LayoutCatalog;
import org.blinkhdfs.placement.PowerBalancedBlockPlacementPolicy;
import org.junit.jupiter.api.Test;

/**
 * The catalog's policy class names are our placement policies' real names: the write proxy
 * finds the NameNode's layout by them without loading these classes, so a rename here must
 * change the catalog too (and the fixed contract in docs/architecture.md).
 */
class PolicyClassNamesTest {
  @Test
  void theCatalogNamesEachPolicyAndItsLayout() {
    assertEquals(Map.of(
        PowerBalancedBlockPlacementPolicy.class.getName(), LayoutCatalog.POWER_BALANCED,
        EqualWorkBlockPlacementPolicy.class.getName(), LayoutCatalog.EQUAL_WORK,
        ParaidBlockPlacementPolicy.class.getName(), LayoutCatalog.PARAID),
        LayoutCatalog.BY_POLICY_CLASS);
  }
}
