package org.blinkhdfs.daemon.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.InetSocketAddress;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.http.HttpServer2;
import org.blinkhdfs.common.config.ConfigKey;
import org.junit.jupiter.api.Test;

/**
 * A daemon's HTTP server under simple authentication (issue 45, finding 4): on a network
 * address with the admin ACL unset it does not start unless the operator says so; on loopback,
 * with an ACL, or with the operator's explicit consent it does.
 */
class ExposureRuleTest {
  static final ConfigKey ADDRESS = new ConfigKey("blink.test.http.address", "0.0.0.0:1", "");
  static final HttpSecurity.Keys KEYS = new HttpSecurity.Keys(
      new ConfigKey("blink.test.admin.acl", "", ""),
      new ConfigKey("blink.test.http.kerberos.principal", "", ""),
      new ConfigKey("blink.test.http.kerberos.keytab", "", ""),
      new ConfigKey("blink.test.http.rest-csrf.enabled", "true", ""));

  static Configuration conf(String... keyValues) {
    Configuration conf = new Configuration(false);
    conf.set("hadoop.http.logs.enabled", "false");
    for (int i = 0; i + 1 < keyValues.length; i += 2) {
      conf.set(keyValues[i], keyValues[i + 1]);
    }
    return conf;
  }

  /** Builds, starts and stops the server on {@code host}: what a daemon does at start. */
  static void serve(Configuration conf, String host) throws Exception {
    HttpServer2 http = new HttpSecurity(conf, KEYS)
        .builder(conf, "test", ADDRESS, new InetSocketAddress(host, 0)).build();
    http.start();
    try {
      assertTrue(http.getConnectorAddress(0).getPort() > 0);
    } finally {
      http.stop();
    }
  }

  @Test
  void theWildcardAddressWithSimpleAuthAndNoAclIsRefusedNamingTheFixes() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> serve(conf(), "0.0.0.0"));
    assertTrue(e.getMessage().startsWith("blink.test.http.address = '0.0.0.0:0' is reachable"
        + " from the network, hadoop.security.authentication is simple and blink.test.admin.acl"
        + " is unset"), e.getMessage());
    for (String fix : new String[] {"hadoop.security.authentication = kerberos",
        "to 127.0.0.1", "list the admins in blink.test.admin.acl",
        "blink.security.simple.insecure.allowed = true"}) {
      assertTrue(e.getMessage().contains(fix), fix + ": " + e.getMessage());
    }
  }

  @Test
  void loopbackAnAclOrTheOperatorsConsentStart() throws Exception {
    serve(conf(), "127.0.0.1");
    serve(conf(), "localhost");
    serve(conf("blink.test.admin.acl", "hdfs"), "0.0.0.0");
    serve(conf("blink.security.simple.insecure.allowed", "true"), "0.0.0.0");
  }

  @Test
  void aConsentThatIsNotABooleanIsRefusedNamingTheKey() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> serve(conf("blink.security.simple.insecure.allowed", "yes"), "127.0.0.1"));
    assertEquals("blink.security.simple.insecure.allowed = 'yes' is not a boolean: give true or"
        + " false (default false)", e.getMessage());
  }

  @Test
  void loopbackIsTheLoopbackRangeAndNothingElse() {
    assertTrue(ExposureRule.isLoopback("127.0.0.1"));
    assertTrue(ExposureRule.isLoopback("127.1.2.3"));
    assertTrue(ExposureRule.isLoopback("::1"));
    assertTrue(!ExposureRule.isLoopback("0.0.0.0"));
    assertTrue(!ExposureRule.isLoopback("10.0.0.5"));
    assertTrue(!ExposureRule.isLoopback("no-such-host.invalid"));
  }

  @Test
  void everyDaemonListsTheConsentKey() {
    assertTrue(KEYS.list().contains(HttpSecurity.INSECURE_ALLOWED));
    assertEquals("blink.security.simple.insecure.allowed", HttpSecurity.INSECURE_ALLOWED.name());
  }
}
