package org.blinkhdfs.group;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.atomic.AtomicReference;
import org.blinkhdfs.rabbit.dataset.DatasetDirectory;
import org.junit.jupiter.api.Test;

/** {@link GroupDirectories}: one directory per groups document, rebuilt when it changes. */
class GroupDirectoriesTest {
  @Test
  void sameDocumentSameDirectoryNewDocumentNewOne() {
    GroupSet web = GroupSet.empty().add(Group.live("web", List.of("/data/web"), 10));
    AtomicReference<GroupSet> feed = new AtomicReference<>(GroupSet.empty());
    GroupDirectories dirs = new GroupDirectories(feed::get);
    DatasetDirectory empty = dirs.get();
    assertEquals(Set.of(), empty.holding(), "before the first read: no datasets");
    feed.set(web);
    DatasetDirectory first = dirs.get();
    assertSame(first, dirs.get(), "the same document gives the same directory");
    assertEquals(Set.of("web"), first.holding());
    assertEquals(Optional.of("web"), first.resolve("/data/web/x", Optional.empty()));
    feed.set(web.add(Group.live("logs", List.of("/data/logs"), 1)));
    DatasetDirectory second = dirs.get();
    assertNotEquals(first.version(), second.version(), "an edit is a new version");
    assertEquals(Set.of("web", "logs"), second.holding());
  }
}
