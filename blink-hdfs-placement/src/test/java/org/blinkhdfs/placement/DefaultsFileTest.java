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
 * conf/blink-default.xml documents exactly the keys the code reads, with the same defaults and a
 * real description. Lives in the module that sees every key class so far.
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
    assertEquals(code, file);
  }
}
