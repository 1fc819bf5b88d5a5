package org.blinkhdfs.model.schedule;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.time.Clock;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.locks.ReentrantLock;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Follows a schedule JSON file ({@code blink.schedule.file}) without a thread of its own.
 *
 * <p>Why lazy polling: the placement policy, the network topology and the client are created by
 * Hadoop through reflection and may live where starting threads is unwelcome. Each
 * {@link #state()} call looks at the file's modification time and size at most once per
 * {@code pollMs}; the JSON is parsed only when they change. One caller at a time checks (a
 * try-lock); concurrent callers keep using the previous snapshot, so no RPC thread ever waits
 * for another's disk access.
 *
 * <p>Cases:
 *
 * <table>
 *   <caption>file state and result</caption>
 *   <tr><th>file</th><th>state</th></tr>
 *   <tr><td>absent</td><td>MISSING (everyone awake), warning</td></tr>
 *   <tr><td>not a regular file (a FIFO, a device, a directory), or larger than {@value
 *       #MAX_BYTES} bytes</td><td>INVALID (everyone awake), warning; never opened, so a FIFO
 *       without a writer cannot block the caller</td></tr>
 *   <tr><td>unreadable, bad JSON or invalid schedule</td><td>INVALID (everyone awake), warning
 *       naming the field</td></tr>
 *   <tr><td>valid, lease not ended</td><td>OK</td></tr>
 *   <tr><td>valid, lease ended</td><td>EXPIRED (everyone awake), warning</td></tr>
 * </table>
 *
 * <p>Each warning is logged once per change of state, not per call. Writers replace the file
 * atomically (write a temporary file, then rename); a half-written file would read as INVALID
 * until the next poll. At most {@value #MAX_BYTES} bytes are read (a schedule of 10,000 nodes is
 * about 1 MB), however the file grows while it is read. Keep the file on a local disk: a hung
 * network mount would still hold the one caller that checks it (the others go on with the
 * previous snapshot).
 *
 * <p>Thread-safe.
 */
public final class ScheduleFileSource implements ScheduleSource {
  private static final Logger LOG = LoggerFactory.getLogger(ScheduleFileSource.class);
  /** The largest schedule file read. */
  public static final int MAX_BYTES = 16 << 20;

  private final Path file;
  private final long pollMs;
  private final Clock clock;
  private final ReentrantLock checkLock = new ReentrantLock();

  private volatile ScheduleState loaded;
  private volatile long lastCheckMs = Long.MIN_VALUE;
  private volatile long lastModifiedMs = Long.MIN_VALUE;
  private volatile long lastSize = -1;
  private volatile ScheduleState.Status lastLogged;

  public ScheduleFileSource(Path file, long pollMs, Clock clock) {
    this.file = Objects.requireNonNull(file, "file");
    if (pollMs < 0) {
      throw new IllegalArgumentException("pollMs must be >= 0, got " + pollMs);
    }
    this.pollMs = pollMs;
    this.clock = Objects.requireNonNull(clock, "clock");
    this.loaded = new ScheduleState(ScheduleState.Status.MISSING, Optional.empty(),
        "schedule file " + file + " not read yet");
  }

  public Path file() {
    return file;
  }

  @Override
  public String describe() {
    return "file " + file;
  }

  /** The current state, re-checking the file if {@code pollMs} has passed. */
  @Override
  public ScheduleState state() {
    return state(clock.millis());
  }

  @Override
  public ScheduleState state(long now) {
    if (due(now) && checkLock.tryLock()) {
      try {
        if (due(now)) {
          lastCheckMs = now;
          refresh();
        }
      } finally {
        checkLock.unlock();
      }
    }
    ScheduleState s = loaded;
    if (s.status() == ScheduleState.Status.OK && s.schedule().get().isExpired(now)) {
      s = new ScheduleState(ScheduleState.Status.EXPIRED, s.schedule(), "schedule epoch "
          + s.schedule().get().epoch() + " from " + file + " expired at validUntilMs "
          + s.schedule().get().validUntilMs().getAsLong() + "; treating every node as awake");
    }
    logOnChange(s);
    return s;
  }

  /** True when never checked, {@code pollMs} has passed, or the clock stepped backwards. */
  private boolean due(long now) {
    long last = lastCheckMs;
    return last == Long.MIN_VALUE || now < last || now - last >= pollMs;
  }

  private void refresh() {
    BasicFileAttributes attrs;
    try {
      attrs = Files.readAttributes(file, BasicFileAttributes.class);
    } catch (NoSuchFileException e) {
      lastModifiedMs = Long.MIN_VALUE;
      lastSize = -1;
      loaded = new ScheduleState(ScheduleState.Status.MISSING, Optional.empty(),
          "schedule file " + file + " does not exist; treating every node as awake");
      return;
    } catch (IOException e) {
      loaded = invalid("cannot read attributes: " + e);
      return;
    }
    if (!attrs.isRegularFile()) {
      lastModifiedMs = Long.MIN_VALUE;
      loaded = invalid("not a regular file (a FIFO, device or directory); give the path of a"
          + " JSON file that writers replace by renaming");
      return;
    }
    if (attrs.size() > MAX_BYTES) {
      lastModifiedMs = Long.MIN_VALUE;
      loaded = invalid(attrs.size() + " bytes is more than the " + MAX_BYTES + " a schedule may"
          + " have");
      return;
    }
    long modified = attrs.lastModifiedTime().toMillis();
    if (modified == lastModifiedMs && attrs.size() == lastSize
        && loaded.status() != ScheduleState.Status.MISSING) {
      return;
    }
    lastModifiedMs = modified;
    lastSize = attrs.size();
    try (InputStream in = Files.newInputStream(file)) {
      byte[] bytes = in.readNBytes(MAX_BYTES + 1);
      if (bytes.length > MAX_BYTES) {
        throw new IOException("it grew past " + MAX_BYTES + " bytes while being read");
      }
      Schedule s = ScheduleJson.read(new java.io.ByteArrayInputStream(bytes));
      loaded = new ScheduleState(ScheduleState.Status.OK, Optional.of(s),
          "schedule epoch " + s.epoch() + " from " + file);
    } catch (NoSuchFileException e) {
      loaded = new ScheduleState(ScheduleState.Status.MISSING, Optional.empty(),
          "schedule file " + file + " does not exist; treating every node as awake");
    } catch (IOException | IllegalArgumentException e) {
      loaded = invalid(e.getMessage());
    }
  }

  private ScheduleState invalid(String why) {
    return new ScheduleState(ScheduleState.Status.INVALID, Optional.empty(), "schedule file "
        + file + " is not usable (" + why + "); treating every node as awake until it is fixed");
  }

  private void logOnChange(ScheduleState s) {
    if (s.status() == lastLogged) {
      return;
    }
    lastLogged = s.status();
    if (s.status() == ScheduleState.Status.OK) {
      LOG.info("Using {}", s.detail());
    } else {
      LOG.warn("{}", s.detail());
    }
  }
}
