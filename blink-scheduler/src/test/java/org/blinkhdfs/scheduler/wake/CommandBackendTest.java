package org.blinkhdfs.scheduler.wake;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The command hook with real programs: exit codes, stderr, the timeout, argv without a shell. */
class CommandBackendTest {
  @TempDir
  Path dir;

  Path script(String name, String body) throws IOException {
    Path p = dir.resolve(name);
    Files.writeString(p, "#!/bin/sh\n" + body + "\n");
    Files.setPosixFilePermissions(p, PosixFilePermissions.fromString("rwx------"));
    return p;
  }

  @Test
  void exitZeroIsSentAndAnythingElseAnError() throws Exception {
    new CommandBackend(List.of("/bin/true"), 5_000).wake("dn1:9866");
    IOException e = assertThrows(IOException.class,
        () -> new CommandBackend(List.of("/bin/false"), 5_000).wake("dn1:9866"));
    assertEquals("wake command [/bin/false] exited 1", e.getMessage());
  }

  @Test
  void theWordsGetThePlaceholdersAndNoShellSeesThem() throws Exception {
    Path out = dir.resolve("argv");
    Path s = script("record", "for a in \"$@\"; do echo \"$a\" >> " + out + "; done");
    CommandBackend b = new CommandBackend(List.of(s.toString(), "-H", "{host}-bmc",
        "--node={node}", "{port}"), 5_000);
    b.wake("dn3:9866");
    assertEquals(List.of("-H", "dn3-bmc", "--node=dn3:9866", "9866"), Files.readAllLines(out));
    Files.delete(out);
    // A name with shell syntax stays one literal word.
    b.wake("$(touch " + dir.resolve("pwned") + ");x:1");
    assertEquals(List.of("-H", "$(touch " + dir.resolve("pwned") + ");x-bmc",
        "--node=$(touch " + dir.resolve("pwned") + ");x:1", "1"), Files.readAllLines(out));
    assertFalse(Files.exists(dir.resolve("pwned")));
  }

  @Test
  void stderrAndTheExitCodeAreInTheError() throws Exception {
    Path s = script("bmc", "echo 'Error: Unable to establish IPMI v2 session' >&2; exit 3");
    IOException e = assertThrows(IOException.class,
        () -> new CommandBackend(List.of(s.toString(), "{node}"), 5_000).wake("dn1:9866"));
    assertEquals("wake command [" + s + ", dn1:9866] exited 3: Error: Unable to establish IPMI"
        + " v2 session", e.getMessage());
  }

  @Test
  void aChattyCommandIsQuotedByItsLastLines() throws Exception {
    Path s = script("chatty", "i=0; while [ $i -lt 2000 ]; do echo \"debug line $i\" >&2;"
        + " i=$((i+1)); done; echo 'HTTP 401 from Redfish' >&2; exit 22");
    IOException e = assertThrows(IOException.class,
        () -> new CommandBackend(List.of(s.toString()), 10_000).wake("dn1:9866"));
    assertTrue(e.getMessage().endsWith("debug line 1999\nHTTP 401 from Redfish"),
        e.getMessage());
    assertTrue(e.getMessage().contains("exited 22: ..."), "cut at the front");
    assertTrue(e.getMessage().length() < CommandBackend.MAX_STDERR_CHARS + 200);
  }

  @Test
  void aCommandPastItsTimeoutIsKilled() throws Exception {
    long t0 = System.nanoTime();
    IOException e = assertThrows(IOException.class,
        () -> new CommandBackend(List.of("/bin/sleep", "30"), 300).wake("dn1:9866"));
    assertTrue(e.getMessage().startsWith("wake command [/bin/sleep, 30] did not exit within 300"
        + " ms and was killed"), e.getMessage());
    assertTrue((System.nanoTime() - t0) / 1_000_000 < 20_000, "killed, not waited for");
  }

  @Test
  void aMissingProgramSaysSo() {
    IOException e = assertThrows(IOException.class, () -> new CommandBackend(
        List.of(dir.resolve("nope").toString()), 5_000).wake("dn1:9866"));
    assertTrue(e.getMessage().startsWith("wake command [" + dir.resolve("nope")
        + "] could not start"), e.getMessage());
  }
}
