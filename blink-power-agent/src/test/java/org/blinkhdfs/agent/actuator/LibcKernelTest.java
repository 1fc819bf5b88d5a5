package org.blinkhdfs.agent.actuator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The real libc binding on this Linux host (no suspend: only reads clocks and signal 0). */
class LibcKernelTest {
  @Test
  void boottimeIsNeverBehindMonotonic() throws Exception {
    Kernel kernel = LibcKernel.get();
    long monotonic = kernel.clockNanos(LibC.CLOCK_MONOTONIC);
    long boottime = kernel.clockNanos(LibC.CLOCK_BOOTTIME);
    assertTrue(monotonic > 0, "monotonic " + monotonic);
    assertTrue(boottime >= monotonic, "boottime " + boottime + " < monotonic " + monotonic);
  }

  @Test
  void signalZeroTellsLiveFromDeadPids() throws Exception {
    Kernel kernel = LibcKernel.get();
    assertEquals(0, kernel.kill((int) ProcessHandle.current().pid(), 0));
    assertEquals(Kernel.ESRCH, kernel.kill(Integer.MAX_VALUE - 1, 0));
  }

  @Test
  void syncReturns() throws Exception {
    LibcKernel.get().sync();
  }
}
