package org.blinkhdfs.placement;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import org.blinkhdfs.layout.popularity.AccessAverages;
import org.junit.jupiter.api.Test;

/**
 * One fold per period shared by every step; a failing step does not stop the next; a standby
 * NameNode folds (ending the period) but runs no step.
 */
class PopularityLoopTest {
  @Test
  void everyStepSeesTheSameFoldAndAFailureStopsNothing() {
    AccessAverages accesses = new AccessAverages(0.5, 100);
    List<String> seen = new ArrayList<>();
    Map<String, PopularityLoop.Step> steps = new LinkedHashMap<>();
    steps.put("first", folded -> seen.add("first " + folded));
    steps.put("broken", folded -> {
      throw new IOException("scheduler down");
    });
    steps.put("last", folded -> seen.add("last " + folded));
    AtomicBoolean active = new AtomicBoolean(true);
    PopularityLoop loop = new PopularityLoop(accesses, 60_000, steps, active::get);
    accesses.read("/a");
    accesses.read("/a");
    loop.runOnce();
    String one = List.of(new AccessAverages.Averages("/a", 1.0, 0.0)).toString();
    assertEquals(List.of("first " + one, "last " + one), seen);

    // Standby: the period ends (the two reads are folded away) but no step runs.
    seen.clear();
    active.set(false);
    accesses.read("/a");
    accesses.read("/a");
    loop.runOnce();
    assertEquals(List.of(), seen);
    active.set(true);
    loop.runOnce(); // 1.0 -> 1.5 (standby period) -> 0.75 now
    String later = List.of(new AccessAverages.Averages("/a", 0.75, 0.0)).toString();
    assertEquals(List.of("first " + later, "last " + later), seen);
    loop.close();
  }
}
