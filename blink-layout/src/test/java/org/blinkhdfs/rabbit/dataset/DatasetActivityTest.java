package org.blinkhdfs.rabbit.dataset;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Set;
import org.blinkhdfs.common.time.ManualClock;
import org.junit.jupiter.api.Test;

class DatasetActivityTest {
  @Test
  void aWriteKeepsADatasetLiveForLiveMs() {
    ManualClock clock = new ManualClock(0);
    DatasetActivity a = new DatasetActivity(60_000, clock);
    a.newBlock("logs");
    clock.set(30_000);
    a.newBlock("web");
    a.newBlock("web");
    assertEquals(Set.of("logs", "web"), a.live());
    clock.set(59_999);
    assertEquals(Set.of("logs", "web"), a.live());
    clock.set(60_000);
    assertEquals(Set.of("web"), a.live());
    clock.set(90_000);
    assertEquals(Set.of(), a.live());
    assertEquals(1, a.newBlocks("logs"));
    assertEquals(2, a.newBlocks("web"));
    assertEquals(0, a.newBlocks("none"));
  }
}
