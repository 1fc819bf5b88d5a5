package org.blinkhdfs.admin;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Properties;
import java.util.stream.Stream;
import org.apache.log4j.Hierarchy;
import org.apache.log4j.Level;
import org.apache.log4j.Logger;
import org.apache.log4j.PatternLayout;
import org.apache.log4j.PropertyConfigurator;
import org.apache.log4j.spi.LoggingEvent;
import org.apache.log4j.spi.RootLogger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * conf/log4j.properties as bin/blink uses it: a daemon ({@code blink.root.logger=INFO,RFA}, as
 * {@code bin/blink --daemon start} sets it) writes dated lines to
 * {@code ${blink.log.dir}/${blink.log.file}} and rolls the file at {@code blink.log.maxfilesize},
 * keeping {@code blink.log.maxbackupindex} old ones. Configured on a private logger hierarchy, so
 * the test JVM's own logging is untouched; the properties bin/blink passes as {@code -D} are put
 * into the file's properties, which log4j substitutes the same way.
 */
class ShippedLog4jTest {
  /** ISO 8601 as log4j writes it: 2026-11-30 14:05:09,123. */
  private static final String DATE = "\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d:\\d\\d,\\d{3}";

  @TempDir Path tmp;

  private static Properties shipped() throws Exception {
    Properties p = new Properties();
    try (InputStream in = Files.newInputStream(Path.of("..", "conf", "log4j.properties"))) {
      p.load(in);
    }
    return p;
  }

  private Hierarchy configure(Properties p) {
    Hierarchy h = new Hierarchy(new RootLogger(Level.DEBUG));
    new PropertyConfigurator().doConfigure(p, h);
    return h;
  }

  @Test
  void theDaemonLayoutWritesDatedLinesToTheNamedFile() throws Exception {
    Properties p = shipped();
    p.setProperty("blink.root.logger", "INFO,RFA");
    p.setProperty("blink.log.dir", tmp.toString());
    p.setProperty("blink.log.file", "blink-hdfs-scheduler-nn.log");
    Hierarchy h = configure(p);
    Logger log = h.getLogger("org.blinkhdfs.scheduler.SchedulerDaemon");
    log.info("Published epoch 1 (FIRST)");
    log.debug("not at INFO");
    h.getLogger("org.apache.hadoop.http.HttpServer2").info("Hadoop's INFO is off");
    h.shutdown();
    List<String> lines = Files.readAllLines(tmp.resolve("blink-hdfs-scheduler-nn.log"));
    assertEquals(1, lines.size(), lines.toString());
    assertTrue(lines.get(0).matches(DATE + " INFO  \\[main\\] SchedulerDaemon - Published epoch 1"
        + " \\(FIRST\\)"), lines.get(0));
  }

  @Test
  void theConsoleLayoutOfForegroundRunsCarriesTheDateToo() throws Exception {
    Properties p = shipped();
    assertEquals("INFO,console", p.getProperty("blink.root.logger"));
    String pattern = p.getProperty("log4j.appender.console.layout.ConversionPattern");
    assertEquals("%d{ISO8601} %-5p %c{1} - %m%n", pattern);
    LoggingEvent e = new LoggingEvent(Logger.class.getName(),
        Logger.getLogger("org.blinkhdfs.agent.AgentDaemon"), Level.WARN, "late", null);
    String line = new PatternLayout(pattern).format(e);
    assertTrue(line.matches(DATE + " WARN  AgentDaemon - late\\R"), line);
  }

  @Test
  void theDaemonLogRollsAtTheSizeAndKeepsTheCount() throws Exception {
    Properties p = shipped();
    assertEquals("256MB", p.getProperty("blink.log.maxfilesize"));
    assertEquals("20", p.getProperty("blink.log.maxbackupindex"));
    p.setProperty("blink.root.logger", "INFO,RFA");
    p.setProperty("blink.log.dir", tmp.toString());
    p.setProperty("blink.log.file", "blink-hdfs-agent-dn1.log");
    p.setProperty("blink.log.maxfilesize", "1KB");
    p.setProperty("blink.log.maxbackupindex", "2");
    Hierarchy h = configure(p);
    Logger log = h.getLogger("org.blinkhdfs.agent.AgentDaemon");
    String text = "x".repeat(100);
    for (int i = 0; i < 60; i++) { // about 6 KB: the file rolls five times, two old files kept
      log.info(i + " " + text);
    }
    h.shutdown();
    List<String> files;
    try (Stream<Path> s = Files.list(tmp)) {
      files = s.map(f -> f.getFileName().toString()).sorted().toList();
    }
    assertEquals(List.of("blink-hdfs-agent-dn1.log", "blink-hdfs-agent-dn1.log.1",
        "blink-hdfs-agent-dn1.log.2"), files);
    for (String f : files) {
      assertTrue(Files.size(tmp.resolve(f)) <= 1024 + 200, f + ": " + Files.size(tmp.resolve(f)));
      for (String line : Files.readAllLines(tmp.resolve(f))) {
        assertTrue(line.matches(DATE + " INFO  \\[main\\] AgentDaemon - \\d+ x{100}"), line);
      }
    }
    List<String> newest = Files.readAllLines(tmp.resolve("blink-hdfs-agent-dn1.log"));
    assertTrue(newest.get(newest.size() - 1).contains(" 59 "), "the last line is the newest");
  }
}
