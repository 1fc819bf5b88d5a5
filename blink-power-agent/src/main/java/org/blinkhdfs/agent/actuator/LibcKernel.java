package org.blinkhdfs.agent.actuator;

import com.sun.jna.LastErrorException;
import com.sun.jna.Native;
import com.sun.jna.Platform;
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
  public int kill(int pid, int signal) throws ActuatorException {
    try {
      libc().kill(pid, signal);
      return 0;
    } catch (LastErrorException e) {
      return e.getErrorCode();
    }
  }
}
