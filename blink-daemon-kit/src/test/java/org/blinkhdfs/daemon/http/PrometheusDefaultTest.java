package org.blinkhdfs.daemon.http;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.Test;

/** BlinkHDFS daemons serve /prom unless the operator's own configuration turns it off. */
class PrometheusDefaultTest {
  @Test
  void onByDefaultEvenWithHadoopsCoreDefaultFalse() {
    Configuration withDefaults = new Configuration(true);
    assertFalse(withDefaults.getBoolean(HttpSecurity.PROMETHEUS_KEY, true),
        "core-default.xml says false");
    assertTrue(HttpSecurity.prometheusEnabled(withDefaults));
    assertTrue(HttpSecurity.prometheusEnabled(new Configuration(false)));
  }

  @Test
  void theOperatorsSettingWins() {
    Configuration off = new Configuration(true);
    off.setBoolean(HttpSecurity.PROMETHEUS_KEY, false);
    assertFalse(HttpSecurity.prometheusEnabled(off));
    Configuration on = new Configuration(false);
    on.setBoolean(HttpSecurity.PROMETHEUS_KEY, true);
    assertTrue(HttpSecurity.prometheusEnabled(on));
  }
}
