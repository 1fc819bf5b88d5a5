package org.blinkhdfs.agent.actuator;

import com.sun.jna.LastErrorException;
import com.sun.jna.Native;
import com.sun.jna.NativeLong;
import com.sun.jna.Platform;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import org.blinkhdfs.control.agent.ActuatorException;

/**
 * {@link Kernel} through {@link LibC}. libc is bound on first use, not at class load: a host where
 * JNA's native library cannot load (non-Linux CI, a locked-down {@code /tmp} without
 * {@code jna.tmpdir}) still runs everything that only writes files, and fails with an
 * {@link ActuatorException} saying so on the first call that needs libc. A failed load is
 * remembered; it is not retried.
 *
 * <p>Thread-safe: one shared instance, lazily initialized under a lock.
 */
public final class LibcKernel implements Kernel {
  private static final LibcKernel INSTANCE = new LibcKernel();

  private LibC libc;
  private String loadFailure;

  private LibcKernel() {}

  /** The shared instance. */
  public static LibcKernel get() {
    return INSTANCE;
  }

  private synchronized LibC libc() throws ActuatorException {
    if (libc == null && loadFailure == null) {
      try {
        libc = Native.load(Platform.C_LIBRARY_NAME, LibC.class);
      } catch (LinkageError | RuntimeException e) {
        loadFailure = e.toString();
      }
    }
    if (libc == null) {
      throw new ActuatorException("cannot bind libc through JNA (" + loadFailure + "): the real "
          + "actuator and the signal freezer need Linux with JNA's native library (set "
          + "-Djna.tmpdir to a writable, exec-mounted directory if /tmp is noexec); otherwise use "
          + "--actuator dry-run");
    }
    return libc;
  }

  @Override
  public void sync() throws ActuatorException {
    libc().sync();
  }

  @Override
  public long clockNanos(int clockId) throws ActuatorException {
    LibC.Timespec ts = new LibC.Timespec();
    try {
      libc().clock_gettime(clockId, ts);
    } catch (LastErrorException e) {
      throw new ActuatorException("clock_gettime(" + clockId + ") failed with errno "
          + e.getErrorCode() + ": CLOCK_BOOTTIME (7) needs Linux 2.6.39 or later", e);
    }
    return ts.nanos();
  }

  @Override
  public LogTail tailLog(Path file) throws IOException {
    LibC c;
    try {
      c = libc();
    } catch (ActuatorException e) {
      throw new IOException(e.getMessage(), e);
    }
    int fd;
    try {
      fd = c.open(file.toString(), LibC.O_RDONLY | LibC.O_NONBLOCK | LibC.O_CLOEXEC);
    } catch (LastErrorException e) {
      if (e.getErrorCode() == LibC.ENOENT) {
        throw new NoSuchFileException(file.toString());
      }
      throw new IOException("cannot open " + file + ": errno " + e.getErrorCode(), e);
    }
    try {
      c.lseek(fd, new NativeLong(0), LibC.SEEK_END);
    } catch (LastErrorException e) {
      c.close(fd);
      throw new IOException("cannot seek to the end of " + file + ": errno " + e.getErrorCode(),
          e);
    }
    return new Tail(c, fd, file);
  }

  /** A non-blocking reader of one open log file descriptor. */
  private static final class Tail implements LogTail {
    /** A bound on one read-out: a kernel log buffer is at most 32 MiB (log_buf_len). */
    private static final int MAX_BYTES = 64 << 20;

    private final LibC c;
    private final int fd;
    private final Path file;
    private boolean closed;

    Tail(LibC c, int fd, Path file) {
      this.c = c;
      this.fd = fd;
      this.file = file;
    }

    @Override
    public String readNew() throws IOException {
      if (closed) {
        throw new IOException(file + " is closed");
      }
      ByteArrayOutputStream out = new ByteArrayOutputStream();
      byte[] buf = new byte[8192]; // /dev/kmsg: one record per read, each far below this
      while (out.size() < MAX_BYTES) {
        long n;
        try {
          n = c.read(fd, buf, new NativeLong(buf.length)).longValue();
        } catch (LastErrorException e) {
          if (e.getErrorCode() == LibC.EAGAIN) {
            break; // no more records now
          }
          if (e.getErrorCode() == LibC.EPIPE) {
            continue; // records overwritten before we read them; the next read goes on
          }
          throw new IOException("cannot read " + file + ": errno " + e.getErrorCode(), e);
        }
        if (n <= 0) {
          break; // end of a plain file
        }
        out.write(buf, 0, (int) n);
      }
      return out.toString(StandardCharsets.UTF_8);
    }

    @Override
    public void close() {
      if (!closed) {
        closed = true;
        c.close(fd);
      }
    }
  }

  @Override
  public int kill(int pid, int signal) throws ActuatorException {
    try {
      libc().kill(pid, signal);
      return 0;
    } catch (LastErrorException e) {
      return e.getErrorCode();
    }
  }
}
