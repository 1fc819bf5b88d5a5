package org.blinkhdfs.model.wire;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.Iterator;
import org.blinkhdfs.common.cli.Durations;
import org.blinkhdfs.model.json.StrictJson;

/**
 * The JSON of {@code PUT /v1/battery}, the admin's new ride-through target, shared by the admin
 * tool (writes it) and the scheduler (reads it), so both ends agree by construction.
 *
 * <pre>
 * {"rideThrough": "90m"}
 * </pre>
 *
 * <p>Strict: the one field, a duration with its unit ({@code 90m}, {@code 2h}, {@code 5400s}) in
 * {@link #MIN_MS}..{@link #MAX_MS}, no other field, nothing after the object. A bare number is
 * refused, as in every duration setting: seconds against milliseconds is the common mistake.
 * Errors name the field, the value and the fix. The same range bounds the configuration key
 * {@code blink.battery.ride.through}.
 *
 * <p>Thread-safe.
 */
public final class BatteryTargetJson {
  /** The shortest target accepted: one minute (a shorter outage is ridden at full power). */
  public static final long MIN_MS = 60_000L;
  /** The longest target accepted: a week. */
  public static final long MAX_MS = 7 * 86_400_000L;
  public static final String FIELD = "rideThrough";
  private static final ObjectMapper MAPPER = StrictJson.mapper();
  private static final String EXAMPLE = " (e.g. {\"rideThrough\": \"90m\"})";

  private BatteryTargetJson() {}

  /** {@code {"rideThrough": "5400s"}} for a target of {@code ms}. */
  public static String write(long ms) {
    return MAPPER.createObjectNode().put(FIELD, Durations.format(ms)).toString();
  }

  /**
   * The target in {@code json}, ms.
   *
   * @throws IllegalArgumentException naming the field, the value and the fix
   */
  public static long read(String json) {
    JsonNode root;
    try {
      root = MAPPER.readTree(json);
    } catch (JsonProcessingException e) {
      throw new IllegalArgumentException("battery: not valid JSON: " + e.getOriginalMessage()
          + EXAMPLE);
    }
    if (root == null || !root.isObject()) {
      throw new IllegalArgumentException("battery: expected a JSON object" + EXAMPLE);
    }
    for (Iterator<String> it = root.fieldNames(); it.hasNext(); ) {
      String f = it.next();
      if (!f.equals(FIELD)) {
        throw new IllegalArgumentException("battery: unknown field '" + abbreviate(f)
            + "': send only " + FIELD + EXAMPLE);
      }
    }
    JsonNode v = root.get(FIELD);
    if (v == null || !v.isTextual()) {
      throw new IllegalArgumentException("battery: " + FIELD + " " + (v == null ? "is missing"
          : abbreviate(v.toString()) + " is not a string") + ": give the ride-through target"
          + " as a duration with its unit" + EXAMPLE);
    }
    return checked("battery: " + FIELD, v.asText());
  }

  /**
   * {@code text} as a target in range, ms.
   *
   * @param what the field or key, named in the error
   * @throws IllegalArgumentException naming {@code what}, the value and the range
   */
  public static long checked(String what, String text) {
    long ms;
    try {
      ms = Durations.parseMs(text);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(what + " " + abbreviate(e.getMessage()) + EXAMPLE);
    }
    if (ms < MIN_MS || ms > MAX_MS) {
      throw new IllegalArgumentException(what + " '" + abbreviate(text) + "' is outside 1m.."
          + (MAX_MS / 3_600_000L) + "h: give how long the battery should carry the cluster"
          + " after the grid fails" + EXAMPLE);
    }
    return ms;
  }

  private static String abbreviate(String s) {
    return s.length() <= 80 ? s : s.substring(0, 80) + "...";
  }
}
