package org.blinkhdfs.placement;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.blinkhdfs.core.config.ConfigKey;
import org.blinkhdfs.core.config.CoreConfig;
import org.junit.jupiter.api.Test;

/**
 * conf/blink-default.xml documents every key this module and blink-core read, with the same
 * defaults and a real description. (integration-tests checks that the file lists nothing else.)
 */
class DefaultsFileTest {
  @Test
  void defaultsFileMatchesTheCode() throws Exception {
    String xml = Files.readString(Path.of("..", "conf", "blink-default.xml"));
    Map<String, String> file = new LinkedHashMap<>();
    Matcher m = Pattern.compile("<name>(blink\\.[^<]+)</name>\\s*<value>([^<]*)</value>\\s*"
        + "<description>([^<]+)</description>").matcher(xml);
    while (m.find()) {
      assertTrue(m.group(3).trim().length() > 20, "describe " + m.group(1));
      assertTrue(file.put(m.group(1), m.group(2)) == null, "duplicate " + m.group(1));
    }
    Map<String, String> code = new LinkedHashMap<>();
    for (List<ConfigKey> keys : List.of(CoreConfig.KEYS, PlacementConfig.KEYS)) {
      for (ConfigKey k : keys) {
        code.put(k.name(), k.defaultValue());
      }
    }
    for (Map.Entry<String, String> e : code.entrySet()) {
      assertEquals(e.getValue(), file.get(e.getKey()), "default of " + e.getKey()
          + " in conf/blink-default.xml");
    }
  }
}
