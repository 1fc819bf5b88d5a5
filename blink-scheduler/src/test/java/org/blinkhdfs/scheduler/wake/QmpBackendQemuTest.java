package org.blinkhdfs.scheduler.wake;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Clock;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link QmpBackend} against a real Linux guest in S3 ({@link S3Guest}): nothing but our {@code
 * system_wakeup} can wake it (no RTC alarm), and the guest's own console says it resumed. About
 * 10 s under TCG (boot ~3 s); its own class so a loaded machine slows nothing else.
 */
class QmpBackendQemuTest {
  static final String NODE = "guest1:9866";

  @BeforeAll
  static void needsQemu() {
    S3Guest.assumeQemu();
  }

  @Test
  void systemWakeupWakesASuspendedGuestAndOnlyIt(@TempDir Path dir) throws Exception {
    try (S3Guest g = S3Guest.boot(dir)) {
      assertTrue(g.awaitConsole(S3Guest.SUSPENDING, 45_000), g.console());
      assertTrue(g.console().contains("mem_sleep: s2idle [deep]"), g.console());
      String status = awaitStatus(g.qmpSocket(), "suspended", 15_000);
      assertEquals("suspended", status, g.console());
      Thread.sleep(1_000);
      assertEquals("suspended", status(g.qmpSocket()), "no alarm: it stays asleep");
      assertFalse(g.console().contains(S3Guest.RESUMED));

      QmpBackend qmp = new QmpBackend(Map.of(NODE, g.qmpSocket()), 20_000, Clock.systemUTC());
      qmp.wake(NODE);
      assertEquals("running", status(g.qmpSocket()));
      assertTrue(g.awaitConsole(S3Guest.RESUMED, 20_000), g.console());
      assertTrue(g.console().contains("suspend_stats success=1"), g.console());
      qmp.wake(NODE); // running already: sent, nothing to do
    }
  }

  @Test
  void aMissingSocketIsAnErrorNamingIt(@TempDir Path dir) {
    Path none = dir.resolve("none.qmp");
    QmpBackend qmp = new QmpBackend(Map.of(NODE, none), 1_000, Clock.systemUTC());
    IOException e = assertThrows(IOException.class, () -> qmp.wake(NODE));
    assertTrue(e.getMessage().startsWith("cannot connect to QMP socket " + none), e.getMessage());
  }

  static String status(Path socket) throws IOException {
    try (QmpConnection c = QmpConnection.open(socket, Clock.systemUTC(),
        System.currentTimeMillis() + 5_000)) {
      return c.execute("query-status").path("status").asText();
    }
  }

  static String awaitStatus(Path socket, String want, long timeoutMs) throws Exception {
    long end = System.currentTimeMillis() + timeoutMs;
    String s = "?";
    while (System.currentTimeMillis() < end) {
      s = status(socket);
      if (s.equals(want)) {
        return s;
      }
      Thread.sleep(100);
    }
    return s;
  }
}
