package org.blinkhdfs.placement;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;
import org.blinkhdfs.layout.popularity.AccessAverages;
import org.blinkhdfs.model.schedule.Schedule;
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
    // Nodes with no load are left out (the policy weighs a missing node 0).
    assertEquals(Map.of("h:1", 4.0), one.publish(folded));
    // A file read no more (average 0) is not looked up: nothing weighs, an empty map is sent.
    assertEquals(Map.of(), one.publish(List.of(new AccessAverages.Averages("/a", 0, 3))));
    assertEquals(Map.of(), sent.get(sent.size() - 1));
  }

  /** Checked when the plugin is configured: Hadoop only logs what a plugin's start throws. */
  @Test
  void publishingWithoutASchedulerAddressIsRefusedAtConfiguration() {
    org.apache.hadoop.conf.Configuration conf = new org.apache.hadoop.conf.Configuration(false);
    conf.set("blink.popularity.nodes.publish", "true");
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> new BlinkNameNodePlugin().setConf(conf));
    assertEquals("blink.popularity.nodes.publish = true needs blink.scheduler.address: the node"
        + " loads go to the scheduler; set it to the scheduler's host:port, or set"
        + " blink.popularity.nodes.publish = false", e.getMessage());
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
