package org.blinkhdfs.layout.popularity;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/** Moving averages of accesses per file ({@link AccessAverages}), worked by hand. */
class AccessAveragesTest {

  @Test
  void averagesDecayByAlpha() {
    AccessAverages a = new AccessAverages(0.5, 100);
    for (int i = 0; i < 8; i++) {
      a.read("/a");
    }
    a.write("/a");
    a.read("/b");
    List<AccessAverages.Averages> p1 = a.fold();
    assertEquals(List.of(new AccessAverages.Averages("/a", 4, 0.5),
        new AccessAverages.Averages("/b", 0.5, 0)), p1);
    a.read("/b");
    a.read("/b");
    // /a: 0.5·0 + 0.5·4 = 2; /b: 0.5·2 + 0.5·0.5 = 1.25.
    assertEquals(List.of(new AccessAverages.Averages("/a", 2, 0.25),
        new AccessAverages.Averages("/b", 1.25, 0)), a.fold());
  }

  @Test
  void coldAndExcessFilesAreForgotten() {
    AccessAverages a = new AccessAverages(1.0, 2);
    a.read("/x");
    a.read("/y");
    a.read("/y");
    a.read("/z");
    a.read("/z");
    a.read("/z");
    // At most 2 kept: the coldest (/x) goes.
    assertEquals(List.of("/z", "/y"), a.fold().stream().map(AccessAverages.Averages::path)
        .toList());
    // With α = 1 a period without accesses forgets everything.
    assertTrue(a.fold().isEmpty());
    a.read("/gone");
    a.forget("/gone");
    assertTrue(a.fold().isEmpty());
  }
}
