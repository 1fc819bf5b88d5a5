package org.blinkhdfs.scheduler;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The scheduler's status page in a real browser (headless Chromium). */
class StatusPageBrowserTest {
  @TempDir
  Path dir;

  @Test
  void ganttHasOneBarPerNode() throws Exception {
    Chromium.requireInstalled();
    Configuration conf = SchedulerDaemonTest.conf(dir.resolve("schedule.json"));
    conf.set("blink.scheduler.staging.nodes", "127.0.0.1:9010");
    try (SchedulerDaemon d = SchedulerDaemon.start(conf)) {
      String url = "http://127.0.0.1:" + d.httpAddress().getPort() + "/status";
      String dom = Chromium.dumpDom(url, dir.resolve("profile"));
      String gantt = dom.substring(dom.indexOf("id=\"gantt\""), dom.indexOf("id=\"power\""));
      // 3 ring nodes blinking at 50% + 1 staging node. Phase groups (the default policy, G =
      // 3) open them at 0, 2 and 4 s of 6 s for 3 s less the 137 ms transition: the third
      // window wraps past the interval's end, so it is drawn as two bars.
      assertEquals(4, count(gantt, "<g class=\"node\""), gantt);
      assertEquals(5, count(gantt, "class=\"bar\""), gantt);
      for (String node : SchedulerDaemonTest.NODES) {
        assertTrue(gantt.contains("data-node=\"" + node + "\" data-mode=\"BLINK\""), node);
      }
      assertTrue(dom.contains("<polyline class=\"series\" data-name=\"available\""), dom);
      assertTrue(dom.contains("PLANNED"), dom);
      Path png = Path.of("target", "status-page.png");
      Files.createDirectories(png.getParent());
      Chromium.screenshot(url, png, dir.resolve("profile2"));
      assertTrue(Files.size(png) > 1000, "screenshot written to " + png.toAbsolutePath());
    }
  }

  private static int count(String text, String needle) {
    Matcher m = Pattern.compile(Pattern.quote(needle)).matcher(text);
    int n = 0;
    while (m.find()) {
      n++;
    }
    return n;
  }
}
