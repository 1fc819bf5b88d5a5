package org.blinkhdfs.rabbit.dataset;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;
import org.blinkhdfs.common.time.ManualClock;
import org.junit.jupiter.api.Test;

class ResolutionCacheTest {
  private final ManualClock clock = new ManualClock(0);
  private final List<String> computed = new ArrayList<>();
  private final Function<String, Optional<String>> lookup = path -> {
    computed.add(path);
    return path.startsWith("/logs") ? Optional.of("logs") : Optional.empty();
  };

  @Test
  void answersAreReusedUntilTheyAreMaxAgeOld() {
    ResolutionCache cache = new ResolutionCache(10, 5_000, clock);
    assertEquals(Optional.of("logs"), cache.get("/logs/f", lookup));
    clock.set(4_999);
    assertEquals(Optional.of("logs"), cache.get("/logs/f", lookup));
    assertEquals(List.of("/logs/f"), computed);
    clock.set(5_000);
    assertEquals(Optional.of("logs"), cache.get("/logs/f", lookup));
    assertEquals(List.of("/logs/f", "/logs/f"), computed);
  }

  @Test
  void noDatasetIsCachedToo() {
    ResolutionCache cache = new ResolutionCache(10, 5_000, clock);
    assertEquals(Optional.empty(), cache.get("/tmp/x", lookup));
    assertEquals(Optional.empty(), cache.get("/tmp/x", lookup));
    assertEquals(List.of("/tmp/x"), computed);
  }

  @Test
  void theLeastRecentlyUsedPathIsEvictedAtTheBound() {
    ResolutionCache cache = new ResolutionCache(2, 5_000, clock);
    cache.get("/a", lookup);
    cache.get("/b", lookup);
    cache.get("/a", lookup); // /a is now the most recent
    cache.get("/c", lookup); // evicts /b
    assertEquals(2, cache.size());
    cache.get("/a", lookup);
    cache.get("/b", lookup);
    assertEquals(List.of("/a", "/b", "/c", "/b"), computed);
  }

  @Test
  void aClockThatStepsBackDoesNotExtendAnAnswer() {
    ResolutionCache cache = new ResolutionCache(10, 5_000, clock);
    clock.set(10_000);
    cache.get("/logs/f", lookup);
    clock.set(9_000);
    cache.get("/logs/f", lookup);
    assertEquals(2, computed.size());
  }

  @Test
  void badBoundsAreRejected() {
    assertThrows(IllegalArgumentException.class, () -> new ResolutionCache(0, 1, clock));
    assertThrows(IllegalArgumentException.class, () -> new ResolutionCache(1, -1, clock));
  }
}
