package org.blinkhdfs.scheduler;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.blinkhdfs.core.power.PowerLevel;
import org.blinkhdfs.core.signal.PowerSignal;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Available power from a sensor: runs {@code bash -c COMMAND} and reads the whole-cluster watts
 * it prints (one number, optionally followed by {@code W}). Used for a charge controller, a UPS
 * (e.g. a script around {@code upsc}) or a smart meter.
 *
 * <p>Bounded: the command is killed after {@code timeoutMs} and its output is read up to 4 KiB.
 * A failing or timed-out command, or output that is not a number, is logged and the last good
 * reading is kept; before the first good reading the level is 0 W, which the scheduler reports
 * as below the minimum (the lease then runs out and every node stays awake — the fail-safe).
 *
 * <p>Not a pure function of time, unlike the other signals: each call reads the sensor. Thread
 * confined to the scheduler's ticker (calls are synchronized anyway).
 */
final class SensorSignal implements PowerSignal {
  private static final Logger LOG = LoggerFactory.getLogger(SensorSignal.class);
  private static final int MAX_OUTPUT_BYTES = 4096;

  private final String command;
  private final long timeoutMs;
  private double lastWatts;

  SensorSignal(String command, long timeoutMs) {
    if (command.isBlank()) {
      throw new IllegalArgumentException("the sensor command is empty");
    }
    this.command = command;
    this.timeoutMs = timeoutMs;
  }

  @Override
  public synchronized PowerLevel levelAt(long elapsedMs) {
    try {
      lastWatts = read();
    } catch (IOException e) {
      LOG.warn("Power sensor '{}' failed ({}); keeping the last reading {} W", command,
          e.getMessage(), lastWatts);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    return new PowerLevel.Watts(lastWatts);
  }

  private double read() throws IOException, InterruptedException {
    Process p = new ProcessBuilder(List.of("bash", "-c", command)).redirectErrorStream(true)
        .start();
    try {
      if (!p.waitFor(timeoutMs, TimeUnit.MILLISECONDS)) {
        throw new IOException("no answer within " + timeoutMs + " ms");
      }
      String out;
      try (InputStream in = p.getInputStream()) {
        out = new String(in.readNBytes(MAX_OUTPUT_BYTES), StandardCharsets.UTF_8).trim();
      }
      if (p.exitValue() != 0) {
        throw new IOException("exit status " + p.exitValue() + ": " + out);
      }
      String number = out.endsWith("W") ? out.substring(0, out.length() - 1).trim() : out;
      try {
        double w = Double.parseDouble(number);
        if (!Double.isFinite(w) || w < 0) {
          throw new NumberFormatException();
        }
        return w;
      } catch (NumberFormatException e) {
        throw new IOException("printed '" + out + "', not a number of watts >= 0");
      }
    } finally {
      p.destroyForcibly();
    }
  }

  @Override
  public String describe() {
    return "sensor: " + command;
  }
}
