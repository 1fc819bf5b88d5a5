package org.blinkhdfs.scheduler;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Headless Debian Chromium for page tests. The build installs it before the tests, in an
 * announced step ({@code build/ensure-chromium.sh}); a test run without it fails saying so.
 *
 * <p>Flags follow the machine notes: no sandbox (root), no GPU, and no background networking,
 * since the network is closed.
 */
final class Chromium {
  static final Path BINARY = Path.of("/usr/bin/chromium");

  private Chromium() {}

  /**
   * Fails with the fix when the browser is missing: the build installs it before the tests
   * (build/ensure-chromium.sh, blink-scheduler's ensure-chromium step), never the test itself.
   */
  static void requireInstalled() {
    if (!Files.isExecutable(BINARY)) {
      throw new IllegalStateException(BINARY + " is missing: the build step"
          + " build/ensure-chromium.sh installs Debian's 'chromium' (run mvn without"
          + " -DskipTests, or install the package by hand)");
    }
  }

  /** The DOM after the page loaded and rendered. */
  static String dumpDom(String url, Path profileDir) throws IOException, InterruptedException {
    List<String> cmd = baseCommand(profileDir);
    cmd.add("--dump-dom");
    cmd.add(url);
    return run(cmd, 120);
  }

  /** Saves a PNG screenshot of the page. */
  static void screenshot(String url, Path png, Path profileDir)
      throws IOException, InterruptedException {
    List<String> cmd = baseCommand(profileDir);
    cmd.add("--window-size=1000,1100");
    cmd.add("--screenshot=" + png.toAbsolutePath());
    cmd.add(url);
    run(cmd, 120);
  }

  private static List<String> baseCommand(Path profileDir) {
    return new ArrayList<>(List.of(BINARY.toString(), "--headless", "--no-sandbox", "--disable-gpu",
        "--disable-quic", "--no-first-run", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--user-data-dir=" + profileDir));
  }

  private static String run(List<String> cmd, long timeoutSeconds)
      throws IOException, InterruptedException {
    Path out = Files.createTempFile("chromium", ".out");
    try {
      Process p = new ProcessBuilder(cmd).redirectErrorStream(false)
          .redirectOutput(out.toFile()).redirectError(ProcessBuilder.Redirect.DISCARD).start();
      if (!p.waitFor(timeoutSeconds, TimeUnit.SECONDS)) {
        p.destroyForcibly();
        throw new IOException(String.join(" ", cmd) + " did not finish in " + timeoutSeconds
            + " s");
      }
      if (p.exitValue() != 0) {
        throw new IOException(String.join(" ", cmd) + " exited with " + p.exitValue());
      }
      return Files.readString(out, StandardCharsets.UTF_8);
    } finally {
      Files.deleteIfExists(out);
    }
  }
}
