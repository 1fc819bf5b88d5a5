package org.blinkhdfs.rabbit.dataset;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.blinkhdfs.common.time.ManualClock;
import org.blinkhdfs.group.Group;
import org.blinkhdfs.group.GroupDirectories;
import org.blinkhdfs.group.GroupSet;
import org.junit.jupiter.api.Test;

/**
 * {@link DatasetState}: resolution by roots or by a resolver, the cache and its drop on a new
 * directory version, and the activity it records. The NameNode and the proxy both rely on these.
 */
class DatasetStateTest {
  private static final DatasetConfig LOGS_WEB =
      DatasetConfig.from(Map.of(DatasetConfig.DATASETS.name(), "logs=/logs,web=/web")::get);

  @Test
  void resolvesByRootsAfterTheHookAndCountsNewBlocks() {
    AtomicInteger rootsOnly = new AtomicInteger();
    DatasetDirectory fixed = DatasetDirectory.of(LOGS_WEB);
    DatasetState state = new DatasetState(LOGS_WEB, () -> fixed, new ManualClock(0),
        rootsOnly::incrementAndGet);
    assertEquals(Optional.of("logs"), state.newBlockOf("/logs/a"));
    assertEquals(Optional.empty(), state.newBlockOf("/tmp/b"), "under no root");
    assertEquals(2, rootsOnly.get(), "the hook runs before each resolution by roots");
    // Cached for 5 s: the same path again does not resolve (nor call the hook) again.
    assertEquals(Optional.of("logs"), state.newBlockOf("/logs/a"));
    assertEquals(2, rootsOnly.get());
    assertTrue(state.activity().live().contains("logs"), "two new blocks in logs");
    assertEquals(Optional.of("web"), state.readOf("/web/x"));
    assertEquals(1, state.activity().reads("web"));
  }

  @Test
  void aResolverWinsOverTheRoots() {
    DatasetDirectory fixed = DatasetDirectory.of(LOGS_WEB);
    DatasetState state = new DatasetState(LOGS_WEB, () -> fixed, new ManualClock(0), () -> {
      throw new AssertionError("roots only while a resolver is set");
    });
    state.resolveWith((path, d) -> Optional.of("web")); // as the override xattr would
    assertEquals(Optional.of("web"), state.newBlockOf("/logs/a"));
  }

  @Test
  void aNewDirectoryVersionDropsTheCache() {
    GroupSet one = GroupSet.empty().add(Group.live("a", List.of("/d"), 1));
    // The edit adds b with a deeper root (revision 1 -> 2): /d/f now resolves to b.
    GroupSet two = one.add(Group.live("b", List.of("/d/f"), 1));
    AtomicReference<GroupSet> feed = new AtomicReference<>(one);
    DatasetState state = new DatasetState(LOGS_WEB, new GroupDirectories(feed::get),
        new ManualClock(0), () -> { });
    assertEquals(Optional.of("a"), state.newBlockOf("/d/f"));
    feed.set(two); // the feed read the edited document
    assertEquals(Optional.of("b"), state.newBlockOf("/d/f"), "not the cached a");
  }

  @Test
  void noDatasetsResolveNothing() {
    DatasetConfig none = DatasetConfig.from(Map.<String, String>of()::get);
    DatasetDirectory fixed = DatasetDirectory.of(none);
    DatasetState state = new DatasetState(none, () -> fixed, new ManualClock(0), () -> {
      throw new AssertionError("nothing to resolve without datasets");
    });
    assertEquals(Optional.empty(), state.newBlockOf("/logs/a"));
  }
}
