package org.blinkhdfs.daemon.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Optional;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.minikdc.MiniKdc;
import org.apache.hadoop.security.UserGroupInformation;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link KeytabLogin}: the keys are read only under Kerberos, a key without the other and an
 * unreadable keytab are refused by name, and (against a MiniKdc) {@code _HOST} becomes the
 * daemon's host and the process's login user comes from the keytab.
 */
class KeytabLoginTest {
  private static final KeytabLogin.Keys KEYS = KeytabLogin.Keys.of("blink.test");

  static MiniKdc kdc;

  @TempDir
  Path dir;

  @BeforeAll
  static void startKdc(@TempDir Path kdcDir) throws Exception {
    kdc = new MiniKdc(MiniKdc.createConf(), kdcDir.toFile());
    kdc.start();
  }

  @AfterAll
  static void stopKdc() {
    kdc.stop();
  }

  @AfterEach
  void resetUgi() {
    UserGroupInformation.reset();
  }

  private static Configuration conf(String auth, String principal, String keytab) {
    Configuration c = new Configuration(false);
    c.set("hadoop.security.authentication", auth);
    c.set("blink.test.kerberos.principal", principal);
    c.set("blink.test.kerberos.keytab", keytab);
    return c;
  }

  @Test
  void simpleAuthenticationIgnoresTheKeys() throws Exception {
    assertEquals(Optional.empty(), KeytabLogin.loginIfConfigured(
        conf("simple", "blink/_HOST@EXAMPLE.COM", ""), KEYS, null));
    assertEquals(false, UserGroupInformation.isSecurityEnabled());
  }

  @Test
  void oneKeyWithoutTheOtherOrAnUnreadableKeytabIsRefusedByName() {
    IllegalArgumentException principalOnly = assertThrows(IllegalArgumentException.class,
        () -> KeytabLogin.loginIfConfigured(conf("kerberos", "blink/_HOST@EXAMPLE.COM", ""),
            KEYS, null));
    assertTrue(principalOnly.getMessage().startsWith("blink.test.kerberos.principal ="
        + " 'blink/_HOST@EXAMPLE.COM' but blink.test.kerberos.keytab is empty: set both"),
        principalOnly.getMessage());
    IllegalArgumentException keytabOnly = assertThrows(IllegalArgumentException.class,
        () -> KeytabLogin.loginIfConfigured(conf("kerberos", "", "/etc/blink.keytab"), KEYS,
            null));
    assertTrue(keytabOnly.getMessage().startsWith("blink.test.kerberos.keytab ="
        + " '/etc/blink.keytab' but blink.test.kerberos.principal is empty"),
        keytabOnly.getMessage());
    String missing = dir.resolve("missing.keytab").toString();
    IllegalArgumentException unreadable = assertThrows(IllegalArgumentException.class,
        () -> KeytabLogin.loginIfConfigured(conf("kerberos", "blink/x@EXAMPLE.COM", missing),
            KEYS, null));
    assertTrue(unreadable.getMessage().startsWith("blink.test.kerberos.keytab = '" + missing
        + "' is not a readable file: give the keytab holding blink/x@EXAMPLE.COM"),
        unreadable.getMessage());
  }

  @Test
  void theDaemonLogsInFromItsKeytabWithHostReplaced() throws Exception {
    File keytab = dir.resolve("blink.keytab").toFile();
    kdc.createPrincipal(keytab, "blink/localhost");
    Optional<String> user = KeytabLogin.loginIfConfigured(conf("kerberos",
        "blink/_HOST@" + kdc.getRealm(), keytab.getPath()), KEYS, "localhost");
    assertEquals(Optional.of("blink/localhost@" + kdc.getRealm()), user);
    UserGroupInformation login = UserGroupInformation.getLoginUser();
    assertEquals("blink/localhost@" + kdc.getRealm(), login.getUserName());
    assertTrue(login.isFromKeytab(), "not a keytab login: " + login);
    assertTrue(UserGroupInformation.isSecurityEnabled());
    // a principal the keytab does not hold: the login fails naming both keys
    IOException wrong = assertThrows(IOException.class,
        () -> KeytabLogin.loginIfConfigured(conf("kerberos", "nn/_HOST@" + kdc.getRealm(),
            keytab.getPath()), KEYS, "localhost"));
    assertTrue(wrong.getMessage().contains("Kerberos login of nn/localhost@" + kdc.getRealm()
        + " (blink.test.kerberos.principal) from " + keytab.getPath()
        + " (blink.test.kerberos.keytab) failed"), wrong.getMessage());
  }
}
