package org.blinkhdfs.demo;

import java.util.List;
import java.util.Objects;
import org.blinkhdfs.bench.energy.CellEnergy;
import org.blinkhdfs.workload.OpSample;

/**
 * One timed phase of {@code bin/blink bench relay}: one client path ({@link ReadPath}) reading
 * either the throughput files (TestDFSIO-style, {@code dfsio}) or random requests of the latency
 * files ({@code latency}) in one round at one power level.
 *
 * <p>Immutable.
 *
 * @param power power level in percent
 * @param round round number from 0
 * @param slot position of this path in the round's order (the order rotates every round)
 * @param path which client read
 * @param workload {@code dfsio} or {@code latency}
 * @param wallMs duration of the phase
 * @param mibps aggregate MiB/s of a dfsio phase; NaN for latency phases
 * @param okReads reads (files for dfsio) that completed and verified
 * @param failedReads reads that failed with an exception or were cut off
 * @param verifyFailures reads that returned wrong bytes
 * @param relayCpuCores CPU cores the proxy JVM used over the phase (its CPU time / wall time);
 *     NaN when the OS did not say
 * @param loadAverage the machine's 1-minute load average at the phase's end
 * @param samples every read of a latency phase (empty for dfsio)
 * @param bytes bytes the phase's completed reads returned
 * @param energy the DataNodes' energy over the phase, against its budget (the scheduler's
 *     counters at the phase's start and end)
 */
record RelayRun(int power, int round, int slot, ReadPath path, String workload, double wallMs,
    double mibps, int okReads, int failedReads, int verifyFailures, double relayCpuCores,
    double loadAverage, List<OpSample> samples, long bytes, CellEnergy energy) {
  static final String DFSIO = "dfsio";
  static final String LATENCY = "latency";

  RelayRun {
    samples = List.copyOf(samples);
    Objects.requireNonNull(energy, "energy");
  }
}
