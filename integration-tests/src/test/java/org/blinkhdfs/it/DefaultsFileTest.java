package org.blinkhdfs.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.blinkhdfs.admin.BlinkAdmin;
import org.blinkhdfs.agent.AgentConfig;
import org.blinkhdfs.common.config.ConfigKey;
import org.blinkhdfs.layout.ring.RingSpacing;
import org.blinkhdfs.model.api.BlinkApiClient;
import org.blinkhdfs.model.config.CoreConfig;
import org.blinkhdfs.model.schedule.ScheduleSourceKeys;
import org.blinkhdfs.model.wire.PinnedTls;
import org.blinkhdfs.model.wire.SchedulerHttp;
import org.blinkhdfs.placement.PlacementConfig;
import org.blinkhdfs.proxy.ProxyDaemon;
import org.blinkhdfs.proxy.api.ApiConfig;
import org.blinkhdfs.rabbit.dataset.DatasetConfig;
import org.blinkhdfs.rabbit.layout.RabbitConfig;
import org.blinkhdfs.scheduler.SchedulerDaemon;
import org.blinkhdfs.scheduler.SchedulerTls;
import org.junit.jupiter.api.Test;

/**
 * conf/blink-default.xml lists exactly the blink.* keys some module reads, each with the default
 * the code uses and a real description: no undocumented key, no documented key nobody reads.
 */
class DefaultsFileTest {
  @Test
  void defaultsFileIsExactlyTheKeysTheCodeReads() throws Exception {
    String xml = Files.readString(Path.of("..", "conf", "blink-default.xml"));
    Map<String, String> file = new TreeMap<>();
    Matcher m = Pattern.compile("<name>(blink\\.[^<]+)</name>\\s*<value>([^<]*)</value>\\s*"
        + "<description>([^<]+)</description>").matcher(xml);
    while (m.find()) {
      assertTrue(m.group(3).trim().length() > 20, "describe " + m.group(1));
      assertTrue(file.put(m.group(1), m.group(2)) == null, "listed twice: " + m.group(1));
    }
    Map<String, String> code = new TreeMap<>();
    for (List<ConfigKey> keys : List.of(CoreConfig.KEYS, PlacementConfig.KEYS,
        SchedulerDaemon.CONFIG_KEYS, AgentConfig.KEYS, List.of(BlinkAdmin.HTTP_TIMEOUT_MS),
        RabbitConfig.KEYS, RingSpacing.KEYS, DatasetConfig.KEYS, ScheduleSourceKeys.KEYS,
        ProxyDaemon.CONFIG_KEYS, ApiConfig.KEYS, BlinkApiClient.KEYS, PinnedTls.KEYS,
        SchedulerTls.KEYS)) {
      for (ConfigKey k : keys) {
        String previous = code.put(k.name(), k.defaultValue());
        assertTrue(previous == null || previous.equals(k.defaultValue()),
            k.name() + " has two defaults in the code");
      }
    }
    code.put(SchedulerHttp.ADDRESS_KEY, "");
    assertEquals(code, file);
  }
}
