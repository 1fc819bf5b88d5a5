package org.blinkhdfs.yarn;

import static org.blinkhdfs.yarn.MiniYarn.waitFor;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.nio.file.Path;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.minikdc.MiniKdc;
import org.apache.hadoop.security.SecurityUtil;
import org.apache.hadoop.security.UserGroupInformation;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The standalone YARN publisher under {@code hadoop.security.authentication=kerberos} (MiniKdc)
 * logs in from {@code blink.yarn.publisher.kerberos.*}, {@code _HOST} being this host, and
 * publishes; one key without the other is refused by name. The ResourceManager is an insecure
 * MiniYARNCluster that the Kerberos-enabled client reaches by falling back to simple
 * authentication: the login, not YARN's security, is under test.
 */
class YarnPublisherKerberosTest {
  @TempDir
  Path dir;

  @Test
  void thePublisherLogsInFromItsKeytabAndPublishes() throws Exception {
    MiniKdc kdc = new MiniKdc(MiniKdc.createConf(), dir.resolve("kdc").toFile());
    kdc.start();
    try (MiniYarn yarn = new MiniYarn(dir)) {
      String principal = SecurityUtil.getServerPrincipal("blink/_HOST@" + kdc.getRealm(),
          (String) null);
      File keytab = dir.resolve("blink.keytab").toFile();
      kdc.createPrincipal(keytab, principal.substring(0, principal.indexOf('@')));
      Configuration conf = yarn.publisherConfOffDn2(dir.resolve("schedule.json"));
      conf.set("hadoop.security.authentication", "kerberos");
      conf.set("blink.yarn.publisher.kerberos.principal", "blink/_HOST@" + kdc.getRealm());
      IllegalArgumentException half = assertThrows(IllegalArgumentException.class,
          () -> YarnPublisherDaemon.start(conf));
      assertTrue(half.getMessage().startsWith("blink.yarn.publisher.kerberos.principal = 'blink/"
          + "_HOST@" + kdc.getRealm() + "' but blink.yarn.publisher.kerberos.keytab is empty"),
          half.getMessage());
      conf.set("blink.yarn.publisher.kerberos.keytab", keytab.getPath());
      try (YarnPublisherDaemon d = YarnPublisherDaemon.start(conf)) {
        assertEquals(principal, UserGroupInformation.getLoginUser().getUserName());
        assertTrue(UserGroupInformation.getLoginUser().isFromKeytab());
        waitFor(() -> yarn.isZero(yarn.nm2) && yarn.isFull(yarn.nm1), "OFF node zeroed");
      }
      waitFor(() -> yarn.isFull(yarn.nm2), "full compute after stop");
    } finally {
      UserGroupInformation.reset();
      kdc.stop();
    }
  }
}
