package org.blinkhdfs.daemon.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.Test;

/** The keys of {@link BodyLimits}: names, defaults, and errors naming the key and the fix. */
class BodyLimitsTest {
  static final BodyLimits.Keys KEYS = BodyLimits.Keys.of("blink.test.http");

  static IllegalArgumentException refused(String key, String value) {
    Configuration conf = new Configuration(false);
    conf.set(key, value);
    return assertThrows(IllegalArgumentException.class, () -> new BodyLimits(conf, KEYS));
  }

  @Test
  void keysAndDefaults() {
    assertEquals(List.of("blink.test.http.body.readers.per.user",
        "blink.test.http.body.readers.max", "blink.test.http.body.timeout"),
        KEYS.list().stream().map(k -> k.name()).toList());
    assertEquals(List.of("16", "64", "10s"),
        KEYS.list().stream().map(k -> k.defaultValue()).toList());
    assertEquals(0, new BodyLimits(new Configuration(false), KEYS).inFlight());
  }

  @Test
  void aBadValueNamesTheKeyAndTheRange() {
    IllegalArgumentException e = refused("blink.test.http.body.timeout", "10h");
    assertEquals("blink.test.http.body.timeout = '10h' is not a time in 100ms..10m: give e.g."
        + " 10s (a number is milliseconds)", e.getMessage());
    assertEquals("blink.test.http.body.timeout = 'soon' is not a time in 100ms..10m: give e.g."
        + " 10s (a number is milliseconds)",
        refused("blink.test.http.body.timeout", "soon").getMessage());
    e = refused("blink.test.http.body.readers.per.user", "0");
    assertTrue(e.getMessage().contains("blink.test.http.body.readers.per.user"), e.getMessage());
    e = refused("blink.test.http.body.readers.max", "many");
    assertTrue(e.getMessage().contains("blink.test.http.body.readers.max")
        && e.getMessage().contains("many"), e.getMessage());
  }

  /** Jetty's idle timeout can fire just before the deadline: it still means 408, not 500. */
  @Test
  void anIdleTimeoutWrappedByJettyCountsAsLate() {
    assertTrue(BodyLimits.isTimeout(new java.io.IOException(
        new java.util.concurrent.TimeoutException("Idle timeout expired: 999/999 ms"))));
    assertTrue(BodyLimits.isTimeout(new java.net.SocketTimeoutException("read timed out")));
    assertFalse(BodyLimits.isTimeout(new java.io.IOException("Connection reset")));
  }
}
