package org.blinkhdfs.scheduler;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.blinkhdfs.admin.BlinkAdmin;
import org.blinkhdfs.agent.AgentConfig;
import org.blinkhdfs.core.config.ConfigKey;
import org.junit.jupiter.api.Test;

/** Every key the scheduler, agent and admin tool read is in conf/blink-default.xml. */
class DaemonKeysDocumentedTest {
  @Test
  void everyDaemonKeyIsDocumentedWithItsDefault() throws Exception {
    Path file = Path.of("..", "conf", "blink-default.xml");
    Configuration defaults = new Configuration(false);
    defaults.addResource(file.toUri().toURL());
    List<ConfigKey> keys = new ArrayList<>(SchedulerConfig.KEYS);
    keys.addAll(AgentConfig.KEYS);
    keys.add(BlinkAdmin.HTTP_TIMEOUT_MS);
    String xml = Files.readString(file);
    for (ConfigKey k : keys) {
      assertTrue(xml.contains("<name>" + k.name() + "</name>"), k.name() + " undocumented");
      assertEquals(k.defaultValue(), defaults.get(k.name(), ""), "default of " + k.name());
    }
    assertTrue(xml.contains("<name>" + AgentConfig.SCHEDULER_KEY + "</name>"));
  }
}
