package org.blinkhdfs.cluster;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.util.Optional;

/**
 * The {@code auto} policy's last decision as the scheduler serves it on {@code GET /v1/power}
 * ({@code "auto"}, docs/scheduler.md): what is in force, the best of that decision alone, and
 * why. The lab reads it at every power level to say what auto chose and to check what that
 * choice promises.
 *
 * @param choice the plan in force, e.g. "activation 3 on + 6 off"
 * @param kind {@code blinking}, {@code activation} or {@code hybrid}
 * @param activeNodes ring nodes ACTIVE the whole interval (0 for blinking)
 * @param best the best candidate of this decision alone; differs from {@code choice} while
 *     hysteresis holds the plan in force
 * @param switched whether this decision changed the plan
 * @param decidedAtMs when, by the scheduler's clock (one decision per epoch)
 * @param reason the scheduler's sentence
 * @param load the live load the next decision takes ({@code auto.load.describe})
 */
public record AutoState(String choice, String kind, int activeNodes, String best,
    boolean switched, long decidedAtMs, String reason, String load) {
  /** {@link #kind} of a plan where every node blinks. */
  public static final String BLINKING = "blinking";

  /** True when every ring node blinks: the ring layouts' checks apply. */
  public boolean blinking() {
    return kind.equals(BLINKING);
  }

  /** True when the decision holds nothing back: the best of this decision is in force. */
  public boolean bestInForce() {
    return choice.equals(best);
  }

  /**
   * The {@code auto} object of a {@code GET /v1/power} body: empty when it is JSON null (another
   * policy, or no plan yet). A body without it, or an object missing a field, is not the
   * contract's: the {@link IOException} names the field.
   */
  public static Optional<AutoState> parse(JsonNode power) throws IOException {
    if (power == null || !power.has("auto")) {
      throw new IOException("GET /v1/power has no \"auto\" field (a scheduler older than the"
          + " auto policy?): " + power);
    }
    JsonNode a = power.get("auto");
    if (a.isNull()) {
      return Optional.empty();
    }
    JsonNode load = a.path("load");
    return Optional.of(new AutoState(text(a, "choice"), text(a, "kind"),
        field(a, "activeNodes").asInt(), text(a, "best"), field(a, "switched").asBoolean(),
        field(a, "decidedAtMs").asLong(), text(a, "reason"),
        load.hasNonNull("describe") ? load.get("describe").asText() : ""));
  }

  private static String text(JsonNode a, String name) throws IOException {
    return field(a, name).asText();
  }

  private static JsonNode field(JsonNode a, String name) throws IOException {
    if (!a.hasNonNull(name)) {
      throw new IOException("GET /v1/power \"auto\" has no \"" + name + "\": " + a);
    }
    return a.get(name);
  }
}
