package org.blinkhdfs.agent.actuator;

import java.io.Closeable;
import java.io.IOException;
import java.nio.file.Path;
import org.blinkhdfs.control.agent.ActuatorException;

/**
 * The kernel calls the actuators make that are not file writes: {@code sync}, clock reads,
 * signals and the non-blocking kernel-log read. Production code uses {@link LibcKernel#get()};
 * tests substitute a fake to record {@code sync} and simulate a suspend by advancing {@code
 * CLOCK_BOOTTIME} alone.
 *
 * <p>Implementations must be thread-safe.
 */
public interface Kernel {
  /** {@code errno} of a pid that does not exist. */
  int ESRCH = 3;
  /** {@code errno} of a signal the caller may not send. */
  int EPERM = 1;

  /** Flushes dirty pages to disk ({@code sync(2)}). */
  void sync() throws ActuatorException;

  /**
   * Reads a POSIX clock ({@link LibC#CLOCK_MONOTONIC}, {@link LibC#CLOCK_BOOTTIME}) in
   * nanoseconds.
   */
  long clockNanos(int clockId) throws ActuatorException;

  /**
   * Sends {@code signal} to {@code pid}; returns 0 on success, else the {@code errno}
   * ({@link #ESRCH}: no such process, {@link #EPERM}: not permitted).
   */
  int kill(int pid, int signal) throws ActuatorException;

  /**
   * Opens {@code file} (the kernel log, {@code /dev/kmsg}) positioned at its end, so that {@link
   * LogTail#readNew()} returns only what the kernel logs after this call. Why a tail and not a
   * whole read: the records of this suspend are then the only ones read, whatever earlier cycles
   * the log still holds. A missing file is a {@link java.nio.file.NoSuchFileException}.
   */
  LogTail tailLog(Path file) throws IOException;

  /** An open kernel log; see {@link #tailLog}. Not thread-safe. */
  interface LogTail extends Closeable {
    /** What was appended since the open (or the last call), without waiting for more. */
    String readNew() throws IOException;
  }
}
