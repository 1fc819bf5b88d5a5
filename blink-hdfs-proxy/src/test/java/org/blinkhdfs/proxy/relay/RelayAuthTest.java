package org.blinkhdfs.proxy.relay;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * How the relay's authentication follows the cluster's, and every refusal names the key, the
 * value and the fix. The Kerberos login itself is exercised with a KDC in KerberosProxyTest.
 */
class RelayAuthTest {
  @TempDir
  Path dir;

  static Configuration kerberos() {
    Configuration conf = new Configuration(false);
    conf.set("hadoop.security.authentication", "kerberos");
    return conf;
  }

  @Test
  void aSimpleClusterGetsASimpleRelayAndHttpFsLogsInSimply() throws Exception {
    Configuration conf = new Configuration(false);
    conf.set("httpfs.authentication.token.validity", "600");
    RelayAuth auth = RelayAuth.from(conf);
    assertEquals("simple", auth.http().get("type"));
    assertEquals("600", auth.http().get("token.validity"));
    assertEquals("simple", auth.login().get("type"));
    assertTrue(!auth.kerberos());
  }

  @Test
  void aSimpleRelayOnAKerberosClusterIsRefused() {
    for (String weak : new String[] {"simple", "SIMPLE",
        "org.apache.hadoop.security.authentication.server.PseudoAuthenticationHandler"}) {
      Configuration conf = kerberos();
      conf.set("httpfs.authentication.type", weak);
      IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
          () -> RelayAuth.from(conf));
      assertTrue(e.getMessage().startsWith("httpfs.authentication.type = '"),
          e.getMessage());
      assertTrue(e.getMessage().contains("but hadoop.security.authentication = kerberos")
          && e.getMessage().contains("set it to kerberos"), e.getMessage());
    }
  }

  @Test
  void aKerberosRelayNeedsAPrincipalAndAReadableKeytab() throws Exception {
    Configuration conf = kerberos();
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> RelayAuth.from(conf));
    assertEquals("httpfs.authentication.kerberos.principal and"
        + " blink.proxy.http.kerberos.principal are both empty but the relay authenticates with"
        + " Kerberos: set blink.proxy.http.kerberos.principal (shared with the proxy) or"
        + " httpfs.authentication.kerberos.principal to the SPNEGO principal, e.g."
        + " HTTP/_HOST@EXAMPLE.COM", e.getMessage());
    conf.set("blink.proxy.http.kerberos.principal", "HTTP/_HOST@EXAMPLE.COM");
    conf.set("blink.proxy.http.kerberos.keytab", dir.resolve("missing.keytab").toString());
    e = assertThrows(IllegalArgumentException.class, () -> RelayAuth.from(conf));
    assertTrue(e.getMessage().startsWith("blink.proxy.http.kerberos.keytab = '"
        + dir.resolve("missing.keytab") + "' is not a readable file: give the keytab holding"
        + " HTTP/_HOST@EXAMPLE.COM"), e.getMessage());
    // the relay's own keys win over the proxy's; past them, HttpFS's login needs the proxy's
    Path keytab = Files.writeString(dir.resolve("relay.keytab"), "k");
    conf.set("httpfs.authentication.kerberos.principal", "HTTP/relay@EXAMPLE.COM");
    conf.set("httpfs.authentication.kerberos.keytab", keytab.toString());
    e = assertThrows(IllegalArgumentException.class, () -> RelayAuth.from(conf));
    assertTrue(e.getMessage().startsWith("the proxy is not logged in from a keytab")
        && e.getMessage().contains("set blink.proxy.kerberos.principal and"
        + " blink.proxy.kerberos.keytab"), e.getMessage());
  }

  @Test
  void httpFsMayNotSwitchTheProcessLoginAwayFromTheCluster() {
    Configuration conf = new Configuration(false);
    conf.set("httpfs.hadoop.authentication.type", "kerberos");
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> RelayAuth.from(conf));
    assertEquals("httpfs.hadoop.authentication.type = 'kerberos' but"
        + " hadoop.security.authentication = simple: HttpFS's login is the whole proxy's, so it"
        + " follows the cluster; unset httpfs.hadoop.authentication.type", e.getMessage());
  }
}
