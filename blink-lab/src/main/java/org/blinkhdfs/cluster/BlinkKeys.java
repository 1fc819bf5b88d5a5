package org.blinkhdfs.cluster;

import org.blinkhdfs.model.config.CoreConfig;
import org.blinkhdfs.model.schedule.ScheduleSourceKeys;
import org.blinkhdfs.placement.PlacementConfig;
import org.blinkhdfs.proxy.ProxyConfig;
import org.blinkhdfs.proxy.relay.RelayConfig;

/** The blink.* keys the local cluster sets, taken from the classes that own them. */
final class BlinkKeys {
  static final String SCHEDULE_FILE = ScheduleSourceKeys.SCHEDULE_FILE.name();
  static final String SCHEDULE_POLL_MS = PlacementConfig.SCHEDULE_POLL_MS.name();
  static final String WRITE_BYTES_PER_SEC = PlacementConfig.WRITE_BYTES_PER_SEC.name();
  static final String WRITE_MARGIN_MS = PlacementConfig.WRITE_MARGIN_MS.name();
  static final String READ_MIN_WINDOW_MS = PlacementConfig.READ_MIN_WINDOW_MS.name();
  static final String INTERVAL_MS = CoreConfig.INTERVAL_MS.name();
  static final String POLICY = CoreConfig.POLICY.name();
  static final String PROXY_HTTP_ADDRESS = ProxyConfig.HTTP_ADDRESS.name();
  static final String PROXY_MOVE_BYTES_PER_SEC = ProxyConfig.BYTES_PER_SEC.name();
  static final String PROXY_SCAN_MS = ProxyConfig.SCAN_MS.name();
  static final String PROXY_RELAY_ADDRESS = RelayConfig.ADDRESS.name();
  static final String PROXY_RELAY_PEERS = RelayConfig.PEERS.name();
  static final String PROXY_RELAY_SELF = RelayConfig.SELF.name();

  private BlinkKeys() {}
}
