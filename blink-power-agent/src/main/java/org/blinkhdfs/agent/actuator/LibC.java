package org.blinkhdfs.agent.actuator;

import com.sun.jna.LastErrorException;
import com.sun.jna.Library;
import com.sun.jna.NativeLong;
import com.sun.jna.Structure;

/**
 * The few libc calls the actuators need, bound through JNA. Never load this directly: go through
 * {@link LibcKernel}, which loads it lazily on first use, so that code paths that only touch files
 * (the fake-tree tests, the dry-run and emulate actuators) run on hosts without JNA's native part.
 *
 * <p>Constants are Linux x86/arm values ({@code SIGSTOP} differs on alpha, mips and sparc, which
 * BlinkHDFS does not support).
 */
public interface LibC extends Library {
  /** {@code SIGCONT} on Linux x86/arm. */
  int SIGCONT = 18;
  /** {@code SIGSTOP} on Linux x86/arm. */
  int SIGSTOP = 19;
  /** {@code CLOCK_MONOTONIC}: stops while the host is suspended. */
  int CLOCK_MONOTONIC = 1;
  /** {@code CLOCK_BOOTTIME}: like monotonic, but keeps counting through suspend. */
  int CLOCK_BOOTTIME = 7;

  /** {@code kill(2)}; signal 0 only checks that the pid exists. */
  int kill(int pid, int sig) throws LastErrorException;

  /** {@code sync(2)}: flush dirty pages of every file system. */
  void sync();

  /** {@code clock_gettime(2)}. */
  int clock_gettime(int clockId, Timespec tp) throws LastErrorException;

  /** {@code O_RDONLY}. */
  int O_RDONLY = 0;
  /** {@code O_NONBLOCK} on Linux x86/arm: a read at the end of {@code /dev/kmsg} does not wait. */
  int O_NONBLOCK = 0x800;
  /** {@code O_CLOEXEC} on Linux x86/arm. */
  int O_CLOEXEC = 0x80000;
  /** {@code SEEK_END}: on {@code /dev/kmsg}, after the last record. */
  int SEEK_END = 2;
  /** {@code errno}: no such file. */
  int ENOENT = 2;
  /** {@code errno}: no more data now (non-blocking read at the end of {@code /dev/kmsg}). */
  int EAGAIN = 11;
  /** {@code errno}: records were overwritten before this reader got to them. */
  int EPIPE = 32;

  /** {@code open(2)}. */
  int open(String path, int flags) throws LastErrorException;

  /** {@code read(2)}; one whole record per call on {@code /dev/kmsg}. */
  NativeLong read(int fd, byte[] buf, NativeLong count) throws LastErrorException;

  /** {@code lseek(2)}. */
  NativeLong lseek(int fd, NativeLong offset, int whence) throws LastErrorException;

  /** {@code close(2)}. */
  int close(int fd);

  /** {@code struct timespec}; {@code long} fields, which is {@code time_t} on LP64 Linux. */
  @Structure.FieldOrder({"tv_sec", "tv_nsec"})
  class Timespec extends Structure {
    public NativeLong tv_sec;
    public NativeLong tv_nsec;

    public Timespec() {
      super();
    }

    /** The time in nanoseconds. */
    public long nanos() {
      return tv_sec.longValue() * 1_000_000_000L + tv_nsec.longValue();
    }
  }
}
