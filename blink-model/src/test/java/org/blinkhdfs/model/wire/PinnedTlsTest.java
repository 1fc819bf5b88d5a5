package org.blinkhdfs.model.wire;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The schedule feed's address and TLS keys (docs/security.md "The schedule feed"): an https
 * address needs a pinned truststore and a truststore needs an https address, each refused with
 * the key and the fix; a plain address keeps plain HTTP.
 */
class PinnedTlsTest {
  @TempDir
  Path dir;

  @Test
  void anHttpsAddressWithoutATruststoreIsRefusedByName() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> PinnedTls.forScheduler("https://sched:9877", Map.<String, String>of()::get));
    assertTrue(e.getMessage().startsWith("blink.scheduler.address = 'https://sched:9877' is"
        + " https but blink.scheduler.tls.truststore is empty"), e.getMessage());
  }

  @Test
  void aTruststoreWithAPlainAddressIsRefusedByName() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> PinnedTls.forScheduler("sched:9877",
            Map.of(PinnedTls.TRUSTSTORE.name(), "/etc/t.p12")::get));
    assertTrue(e.getMessage().contains("write the address as https://sched:9877"),
        e.getMessage());
  }

  @Test
  void aTruststoreThatIsNotOneIsRefusedByName() throws Exception {
    Path junk = Files.writeString(dir.resolve("t.p12"), "not a keystore");
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> PinnedTls.forScheduler("https://sched:9877",
            Map.of(PinnedTls.TRUSTSTORE.name(), junk.toString())::get));
    assertTrue(e.getMessage().startsWith("blink.scheduler.tls.truststore = '" + junk
        + "' cannot be read as a pkcs12 truststore"), e.getMessage());
  }

  @Test
  void aPlainAddressKeepsPlainHttp() {
    assertEquals(Optional.empty(), PinnedTls.forScheduler("sched:9877", k -> null));
  }

  @Test
  void addressesMayNameTheirScheme() {
    SchedulerHttp.checkAddress("k", "https://sched.example.com:9877");
    SchedulerHttp.checkAddress("k", "sched:9877");
    assertThrows(IllegalArgumentException.class,
        () -> SchedulerHttp.checkAddress("k", "https://sched"));
    SchedulerHttp tls = new SchedulerHttp("HTTPS://sched:9877", 1000);
    assertEquals("sched:9877", tls.address());
    assertEquals("https://sched:9877/v1/schedule", tls.url("/v1/schedule"));
    assertEquals("http://sched:9877/v1/schedule",
        new SchedulerHttp("sched:9877", 1000).url("/v1/schedule"));
  }

  @Test
  void onlyANegotiateHeaderWithATokenCountsAsTheServersProof() {
    assertArrayEquals(new byte[] {1, 2, 3},
        MutualSpnego.negotiateToken("Negotiate AQID").orElseThrow());
    assertTrue(MutualSpnego.negotiateToken("Negotiate").isEmpty());
    assertTrue(MutualSpnego.negotiateToken(null).isEmpty());
    assertTrue(MutualSpnego.negotiateToken("Basic realm=x").isEmpty());
    assertTrue(MutualSpnego.negotiateToken("Negotiate !!").isEmpty());
  }
}
