package org.blinkhdfs.scheduler.wake;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Clock;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.blinkhdfs.control.scheduler.WakeAttempt;
import org.junit.jupiter.api.Test;

/** {@link WakeConfig}: what each key gives, and every refusal naming the key, value and fix. */
class WakeConfigTest {
  static final List<String> RING = List.of("dn1:9866", "dn2:9866", "dn3:9866");

  static WakeConfig parse(String... keyValues) {
    Map<String, String> m = new HashMap<>();
    for (int i = 0; i + 1 < keyValues.length; i += 2) {
      m.put(keyValues[i], keyValues[i + 1]);
    }
    return new WakeConfig(m::get, RING, Clock.systemUTC());
  }

  static void refused(String expected, String... keyValues) {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> parse(keyValues));
    assertTrue(e.getMessage().contains(expected), e.getMessage());
  }

  @Test
  void theDefaultsWakeNothingAndRetryEveryTwoSecondsForThirtySeconds() {
    WakeConfig c = parse();
    assertTrue(c.backends().isEmpty());
    assertEquals(new WakeAttempt.Settings(2_000, 5, 30_000), c.settings());
    assertEquals("none", c.describe());
  }

  @Test
  void aBackendForAllWithPerNodeExceptions() {
    WakeConfig c = parse("blink.scheduler.wake.backend", "wol, dn2:9866=command, dn3:9866=none",
        "blink.scheduler.wake.wol.macs", "dn1:9866=52:54:00:12:34:56",
        "blink.scheduler.wake.wol.address", "127.0.0.1:4009",
        "blink.scheduler.wake.command", "/usr/bin/ipmitool -H {host}-bmc chassis power on",
        "blink.scheduler.wake.retry", "500ms", "blink.scheduler.wake.attempts", "3",
        "blink.scheduler.wake.timeout", "1m");
    assertEquals(List.of("dn1:9866", "dn2:9866"), List.copyOf(c.backends().keySet()));
    assertEquals("wol 52:54:00:12:34:56 to 127.0.0.1:4009",
        c.backends().get("dn1:9866").describe("dn1:9866"));
    assertEquals(List.of("/usr/bin/ipmitool", "-H", "dn2-bmc", "chassis", "power", "on"),
        ((CommandBackend) c.backends().get("dn2:9866")).argv("dn2:9866"));
    assertEquals(new WakeAttempt.Settings(500, 3, 60_000), c.settings());
    assertEquals("wol for 1 node, command for 1 node (retry 500ms, 3 attempts, timeout 60s)",
        c.describe());
    WakeConfig qmp = parse("blink.scheduler.wake.backend", "qmp",
        "blink.scheduler.wake.qmp.sockets", "dn1:9866=/run/a.qmp,dn2:9866=/run/b.qmp,"
            + " dn3:9866=/run/c.qmp");
    assertEquals("qmp /run/c.qmp (timeout 10000 ms)",
        qmp.backends().get("dn3:9866").describe("dn3:9866"));
  }

  @Test
  void badBackendsAreRefused() {
    refused("blink.scheduler.wake.backend = 'ipmi': 'ipmi' is not a wake backend: give one of"
        + " none, wol, command, qmp", "blink.scheduler.wake.backend", "ipmi");
    refused("names two backends for every node ('wol' and 'qmp')",
        "blink.scheduler.wake.backend", "wol,qmp");
    refused("blink.scheduler.wake.backend = 'dn9:9866=wol' names dn9:9866, which is not in"
        + " blink.scheduler.nodes", "blink.scheduler.wake.backend", "dn9:9866=wol");
  }

  @Test
  void wakeOnLanNeedsASixOctetMacForEachOfItsNodes() {
    refused("blink.scheduler.wake.wol.macs: the MAC of dn1:9866 is '52:54:00:12:34', not 6 hex"
        + " octets: write it as 52:54:00:12:34:56", "blink.scheduler.wake.backend", "wol",
        "blink.scheduler.wake.wol.macs",
        "dn1:9866=52:54:00:12:34,dn2:9866=52:54:00:12:34:57,dn3:9866=52:54:00:12:34:58");
    refused("blink.scheduler.wake.wol.macs has no entry for [dn2:9866, dn3:9866], whose wake"
        + " backend is wol", "blink.scheduler.wake.backend", "wol",
        "blink.scheduler.wake.wol.macs", "dn1:9866=52-54-00-12-34-56");
    refused("blink.scheduler.wake.wol.macs lists dn1:9866, whose wake backend is none, not wol:"
        + " set blink.scheduler.wake.backend = wol (or dn1:9866=wol)",
        "blink.scheduler.wake.wol.macs", "dn1:9866=52:54:00:12:34:56");
    refused("'dn1:9866' is not node=value", "blink.scheduler.wake.backend", "dn1:9866=wol",
        "blink.scheduler.wake.wol.macs", "dn1:9866");
    refused("blink.scheduler.wake.wol.address = '255.255.255.255:0' has no port in 1..65535",
        "blink.scheduler.wake.wol.address", "255.255.255.255:0");
  }

  @Test
  void theCommandIsCheckedAtStartup() {
    refused("blink.scheduler.wake.command is empty but blink.scheduler.wake.backend gives nodes"
        + " the command backend", "blink.scheduler.wake.backend", "command");
    refused("uses {bmc}: the placeholders are {node}, {host}, {port}",
        "blink.scheduler.wake.backend", "command", "blink.scheduler.wake.command",
        "ipmitool -H {bmc} power on");
    refused("blink.scheduler.wake.command = '/bin/true' is set but no node uses it",
        "blink.scheduler.wake.command", "/bin/true");
  }

  @Test
  void durationsNeedAUnitAndTheTimeoutMustExceedTheRetry() {
    refused("blink.scheduler.wake.retry = '2' has no unit", "blink.scheduler.wake.retry", "2");
    refused("blink.scheduler.wake.timeout = 2s must exceed blink.scheduler.wake.retry = 2s",
        "blink.scheduler.wake.timeout", "2s");
    refused("blink.scheduler.wake.attempts = '0' is invalid", "blink.scheduler.wake.attempts",
        "0");
    refused("blink.scheduler.wake.qmp.timeout = '0ms' is outside 1ms..3600s",
        "blink.scheduler.wake.qmp.timeout", "0ms");
  }
}
