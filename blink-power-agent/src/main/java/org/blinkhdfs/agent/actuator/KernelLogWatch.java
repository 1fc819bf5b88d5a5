package org.blinkhdfs.agent.actuator;

import java.io.IOException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * Watches the kernel log across one suspend: opened at the log's end before {@code mem} is
 * written, read after it returns, so only that cycle's records are seen, parsed by {@link
 * KernelPmLog}. A log that cannot be opened or read (no {@code <root>/dev/kmsg}, not root) makes
 * the kernel-side measurements unknown and says why in {@link #note()}; it never fails the sleep.
 *
 * <p>Not thread-safe; one per suspend.
 */
final class KernelLogWatch implements AutoCloseable {
  private final Path kmsg;
  private Kernel.LogTail tail;
  private String note = "";

  private KernelLogWatch(Path kmsg) {
    this.kmsg = kmsg;
  }

  /** Opens {@code <root>/dev/kmsg} at its end; never throws. */
  static KernelLogWatch open(Kernel kernel, Path root) {
    KernelLogWatch w = new KernelLogWatch(root.resolve("dev/kmsg"));
    try {
      w.tail = kernel.tailLog(w.kmsg);
    } catch (NoSuchFileException e) {
      w.note = "kernel log not available: no " + w.kmsg;
    } catch (IOException | RuntimeException e) {
      w.note = "kernel log not available: " + e.getMessage();
    }
    return w;
  }

  /**
   * Writes {@link KernelPmLog#MARKER} to the kernel log (root only; best effort: without it
   * "decision to entry" falls back to {@code CLOCK_MONOTONIC}).
   */
  void mark() {
    try {
      java.nio.file.Files.write(kmsg, ("<6>" + KernelPmLog.MARKER + "\n")
          .getBytes(java.nio.charset.StandardCharsets.US_ASCII),
          java.nio.file.StandardOpenOption.APPEND);
    } catch (IOException | RuntimeException e) {
      // the fallback applies
    }
  }

  /** The last complete cycle logged since {@link #open}; empty when none or unreadable. */
  Optional<KernelPmLog.SuspendCycle> cycle() {
    if (tail == null) {
      return Optional.empty();
    }
    try {
      Optional<KernelPmLog.SuspendCycle> c = KernelPmLog.lastCycle(
          List.of(tail.readNew().split("\n")));
      if (c.isEmpty()) {
        note = "no complete suspend cycle (PM: suspend entry ... PM: suspend exit) in " + kmsg;
      }
      return c;
    } catch (IOException | RuntimeException e) {
      note = "kernel log not readable: " + e.getMessage();
      return Optional.empty();
    }
  }

  /** Why kernel-side values are missing; empty when the log was read and held a cycle. */
  String note() {
    return note;
  }

  @Override
  public void close() {
    if (tail != null) {
      try {
        tail.close();
      } catch (IOException e) {
        // a failed close of a read-only descriptor loses nothing
      }
    }
  }
}
