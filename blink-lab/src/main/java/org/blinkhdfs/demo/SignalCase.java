package org.blinkhdfs.demo;

import java.util.OptionalInt;

/**
 * One replay of a signal bench on a data set: bench kv-signal and search run one, bench
 * oscillation (BlinkFS Fig 10) one per data set size and oscillation level N, each reading only
 * its own data set (so the migration-based baseline moves only that).
 *
 * @param signal the signal and its steps
 * @param dataMiB size of the read set in MiB (search, oscillation); for kv-signal the whole
 *     data set stored, the objects (--kv-keys) and files no get reads, 0 for the objects alone
 * @param oscillation BlinkFS's N, for bench oscillation
 */
record SignalCase(SignalOptions signal, int dataMiB, OptionalInt oscillation) {
  /** A label for progress lines and the timeline, e.g. {@code N=30% 64 MiB}. */
  String name() {
    return oscillation.isPresent() ? "N=" + oscillation.getAsInt() + "% " + dataMiB + " MiB"
        : signal.spec();
  }
}
