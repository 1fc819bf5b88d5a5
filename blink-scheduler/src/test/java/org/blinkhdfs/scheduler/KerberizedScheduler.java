package org.blinkhdfs.scheduler;

import java.io.File;
import java.nio.file.Path;
import org.apache.hadoop.minikdc.MiniKdc;
import org.apache.hadoop.security.UserGroupInformation;

/**
 * A MiniKdc and a {@link SchedulerFixture} under {@code hadoop.security.authentication=kerberos}
 * (SPNEGO as {@code HTTP/localhost}, admin ACL {@code alice}, agent ACL {@code blink}), shared by
 * the Kerberos tests of the scheduler and of its clients so that they all face the same server.
 * One keytab holds {@code HTTP/localhost}, {@code alice}, {@code mallory} and {@code
 * blink/localhost}.
 */
public record KerberizedScheduler(MiniKdc kdc, File keytab, SchedulerFixture scheduler)
    implements AutoCloseable {
  /** Starts the KDC under {@code dir}, writes the keytab and starts the scheduler. */
  public static KerberizedScheduler start(Path dir) throws Exception {
    MiniKdc kdc = new MiniKdc(MiniKdc.createConf(), dir.resolve("kdc").toFile());
    kdc.start();
    try {
      File keytab = dir.resolve("test.keytab").toFile();
      kdc.createPrincipal(keytab, "HTTP/localhost", "alice", "mallory", "blink/localhost");
      return new KerberizedScheduler(kdc, keytab, SchedulerFixture.start(
          "hadoop.security.authentication", "kerberos",
          "blink.scheduler.http.kerberos.principal", "HTTP/localhost@" + kdc.getRealm(),
          "blink.scheduler.http.kerberos.keytab", keytab.getPath(),
          "blink.scheduler.admin.acl", "alice", "blink.scheduler.agent.acl", "blink"));
    } catch (Exception | Error e) {
      kdc.stop();
      throw e;
    }
  }

  public String realm() {
    return kdc.getRealm();
  }

  /**
   * {@code localhost:port}: SPNEGO asks for {@code HTTP/<host of the URL>}, so clients call the
   * scheduler by its principal's host name.
   */
  public String address() {
    return "localhost:" + scheduler.daemon().httpAddress().getPort();
  }

  /** {@code user}@realm logged in from the keytab, without touching the process's login. */
  public UserGroupInformation login(String user) throws Exception {
    return UserGroupInformation.loginUserFromKeytabAndReturnUGI(user + "@" + realm(),
        keytab.getPath());
  }

  @Override
  public void close() throws Exception {
    try {
      scheduler.close();
    } finally {
      kdc.stop();
    }
  }
}
