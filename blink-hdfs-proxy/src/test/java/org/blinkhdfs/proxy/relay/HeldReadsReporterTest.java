package org.blinkhdfs.proxy.relay;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import org.blinkhdfs.common.time.ManualClock;
import org.blinkhdfs.model.wire.HeldReadsReport;
import org.junit.jupiter.api.Test;

/** The reporter's deltas on its javadoc's worked example: nothing counted is lost. */
class HeldReadsReporterTest {
  @Test
  void sendsTheCountsSinceTheLastReportTheSchedulerTook() {
    AtomicLong held = new AtomicLong(10);
    AtomicLong heldMs = new AtomicLong(4_000);
    ManualClock clock = new ManualClock(0);
    List<HeldReadsReport> sent = new ArrayList<>();
    AtomicBoolean down = new AtomicBoolean();
    HeldReadsReporter r = new HeldReadsReporter("proxy1:14000", held::get, heldMs::get, clock,
        report -> {
          if (down.get()) {
            throw new IOException("PUT http://s:9877/v1/held failed: Connection refused");
          }
          sent.add(report);
        });
    assertEquals(Optional.empty(), r.reportOnce(), "no time passed");
    clock.set(10_000);
    held.set(14);
    heldMs.set(6_000);
    HeldReadsReport first = new HeldReadsReport("proxy1:14000", 4, 2_000, 10_000);
    assertEquals(Optional.of(first), r.reportOnce());
    clock.set(20_000);
    held.set(16);
    heldMs.set(7_000);
    down.set(true);
    assertEquals(Optional.empty(), r.reportOnce());
    down.set(false);
    clock.set(30_000);
    HeldReadsReport second = new HeldReadsReport("proxy1:14000", 2, 1_000, 20_000);
    assertEquals(Optional.of(second), r.reportOnce());
    clock.set(40_000);
    assertEquals(Optional.of(new HeldReadsReport("proxy1:14000", 0, 0, 10_000)), r.reportOnce(),
        "a quiet period reports 0: nothing waits any more");
    assertEquals(List.of(first, second, new HeldReadsReport("proxy1:14000", 0, 0, 10_000)),
        sent);
  }
}
