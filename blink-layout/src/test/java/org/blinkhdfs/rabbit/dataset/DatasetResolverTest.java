package org.blinkhdfs.rabbit.dataset;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class DatasetResolverTest {
  private static final DatasetResolver RESOLVER =
      new DatasetResolver(DatasetSpecs.parse("logs=/data/logs,hot=/data/logs/hot,tmp=/tmp"));

  @Test
  void longestRootByWholeComponents() {
    assertEquals(Optional.of("hot"), RESOLVER.resolve("/data/logs/hot/a", Optional.empty()));
    assertEquals(Optional.of("hot"), RESOLVER.resolve("/data/logs/hot", Optional.empty()));
    assertEquals(Optional.of("logs"), RESOLVER.resolve("/data/logs/cold/b", Optional.empty()));
    assertEquals(Optional.of("logs"), RESOLVER.resolve("/data/logs/hotter", Optional.empty()));
    assertEquals(Optional.of("logs"), RESOLVER.resolve("/data/logs/", Optional.empty()));
    assertEquals(Optional.empty(), RESOLVER.resolve("/data/logsx", Optional.empty()));
    assertEquals(Optional.empty(), RESOLVER.resolve("/data", Optional.empty()));
    assertEquals(Optional.empty(), RESOLVER.resolve("/", Optional.empty()));
  }

  @Test
  void overrideWinsWhenItNamesAConfiguredDataset() {
    assertEquals(Optional.of("hot"), RESOLVER.resolve("/tmp/f", Optional.of("hot")));
    assertEquals(Optional.of("hot"), RESOLVER.resolve("/elsewhere", Optional.of(" hot ")));
    // unknown or blank overrides are ignored: the roots decide
    assertEquals(Optional.of("tmp"), RESOLVER.resolve("/tmp/f", Optional.of("nope")));
    assertEquals(Optional.empty(), RESOLVER.resolve("/elsewhere", Optional.of("nope")));
    assertEquals(Optional.of("tmp"), RESOLVER.resolve("/tmp/f", Optional.of("")));
    assertTrue(RESOLVER.isConfigured("hot"));
    assertFalse(RESOLVER.isConfigured("nope"));
  }

  @Test
  void rootDirectoryHoldsEverything() {
    DatasetResolver r = new DatasetResolver(DatasetSpecs.parse("all=/,x=/x"));
    assertEquals(Optional.of("all"), r.resolve("/a/b", Optional.empty()));
    assertEquals(Optional.of("all"), r.resolve("/", Optional.empty()));
    assertEquals(Optional.of("x"), r.resolve("/x/y", Optional.empty()));
  }

  @Test
  void rejectsDuplicates() {
    assertThrows(IllegalArgumentException.class, () -> new DatasetResolver(
        List.of(new DatasetRoot("a", "/x"), new DatasetRoot("b", "/x"))));
    assertEquals("user.blink.dataset", DatasetResolver.OVERRIDE_XATTR);
  }
}
