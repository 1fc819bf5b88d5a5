package org.blinkhdfs.proxy.api;

import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.blinkhdfs.common.config.ConfigKey;
import org.blinkhdfs.common.config.ConfigValues;

/**
 * The Blink API's settings on the proxy, validated at startup (a bad value names the key, the
 * value and the fix). Kept apart from {@code ProxyConfig}, the drain's settings, so the API can
 * grow without touching them.
 *
 * @param dataNodeTimeoutMs connect and read timeout of one DataNode {@code /jmx} call: a sleeping
 *     DataNode never answers, so a short bound keeps {@code /v1/load} quick
 */
public record ApiConfig(int dataNodeTimeoutMs) {
  public static final ConfigKey DATANODE_TIMEOUT_MS =
      new ConfigKey("blink.proxy.api.datanode.timeout.ms", "1000", "ms");

  /** Every key this class reads (for the defaults-file check). */
  public static final List<ConfigKey> KEYS = List.of(DATANODE_TIMEOUT_MS);

  public static ApiConfig from(Configuration conf) {
    return new ApiConfig((int) ConfigValues.longIn(conf::get, DATANODE_TIMEOUT_MS, 10, 60_000));
  }
}
