package org.blinkhdfs.placement;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.minikdc.MiniKdc;
import org.apache.hadoop.security.UserGroupInformation;
import org.apache.hadoop.test.GenericTestUtils;
import org.blinkhdfs.client.BlinkRuntime;
import org.blinkhdfs.client.SchedulerClientAuth;
import org.blinkhdfs.model.schedule.Schedule;
import org.blinkhdfs.model.schedule.ScheduleSourceKeys;
import org.blinkhdfs.model.wire.SchedulerHttp;
import org.blinkhdfs.scheduler.ImpostorScheduler;
import org.blinkhdfs.scheduler.SchedulerDaemon;
import org.blinkhdfs.scheduler.TestTls;
import org.blinkhdfs.testsupport.InProcessScheduler;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A NameNode logged in from its keytab follows a scheduler that requires SPNEGO
 * ({@link SchedulerClientAuth}; docs/security.md), with a MiniKdc, over plain HTTP and over TLS
 * with the scheduler's certificate pinned; it refuses a plain HTTP server at the scheduler's
 * address that cannot prove to be {@code HTTP/localhost} (issue 45: WebHDFS's {@code
 * URLConnectionFactory} fell back to simple authentication and followed it).
 */
class KerberosSchedulerSourceTest {
  static final List<String> NODES = List.of("127.0.0.1:50011", "127.0.0.1:50012");
  static MiniKdc kdc;
  static File keytab;
  static Configuration secure;

  @BeforeAll
  static void login(@TempDir Path dir) throws Exception {
    kdc = new MiniKdc(MiniKdc.createConf(), dir.resolve("kdc").toFile());
    kdc.start();
    keytab = dir.resolve("test.keytab").toFile();
    kdc.createPrincipal(keytab, "HTTP/localhost", "nn/localhost");
    secure = new Configuration();
    secure.set("hadoop.security.authentication", "kerberos");
    UserGroupInformation.setConfiguration(secure);
    UserGroupInformation.loginUserFromKeytab("nn/localhost@" + kdc.getRealm(),
        keytab.getPath());
  }

  @AfterAll
  static void stop() {
    UserGroupInformation.reset();
    if (kdc != null) {
      kdc.stop();
    }
  }

  private static SchedulerDaemon kerberizedScheduler(List<String> more) throws Exception {
    return InProcessScheduler.reserve().start(NODES, "staggered", "steady:50%", c -> {
      c.set("hadoop.security.authentication", "kerberos");
      c.set("blink.scheduler.http.kerberos.principal", "HTTP/localhost@" + kdc.getRealm());
      c.set("blink.scheduler.http.kerberos.keytab", keytab.getPath());
      for (int i = 0; i + 1 < more.size(); i += 2) {
        c.set(more.get(i), more.get(i + 1));
      }
    });
  }

  /** The NameNode's configuration following {@code address} with {@code keys} set. */
  private static Configuration nameNode(String address, List<String> keys) {
    Configuration nn = new Configuration(secure);
    nn.set(SchedulerHttp.ADDRESS_KEY, address);
    nn.setLong(ScheduleSourceKeys.SCHEDULER_POLL_MS.name(), InProcessScheduler.POLL_MS);
    for (int i = 0; i + 1 < keys.size(); i += 2) {
      nn.set(keys.get(i), keys.get(i + 1));
    }
    return nn;
  }

  private static void follows(Configuration nn, SchedulerDaemon scheduler) throws Exception {
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

  @Test
  void aKerberizedNameNodeFollowsAKerberizedScheduler() throws Exception {
    try (SchedulerDaemon scheduler = kerberizedScheduler(List.of())) {
      // SPNEGO asks for HTTP/<the URL's host>: name the scheduler as its principal does
      follows(nameNode("localhost:" + scheduler.httpAddress().getPort(), List.of()), scheduler);
    }
  }

  @Test
  void aKerberizedNameNodeFollowsItOverPinnedTls(@TempDir Path dir) throws Exception {
    TestTls tls = TestTls.create(dir, "scheduler");
    try (SchedulerDaemon scheduler = kerberizedScheduler(tls.serverKeys())) {
      follows(nameNode("https://localhost:" + scheduler.httpAddress().getPort(),
          tls.clientKeys()), scheduler);
    }
  }

  @Test
  void aPlainServerAtTheSchedulersAddressIsRefused() throws Exception {
    try (ImpostorScheduler impostor = ImpostorScheduler.plain(NODES)) {
      BlinkRuntime runtime = BlinkRuntime.forConf(nameNode("localhost:" + impostor.port(),
          new ArrayList<>()));
      runtime.retain();
      try {
        GenericTestUtils.waitFor(() -> impostor.requests() >= 6, 50, 15_000);
        assertTrue(runtime.state().usable().isEmpty(), "followed the impostor: "
            + runtime.state());
      } finally {
        runtime.release();
      }
    }
  }
}
