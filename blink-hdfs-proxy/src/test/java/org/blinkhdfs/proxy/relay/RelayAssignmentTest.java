package org.blinkhdfs.proxy.relay;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The hash against published vectors, a few pinned owners (a change of the function reassigns
 * every file, so it must show), and properties over seeded random proxy sets and paths: the owner
 * ignores list order and path spelling, the spread is even, and removing a proxy moves only its
 * own paths.
 */
class RelayAssignmentTest {
  static final List<String> THREE = List.of("p1:14000", "p2:14000", "p3:14000");

  @Test
  void hashesMatchPublishedVectors() {
    // FNV-1a 64 (Fowler, Noll, Vo test vectors).
    assertEquals(0xcbf29ce484222325L, RelayAssignment.fnv(RelayAssignment.FNV_OFFSET, new byte[0]));
    assertEquals(0xaf63dc4c8601ec8cL, RelayAssignment.fnv(RelayAssignment.FNV_OFFSET, bytes("a")));
    assertEquals(0x85944171f73967e8L,
        RelayAssignment.fnv(RelayAssignment.FNV_OFFSET, bytes("foobar")));
    // SplitMix64 seeded with 0: the first output is mix(0 + golden gamma).
    assertEquals(0xe220a8397b1dcdafL, RelayAssignment.mix(0x9E3779B97F4A7C15L));
  }

  /** Owners and weights computed independently (a Python transcription of the javadoc). */
  @Test
  void pinnedOwners() {
    assertEquals(0x8c3b5d68c04e5a49L, RelayAssignment.weight("p3:14000", "/logs/day1"));
    assertEquals(0x1e8ca7162776b44fL, RelayAssignment.weight("p2:14000", "/logs/day1"));
    assertEquals("p3:14000", RelayAssignment.owner(THREE, "/logs/day1"));
    assertEquals("p1:14000", RelayAssignment.owner(THREE, "/user/alice/part-00000"));
    assertEquals("p1:14000", RelayAssignment.owner(THREE, "/"));
    assertEquals("p2:14000", RelayAssignment.owner(THREE, "/a"));
    assertEquals("p1:14000", RelayAssignment.owner(List.of("p1:14000"), "/anything"));
  }

  @Test
  void pathSpellingsOfOneFileHaveOneOwner() {
    assertEquals("/a/b", RelayAssignment.normalize("//a///b/"));
    assertEquals("/", RelayAssignment.normalize("///"));
    assertEquals(RelayAssignment.owner(THREE, "/a/b"), RelayAssignment.owner(THREE, "/a//b/"));
  }

  @Test
  void badInputsNameTheProblem() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> RelayAssignment.owner(List.of(), "/f"));
    assertTrue(e.getMessage().contains("no relay proxies"), e.getMessage());
    e = assertThrows(IllegalArgumentException.class,
        () -> RelayAssignment.owner(List.of("a:1", "a:1"), "/f"));
    assertTrue(e.getMessage().contains("listed twice"), e.getMessage());
    e = assertThrows(IllegalArgumentException.class,
        () -> RelayAssignment.owner(THREE, "relative/f"));
    assertTrue(e.getMessage().contains("absolute"), e.getMessage());
  }

  /** 30 seeds, 2..12 proxies, 12 000 paths each: every share within 5 sigma of 1/n. */
  @Test
  void spreadIsEvenOverSeeds() {
    for (long seed = 1; seed <= 30; seed++) {
      Random r = new Random(seed);
      List<String> proxies = proxies(r, 2 + r.nextInt(11));
      int paths = 12_000;
      Map<String, Integer> count = new HashMap<>();
      for (int i = 0; i < paths; i++) {
        count.merge(RelayAssignment.owner(proxies, path(r)), 1, Integer::sum);
      }
      double mean = (double) paths / proxies.size();
      double sigma = Math.sqrt(mean * (1 - 1.0 / proxies.size()));
      for (String p : proxies) {
        int c = count.getOrDefault(p, 0);
        assertTrue(Math.abs(c - mean) < 5 * sigma, "seed " + seed + ": " + p + " owns " + c
            + " of " + paths + " paths, expected " + mean + " +- " + 5 * sigma);
      }
    }
  }

  /** The owner depends on the set of proxies, not their order; removal moves only its paths. */
  @Test
  void ownerIgnoresOrderAndRemovalMovesOnlyTheRemovedProxysPaths() {
    for (long seed = 1; seed <= 30; seed++) {
      Random r = new Random(seed);
      List<String> proxies = proxies(r, 2 + r.nextInt(9));
      List<String> shuffled = new ArrayList<>(proxies);
      Collections.shuffle(shuffled, r);
      String removed = proxies.get(r.nextInt(proxies.size()));
      List<String> fewer = new ArrayList<>(proxies);
      fewer.remove(removed);
      for (int i = 0; i < 500; i++) {
        String path = path(r);
        String owner = RelayAssignment.owner(proxies, path);
        assertEquals(owner, RelayAssignment.owner(shuffled, path), "seed " + seed + " " + path);
        if (!owner.equals(removed)) {
          assertEquals(owner, RelayAssignment.owner(fewer, path), "seed " + seed + " " + path);
        }
      }
    }
  }

  static List<String> proxies(Random r, int n) {
    List<String> out = new ArrayList<>();
    while (out.size() < n) {
      String p = "10.0." + r.nextInt(4) + "." + (1 + r.nextInt(250)) + ":" + (14000 + r.nextInt(3));
      if (!out.contains(p)) {
        out.add(p);
      }
    }
    return out;
  }

  static String path(Random r) {
    StringBuilder b = new StringBuilder();
    int depth = 1 + r.nextInt(4);
    for (int d = 0; d < depth; d++) {
      b.append('/').append(d == depth - 1 ? "part-" : "dir").append(r.nextInt(100_000));
    }
    return b.toString();
  }

  static byte[] bytes(String s) {
    return s.getBytes(StandardCharsets.UTF_8);
  }
}
