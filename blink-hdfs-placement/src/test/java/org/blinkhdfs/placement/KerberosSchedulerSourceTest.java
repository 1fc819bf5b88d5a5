package org.blinkhdfs.placement;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.nio.file.Path;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.minikdc.MiniKdc;
import org.apache.hadoop.security.UserGroupInformation;
import org.blinkhdfs.client.BlinkRuntime;
import org.blinkhdfs.client.SchedulerClientAuth;
import org.blinkhdfs.model.schedule.Schedule;
import org.blinkhdfs.model.schedule.ScheduleSourceKeys;
import org.blinkhdfs.model.wire.SchedulerHttp;
import org.blinkhdfs.scheduler.SchedulerDaemon;
import org.blinkhdfs.testsupport.InProcessScheduler;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A NameNode logged in from its keytab follows a scheduler that requires SPNEGO
 * ({@link SchedulerClientAuth}; docs/security.md), with a MiniKdc.
 */
class KerberosSchedulerSourceTest {
  @TempDir
  Path dir;

  @Test
  void aKerberizedNameNodeFollowsAKerberizedScheduler() throws Exception {
    MiniKdc kdc = new MiniKdc(MiniKdc.createConf(), dir.resolve("kdc").toFile());
    kdc.start();
    try {
      File keytab = dir.resolve("test.keytab").toFile();
      kdc.createPrincipal(keytab, "HTTP/localhost", "nn/localhost");
      Configuration secure = new Configuration();
      secure.set("hadoop.security.authentication", "kerberos");
      UserGroupInformation.setConfiguration(secure);
      UserGroupInformation.loginUserFromKeytab("nn/localhost@" + kdc.getRealm(),
          keytab.getPath());
      InProcessScheduler reserved = InProcessScheduler.reserve();
      try (SchedulerDaemon scheduler = reserved.start(
          List.of("127.0.0.1:50011", "127.0.0.1:50012"), "staggered", "steady:50%", c -> {
            c.set("hadoop.security.authentication", "kerberos");
            c.set("blink.scheduler.http.kerberos.principal", "HTTP/localhost@" + kdc.getRealm());
            c.set("blink.scheduler.http.kerberos.keytab", keytab.getPath());
          })) {
        Configuration nn = new Configuration(secure);
        // SPNEGO asks for HTTP/<the URL's host>: name the scheduler as its principal does
        nn.set(SchedulerHttp.ADDRESS_KEY, "localhost:" + scheduler.httpAddress().getPort());
        nn.setLong(ScheduleSourceKeys.SCHEDULER_POLL_MS.name(), InProcessScheduler.POLL_MS);
        BlinkRuntime runtime = BlinkRuntime.forConf(nn);
        runtime.retain();
        try {
          // throws unless the NameNode's view equals the scheduler's published schedule
          Schedule followed = InProcessScheduler.waitInSync(() -> runtime.state().usable(),
              scheduler);
          assertTrue(followed.epoch() >= 1, "epoch " + followed.epoch());
        } finally {
          runtime.release();
        }
      }
    } finally {
      UserGroupInformation.reset();
      kdc.stop();
    }
  }
}
