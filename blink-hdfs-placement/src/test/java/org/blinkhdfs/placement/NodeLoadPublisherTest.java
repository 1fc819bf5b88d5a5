package org.blinkhdfs.placement;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;
import org.blinkhdfs.core.popularity.AccessAverages;
import org.blinkhdfs.core.schedule.Schedule;
import org.blinkhdfs.testsupport.MiniBlinkCluster;
import org.junit.jupiter.api.Test;

/**
 * The publisher's own rules, at its two narrow seams (block holders and the scheduler): the
 * hottest files only, gone or unreadable files skipped, unread files ignored, nothing sent
 * without a schedule. {@code NodeLoadPublishTest} runs it on a real NameNode and scheduler.
 */
class NodeLoadPublisherTest {
  static final Schedule RING = MiniBlinkCluster.activeRing(List.of("h:1", "h:2"), List.of("h:9"));

  @Test
  void countsTheHottestFilesAndSkipsWhatCannotBeRead() throws IOException {
    Map<String, List<List<String>>> blocks = Map.of(
        "/a", List.of(List.of("h:1", "h:9")),
        "/b", List.of(List.of("h:2")),
        "/c", List.of(List.of("h:1")));
    List<Map<String, Double>> sent = new ArrayList<>();
    AtomicLong count = new AtomicLong();
    NodeLoadPublisher p = new NodeLoadPublisher(path -> {
      if (path.equals("/broken")) {
        throw new IOException("safe mode");
      }
      return blocks.get(path); // null: gone
    }, sent::add, () -> Optional.of(RING), 3, count);
    List<AccessAverages.Averages> folded = List.of(
        new AccessAverages.Averages("/a", 8, 0),
        new AccessAverages.Averages("/gone", 7, 0),
        new AccessAverages.Averages("/broken", 6, 0),
        new AccessAverages.Averages("/b", 5, 0),
        new AccessAverages.Averages("/c", 4, 0));
    // At most 3 files counted; /gone and /broken do not take a place, so /a, /b and /c count.
    // /a's block is shared with the staging node h:9, which is left out.
    Map<String, Double> loads = p.publish(folded);
    assertEquals(Map.of("h:1", 8.0 / 2 + 4, "h:2", 5.0), loads);
    assertEquals(List.of(loads), sent);
    assertEquals(1, count.get());
    NodeLoadPublisher one = new NodeLoadPublisher(blocks::get, sent::add,
        () -> Optional.of(RING), 1, count);
    assertEquals(Map.of("h:1", 4.0, "h:2", 0.0), one.publish(folded));
    // A file read no more (average 0) is not looked up.
    assertEquals(Map.of("h:1", 0.0, "h:2", 0.0),
        one.publish(List.of(new AccessAverages.Averages("/a", 0, 3))));
  }

  @Test
  void nothingIsSentWithoutASchedule() throws IOException {
    List<Map<String, Double>> sent = new ArrayList<>();
    NodeLoadPublisher p = new NodeLoadPublisher(path -> List.of(), sent::add, Optional::empty, 10,
        new AtomicLong());
    assertEquals(Map.of(), p.publish(List.of(new AccessAverages.Averages("/a", 3, 0))));
    assertEquals(List.of(), sent);
    assertThrows(IllegalArgumentException.class, () -> new NodeLoadPublisher(path -> null,
        sent::add, Optional::empty, 0, new AtomicLong()));
  }
}
