package org.blinkhdfs.scheduler;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.CountDownLatch;
import org.junit.jupiter.api.Test;

/** {@code bin/blink scheduler}'s command line: help, usage errors, settings errors. */
class SchedulerDaemonCliTest {
  private record Run(int code, String out, String err) {}

  private static Run run(String... args) throws Exception {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int code = SchedulerDaemon.run(args, new PrintStream(out, true, StandardCharsets.UTF_8),
        new PrintStream(err, true, StandardCharsets.UTF_8), new CountDownLatch(0));
    return new Run(code, out.toString(StandardCharsets.UTF_8),
        err.toString(StandardCharsets.UTF_8));
  }

  @Test
  void everyHelpSpellingPrintsTheUsageOnStdoutAndExitsZero() throws Exception {
    for (String help : new String[] {"--help", "-help", "-h"}) {
      Run r = run(help);
      assertEquals(0, r.code(), help);
      assertTrue(r.out().startsWith("NAME\n    blink scheduler - the power scheduler daemon\n")
          && r.out().contains("\nOPTIONS\n    usage: bin/blink scheduler [-conf site.xml ...]"
          + " [-D key=value ...]"), help + ": " + r.out());
      assertTrue(r.out().contains("blink.scheduler.nodes (required)"), r.out());
      assertEquals("", r.err(), help);
    }
  }

  @Test
  void anUnknownFlagOrOperandExitsTwoWithTheUsageOnStderr() throws Exception {
    assertUsage(run("--frobnicate"), "blink scheduler: unknown flag --frobnicate; known flags:"
        + " -conf, -D");
    assertUsage(run("-D", "blink.scheduler.nodes=a:1", "extra"),
        "blink scheduler: unexpected argument 'extra': every setting is -D key=value or a -conf"
            + " file");
    assertUsage(run("-D", "blink.scheduler.nodes"), "blink scheduler: -D"
        + " 'blink.scheduler.nodes' is not key=value");
    assertUsage(run("-conf", "/nonexistent/blink-site.xml"),
        "blink scheduler: -conf /nonexistent/blink-site.xml: no such readable file");
  }

  @Test
  void aBadSettingExitsTwoNamingTheKey() throws Exception {
    Run r = run("-D", "blink.scheduler.nodes=a:1,b:2", "-D", "blink.scheduler.lease.ms=soon");
    assertUsage(r, "blink scheduler: ");
    assertTrue(r.err().contains("blink.scheduler.lease.ms") && r.err().contains("soon"),
        r.err());
  }

  /**
   * The default configuration ({@code 0.0.0.0:9877}, simple authentication, no admin ACL) exits 2
   * before binding, naming the address key and the fixes (issue 45, finding 4).
   */
  @Test
  void theDefaultAddressWithoutAnAclExitsTwoNamingTheFixes() throws Exception {
    Run r = run("-D", "blink.scheduler.nodes=a:1,b:2");
    assertUsage(r, "blink scheduler: blink.scheduler.http.address = '0.0.0.0:9877' is reachable"
        + " from the network");
    assertTrue(r.err().contains("blink.scheduler.admin.acl")
        && r.err().contains("blink.security.simple.insecure.allowed"), r.err());
  }

  private static void assertUsage(Run r, String firstLineStart) {
    assertEquals(2, r.code(), r.err());
    assertEquals("", r.out());
    assertTrue(r.err().startsWith(firstLineStart), r.err());
    assertTrue(r.err().contains("\nusage: bin/blink scheduler"), r.err());
  }
}
