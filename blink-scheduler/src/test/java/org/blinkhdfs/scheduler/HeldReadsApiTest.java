package org.blinkhdfs.scheduler;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import org.blinkhdfs.model.wire.HeldReadsReport;
import org.blinkhdfs.model.wire.SchedulerApi;
import org.blinkhdfs.model.wire.SchedulerHttp;
import org.junit.jupiter.api.Test;

/**
 * {@code PUT /v1/held} end to end on a real scheduler daemon running {@code auto}: a proxy's
 * report reaches the book, the policy's load and {@code GET /v1/power}'s auto object; bad input
 * is a 400 naming the field; a caller outside the admin ACL is refused.
 */
class HeldReadsApiTest {
  @Test
  void aReportReachesTheAutoPolicysLoad() throws Exception {
    try (SchedulerFixture f = SchedulerFixture.start("blink.scheduler.policy", "auto")) {
      JsonNode before = f.http().get(SchedulerApi.POWER, "application/json").requireSuccess()
          .json().get("auto").get("load");
      assertTrue(before.get("readsHeld").isNull(), before.toString());
      assertTrue(before.get("pendingContainers").isNull(), before.toString());
      assertTrue(before.get("demandNodes").isNull(), "no sample: unbounded");

      f.http().reportHeldReads(new HeldReadsReport("proxy1:14000", 4, 2_000, 10_000));
      JsonNode held = f.http().get(SchedulerApi.HELD, "application/json").requireSuccess().json();
      assertEquals(4, held.get("readsHeld").asLong());
      assertEquals(30_000, held.get("maxAgeMs").asLong());
      assertEquals("proxy1:14000", held.get("proxies").get(0).get("proxy").asText());
      assertEquals(2_000, held.get("proxies").get(0).get("heldMs").asLong());
      assertTrue(held.get("yarn").get("pendingContainers").isNull(), "no RM configured");

      f.daemon().tickOnce();
      JsonNode load = f.http().get(SchedulerApi.POWER, "application/json").requireSuccess()
          .json().get("auto").get("load");
      assertEquals(4, load.get("readsHeld").asLong());
      assertEquals("4 reads held: demand unbounded", load.get("describe").asText());
    }
  }

  @Test
  void badInputIsA400NamingTheField() throws Exception {
    try (SchedulerFixture f = SchedulerFixture.start("blink.scheduler.policy", "auto")) {
      SchedulerHttp.Response r = f.http().putText(SchedulerApi.HELD,
          "{\"proxy\": \"proxy1:14000\", \"readsHeld\": -3, \"heldMs\": 0, \"periodMs\": 1}");
      assertEquals(400, r.status());
      assertEquals("readsHeld = -3 is invalid: give the reads held in the period, a whole number"
          + " >= 0", r.errorMessage());
      SchedulerHttp.Response big = f.http().putText(SchedulerApi.HELD, "x".repeat(70_000));
      assertEquals(413, big.status());
    }
  }

  @Test
  void aCallerOutsideTheAdminAclIsRefused() throws Exception {
    try (SchedulerFixture f = SchedulerFixture.start("blink.scheduler.admin.acl", "nobody-else")) {
      IOException e = assertThrows(IOException.class, () -> f.http()
          .reportHeldReads(new HeldReadsReport("proxy1:14000", 1, 1, 1)));
      assertTrue(e.getMessage().contains("returned 403"), e.getMessage());
    }
  }
}
