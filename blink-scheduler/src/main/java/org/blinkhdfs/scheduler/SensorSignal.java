package org.blinkhdfs.scheduler;

import java.io.Closeable;
import java.io.IOException;
import java.util.List;
import org.blinkhdfs.model.power.PowerLevel;
import org.blinkhdfs.model.signal.PowerSignal;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Available power from a sensor: runs {@code bash -c COMMAND} and reads the whole-cluster watts
 * it prints (one number, optionally followed by {@code W}). Used for a charge controller, a UPS
 * (e.g. a script around {@code upsc}) or a smart meter.
 *
 * <p><b>Never on the caller's thread.</b> The scheduler asks for the level while holding its lock
 * (every tick, and every status page or {@code GET /v1/power}); a slow sensor there would stall
 * agents' heartbeats and the API. So the command runs on its own daemon thread, {@code
 * blink-sensor}, once every {@code periodMs} (the scheduler's tick), and {@link #levelAt}
 * returns the last good reading at once. The first run happens in the constructor (start-up,
 * bounded by the timeout), so the first tick already has a reading.
 *
 * <p>Bounded: one run is killed after {@code timeoutMs}, with every process it started (the
 * whole tree, so a script's own children do not linger), and its output is read up to 4 KiB. A
 * failing or timed-out command, or output that is not a number, is logged and the last good
 * reading is kept; before the first good reading the level is 0 W, which the scheduler reports
 * as below the minimum (the lease then runs out and every node stays awake — the fail-safe).
 *
 * <p>Not a pure function of time, unlike the other signals. Thread-safe; {@link #close} stops
 * the reader thread.
 */
final class SensorSignal implements PowerSignal, Closeable {
  private static final Logger LOG = LoggerFactory.getLogger(SensorSignal.class);
  private static final int MAX_OUTPUT_BYTES = 4096;

  private final String command;
  private final long timeoutMs;
  private final long periodMs;
  private final Thread reader;
  private volatile double lastWatts;
  private volatile boolean running = true;

  /**
   * Starts reading at once.
   *
   * @param timeoutMs bound on one run of the command
   * @param periodMs pause between the starts of two runs (a run longer than that is followed
   *     by the next at once)
   */
  SensorSignal(String command, long timeoutMs, long periodMs) {
    if (command.isBlank()) {
      throw new IllegalArgumentException("the sensor command is empty");
    }
    this.command = command;
    this.timeoutMs = timeoutMs;
    this.periodMs = periodMs;
    readOnce(); // the scheduler's first tick gets a real reading
    this.reader = new Thread(this::readLoop, "blink-sensor");
    reader.setDaemon(true);
    reader.start();
  }

  @Override
  public PowerLevel levelAt(long elapsedMs) {
    if (elapsedMs < 0) {
      throw new IllegalArgumentException("elapsedMs must be >= 0, got " + elapsedMs);
    }
    return new PowerLevel.Watts(lastWatts);
  }

  private void readLoop() {
    ReadLoop.run(() -> running, periodMs, this::readOnce);
  }

  /** One run; false when interrupted (closing). */
  private boolean readOnce() {
    try {
      lastWatts = read();
    } catch (IOException e) {
      LOG.warn("Power sensor '{}' failed ({}); keeping the last reading {} W", command,
          e.getMessage(), lastWatts);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return false;
    }
    return true;
  }

  double read() throws IOException, InterruptedException {
    BoundedCommand.Result r = BoundedCommand.run(List.of("bash", "-c", command), timeoutMs,
        MAX_OUTPUT_BYTES);
    String out = r.output();
    if (r.exitStatus() != 0) {
      throw new IOException("exit status " + r.exitStatus() + ": " + out);
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
  }

  @Override
  public String describe() {
    return "sensor: " + command;
  }

  @Override
  public void close() {
    running = false;
    reader.interrupt();
  }
}
