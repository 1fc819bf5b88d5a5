package org.blinkhdfs.rabbit.layout;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The equal-work and PARAID keys: defaults, the leftover group, and errors that name the fix. */
class RabbitConfigTest {
  private static RabbitConfig config(Map<String, String> values) {
    return RabbitConfig.from(values::get);
  }

  @Test
  void defaultsAreTwoPrimariesAndGroupOneOfTwo() {
    RabbitConfig c = config(Map.of());
    assertEquals(2, c.primaries());
    assertEquals(List.of(2, 5), c.paraidSpec(7).groupSizes());
    assertEquals(List.of(2), c.paraidSpec(2).groupSizes());
  }

  @Test
  void nodesLeftOverFormTheLastGroup() {
    RabbitConfig c = config(Map.of(RabbitConfig.PARAID_GROUPS.name(), " 2, 1 "));
    assertEquals(List.of(2, 1, 4), c.paraidSpec(7).groupSizes());
    assertEquals(List.of(2, 1), c.paraidSpec(3).groupSizes());
  }

  @Test
  void groupsLongerThanTheRingNameTheKeyAndTheFix() {
    RabbitConfig c = config(Map.of(RabbitConfig.PARAID_GROUPS.name(), "2,3,4"));
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> c.paraidSpec(7));
    assertEquals("blink.paraid.groups = '2,3,4' needs 9 nodes but the schedule's ring has 7:"
        + " list groups adding up to at most 7 (the rest of the ring forms the last group), or"
        + " put 2 more nodes in the schedule", e.getMessage());
  }

  @Test
  void badValuesFailWithKeyValueAndFix() {
    IllegalArgumentException p = assertThrows(IllegalArgumentException.class,
        () -> config(Map.of(RabbitConfig.PRIMARIES.name(), "0")));
    assertEquals("blink.equalwork.primaries = '0' is invalid: give a whole number of nodes in"
        + " 1..100000 (default 2)", p.getMessage());
    for (String bad : new String[] {"2,,3", "2,x", "0", "-1,2"}) {
      IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
          () -> config(Map.of(RabbitConfig.PARAID_GROUPS.name(), bad)));
      assertTrue(e.getMessage().startsWith("blink.paraid.groups = '" + bad + "' is invalid: "),
          e.getMessage());
      assertTrue(e.getMessage().contains("give comma-separated group sizes in nodes"),
          e.getMessage());
    }
  }
}
