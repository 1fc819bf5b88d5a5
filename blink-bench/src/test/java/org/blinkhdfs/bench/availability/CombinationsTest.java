package org.blinkhdfs.bench.availability;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

class CombinationsTest {
  @Test
  void enumeratesInLexicographicOrder() {
    List<String> seen = new ArrayList<>();
    Combinations.forEach(4, 2, 100, s -> seen.add(Arrays.toString(s)));
    assertEquals(List.of("[0, 1]", "[0, 2]", "[0, 3]", "[1, 2]", "[1, 3]", "[2, 3]"), seen);
    List<String> all = new ArrayList<>();
    Combinations.forEach(3, 3, 100, s -> all.add(Arrays.toString(s)));
    assertEquals(List.of("[0, 1, 2]"), all);
  }

  @Test
  void countsExactlyAndSaturates() {
    assertEquals(6, Combinations.count(4, 2));
    assertEquals(184_756, Combinations.count(20, 10));
    assertEquals(1, Combinations.count(9, 0));
    assertEquals(0, Combinations.count(3, 4));
    assertEquals(7_219_428_434_016_265_740L, Combinations.count(66, 33));
    assertEquals(Long.MAX_VALUE, Combinations.count(200, 100));
  }

  @Test
  void refusesMoreThanTheLimit() {
    assertThrows(IllegalArgumentException.class, () -> Combinations.forEach(20, 10, 1000, s -> {
    }));
  }
}
