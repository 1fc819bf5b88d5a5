package org.blinkhdfs.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The {@code auto} object of {@code GET /v1/power}, as the scheduler writes it. */
class AutoStateTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  /** The worked example's body (docs/scheduler.md: 9 nodes, 40%, activation 3). */
  static final String POWER = "{\"percentOfTotal\": 40.0, \"epoch\": 7, \"auto\": {"
      + "\"choice\": \"activation 3 on + 6 off\", \"kind\": \"activation\", \"activeNodes\": 3,"
      + " \"blinkWindowMs\": 0, \"switched\": true, \"decidedAtMs\": 600000,"
      + " \"fullyAvailable\": true, \"unavailableFraction\": 0.0, \"meanWaitMs\": 0.0,"
      + " \"capacityNodes\": 3.0, \"drawWatts\": 75.0, \"best\": \"activation 3 on + 6 off\","
      + " \"reason\": \"activation 3 on + 6 off (first decision): fully available\","
      + " \"load\": {\"utilization\": null, \"measuredNodes\": 0, \"readsHeld\": null,"
      + " \"pendingContainers\": null, \"demandNodes\": null,"
      + " \"describe\": \"no utilization sample: demand unbounded\"}}}";

  @Test
  void theDecisionIsReadFieldByField() throws IOException {
    AutoState s = AutoState.parse(JSON.readTree(POWER)).orElseThrow();
    assertEquals(new AutoState("activation 3 on + 6 off", "activation", 3,
        "activation 3 on + 6 off", true, 600_000, "activation 3 on + 6 off (first decision):"
        + " fully available", "no utilization sample: demand unbounded"), s);
    assertFalse(s.blinking());
    assertTrue(s.bestInForce());
  }

  @Test
  void anotherPolicyHasNone() throws IOException {
    assertEquals(Optional.empty(), AutoState.parse(JSON.readTree("{\"auto\": null}")));
  }

  @Test
  void aBodyOffTheContractNamesWhatIsMissing() throws IOException {
    IOException e = assertThrows(IOException.class,
        () -> AutoState.parse(JSON.readTree("{\"epoch\": 7}")));
    assertTrue(e.getMessage().contains("no \"auto\" field"), e.getMessage());
    e = assertThrows(IOException.class, () -> AutoState.parse(JSON.readTree(
        POWER.replace("\"best\": \"activation 3 on + 6 off\",", ""))));
    assertTrue(e.getMessage().contains("has no \"best\""), e.getMessage());
  }
}
