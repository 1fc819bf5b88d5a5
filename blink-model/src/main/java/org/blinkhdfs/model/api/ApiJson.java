package org.blinkhdfs.model.api;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.MapperFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.blinkhdfs.model.json.StrictJson;

/**
 * The JSON of the Blink API's answers ({@link NodeState}, {@link FileBlocks}, {@link FileInfo},
 * {@link ServerLoad}), shared by the proxy (writes) and {@link BlinkApiClient} (reads), so both
 * ends agree by construction. The JSON is the records' components by name, in declaration order,
 * nested records as objects, enums by name and absent values as explicit {@code null}; the
 * examples are in each record's comment and in {@code docs/proxy.md}.
 *
 * <p>Reading is strict about what the format promises and lenient about growth: every field must
 * be present (a null where the record allows it), unknown fields are ignored so a newer proxy can
 * add some, and a missing or mistyped field (a number given as a string too), a key given twice
 * or text after the answer ({@link StrictJson}) is an {@link IllegalArgumentException} naming
 * the answer type and the field.
 *
 * <p>Thread-safe.
 */
public final class ApiJson {
  private static final ObjectMapper MAPPER = StrictJson.builder()
      .configure(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, false)
      .configure(DeserializationFeature.FAIL_ON_MISSING_CREATOR_PROPERTIES, true)
      .configure(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES, true)
      // "12" is not 12: a number field holds a JSON number, never a string (whose digits
      // Jackson would parse with the JDK, which takes any Unicode digit).
      .disable(MapperFeature.ALLOW_COERCION_OF_SCALARS)
      .build();

  private ApiJson() {}

  /** The JSON of an answer (one line). */
  public static String write(Object answer) {
    try {
      return MAPPER.writeValueAsString(answer);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("cannot write " + answer.getClass().getSimpleName()
          + " as JSON: " + e.getOriginalMessage(), e);
    }
  }

  /**
   * The answer of {@code type} in {@code json}.
   *
   * @throws IllegalArgumentException naming the type and the field when {@code json} is not one
   */
  public static <T> T read(String json, Class<T> type) {
    try {
      return MAPPER.readValue(json, type);
    } catch (JsonProcessingException e) {
      throw new IllegalArgumentException("not a " + type.getSimpleName() + ": "
          + e.getOriginalMessage().lines().findFirst().orElse(""), e);
    }
  }
}
