package org.blinkhdfs.model.json;

import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;

/**
 * The one JSON reader configuration of every document that crosses the wire: the schedule
 * ({@code ScheduleJson}: {@code GET /v1/schedule}, the schedule file), agent statuses, wake
 * requests and answers, popularity weights and the Blink API's answers. Jackson's defaults are
 * lenient in two ways that let two readers see two different documents in the same bytes:
 *
 * <ul>
 *   <li>text after the document is ignored ({@code {"a": 1} {"a": 2}} reads as the first), so
 *       a body that a proxy or a second writer appended to is taken as valid;
 *   <li>a key given twice keeps the last value ({@code {"ms": 1, "ms": 9e9}}), where other
 *       parsers keep the first.
 * </ul>
 *
 * <p>Both are refused here (a {@link com.fasterxml.jackson.core.JsonProcessingException} naming
 * the token or the duplicate key and its location), which every codec turns into its 400-style
 * error. Non-numeric numbers ({@code NaN}, {@code Infinity}) stay refused (Jackson's default);
 * numbers too large for a double (1e400) are each codec's range check. Numbers in JSON are ASCII
 * digits by the grammar; text fields holding numbers go through {@code AsciiNumbers}.
 *
 * <p>Each call returns a new mapper, so a codec may add its own features without touching
 * another's. Thread-safe once configured, like any {@link ObjectMapper}.
 */
public final class StrictJson {
  private StrictJson() {}

  /** A mapper that refuses trailing tokens and duplicate keys. */
  public static ObjectMapper mapper() {
    return builder().build();
  }

  /** The strict configuration, for a codec that adds features of its own. */
  public static JsonMapper.Builder builder() {
    return JsonMapper.builder()
        .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
        .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS);
  }
}
