package org.blinkhdfs.scheduler;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Headless Debian Chromium for page tests. If it is missing, the test setup installs Debian's
 * {@code chromium} package (this project's machines run as root with apt reachable); anywhere
 * that is impossible the test fails with a message saying how to install it.
 *
 * <p>Flags follow the machine notes: no sandbox (root), no GPU, and no background networking,
 * since the network is closed.
 */
final class Chromium {
  static final Path BINARY = Path.of("/usr/bin/chromium");
  private static final long INSTALL_TIMEOUT_MINUTES = 15;

  private Chromium() {}

  static synchronized void ensureInstalled() throws IOException, InterruptedException {
    if (Files.isExecutable(BINARY)) {
      return;
    }
    if (!Files.isExecutable(Path.of("/usr/bin/apt-get"))) {
      throw new IllegalStateException("Chromium is needed for the page test and /usr/bin/apt-get"
          + " is missing: install Debian's 'chromium' package by hand");
    }
    run(List.of("bash", "-c", "apt-get update -q && DEBIAN_FRONTEND=noninteractive"
        + " apt-get install -y -q chromium"), INSTALL_TIMEOUT_MINUTES * 60);
    if (!Files.isExecutable(BINARY)) {
      throw new IllegalStateException("installing Debian's 'chromium' did not produce " + BINARY);
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
