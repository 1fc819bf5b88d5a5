package org.blinkhdfs.rabbit.dataset;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

class LeastServedTest {
  @Test
  void workedExample() {
    LeastServed s = new LeastServed();
    Set<String> a = Set.of("a", "b", "c");
    List<List<String>> blocks = List.of(List.of("a", "b"), List.of("a", "c"), List.of("a", "b"),
        List.of("b", "c"), List.of("d", "a"));
    StringBuilder chosen = new StringBuilder();
    for (List<String> block : blocks) {
      int i = s.pick(block, a);
      chosen.append(block.get(i));
      s.serve(block.get(i));
    }
    assertEquals("acbba", chosen.toString());
    assertEquals(Map.of("a", 2L, "b", 2L, "c", 1L), s.snapshot());
    assertEquals(-1, s.pick(List.of("d", "e"), a));
    assertEquals(0, s.served("d"));
  }
}
