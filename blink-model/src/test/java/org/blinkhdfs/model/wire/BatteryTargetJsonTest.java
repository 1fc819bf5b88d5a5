package org.blinkhdfs.model.wire;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The body of {@code PUT /v1/battery}: one duration field, strict. */
class BatteryTargetJsonTest {
  private static String refused(String json) {
    return assertThrows(IllegalArgumentException.class, () -> BatteryTargetJson.read(json))
        .getMessage();
  }

  @Test
  void readsADurationWithItsUnitAndWritesItBack() {
    assertEquals(5_400_000, BatteryTargetJson.read("{\"rideThrough\": \"90m\"}"));
    assertEquals(7_200_000, BatteryTargetJson.read("{\"rideThrough\": \"2h\"}"));
    assertEquals("{\"rideThrough\":\"5400s\"}", BatteryTargetJson.write(5_400_000));
    assertEquals(5_400_000, BatteryTargetJson.read(BatteryTargetJson.write(5_400_000)));
  }

  @Test
  void refusesWhatIsNotOneDurationInRange() {
    assertTrue(refused("{\"rideThrough\": 5400}").contains("rideThrough 5400 is not a string"));
    assertTrue(refused("{\"rideThrough\": \"5400\"}").contains("has no unit"));
    assertTrue(refused("{\"rideThrough\": \"30s\"}").contains("'30s' is outside 1m..168h"));
    assertTrue(refused("{\"rideThrough\": \"200h\"}").contains("'200h' is outside"));
    assertTrue(refused("{}").contains("rideThrough is missing"));
    assertTrue(refused("{\"rideThrough\": \"1h\", \"x\": 1}").contains("unknown field 'x'"));
    assertTrue(refused("{\"rideThrough\": \"1h\", \"rideThrough\": \"9h\"}")
        .startsWith("battery: not valid JSON"));
    assertTrue(refused("[\"1h\"]").contains("expected a JSON object"));
  }
}
