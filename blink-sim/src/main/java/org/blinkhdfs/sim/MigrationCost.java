package org.blinkhdfs.sim;

/**
 * What one change of the number of data-holding nodes costs the migration-based baseline, and
 * the ratio ρ that says whether the move outlasts a power step.
 *
 * <p>Why per node: BlinkFS's baseline "equally distributes data across the active nodes", so a
 * change from a to b holders is a many-to-many copy whose slowest node decides when the cluster
 * serves again. A drop a → b (b &lt; a): each of the a − b leaving nodes sends its whole share
 * D/a, and each of the b staying nodes receives D·(a − b)/(a·b). A rise b → a is the mirror: each
 * new node receives D/a, each old node sends D/b − D/a. With m = min(a, b), M = max(a, b) and
 * Δ = M − m, both give
 *
 * <pre>  bytes moved = D·Δ/M      slowest node = D·max(m, Δ)/(M·m), at the node bandwidth w</pre>
 *
 * and the move takes the larger of the slowest node's time and the bytes over the shared link
 * ({@code linkBytesPerSec}; infinite when only the nodes limit it).
 *
 * <p><b>ρ</b> of a step = that move time / the power step's length: ρ &gt; 1 means the data of one
 * step is still moving when the next step comes.
 *
 * <p>Worked example (tested): 4 nodes holding 10 GiB each (D = 40 GiB), w = 100 MiB/s, 60 s
 * steps. 4 → 3: 10 GiB moved, the leaving node sends 10 240 MiB in 102.4 s, ρ = 1.707. 4 → 1:
 * 30 GiB moved, the one node left receives 30 720 MiB in 307.2 s, ρ = 5.12.
 *
 * @param storedBytes D, the bytes spread evenly over the holders
 * @param nodeBytesPerSec w, what one node sends or receives per second
 * @param linkBytesPerSec what all moves share per second (the paper's 1000-node example: one 10
 *     Gbit/s link); {@code Double.POSITIVE_INFINITY} for none
 */
record MigrationCost(double storedBytes, double nodeBytesPerSec, double linkBytesPerSec) {
  MigrationCost {
    if (!(storedBytes >= 0) || Double.isInfinite(storedBytes)) {
      throw new IllegalArgumentException("stored bytes = " + storedBytes + " must be >= 0");
    }
    if (!(nodeBytesPerSec > 0) || !(linkBytesPerSec > 0)) {
      throw new IllegalArgumentException("node bandwidth " + nodeBytesPerSec + " and link "
          + linkBytesPerSec + " bytes/s must be > 0");
    }
  }

  /** Bytes moved when the holders change from {@code from} to {@code to} (0 if either is 0). */
  double bytes(int from, int to) {
    if (from <= 0 || to <= 0 || from == to) {
      return 0;
    }
    int big = Math.max(from, to);
    return storedBytes * (big - Math.min(from, to)) / big;
  }

  /** Seconds until the cluster serves again after the change {@code from} → {@code to}. */
  double seconds(int from, int to) {
    if (from <= 0 || to <= 0 || from == to) {
      return 0;
    }
    int big = Math.max(from, to);
    int small = Math.min(from, to);
    double slowest = storedBytes * Math.max(small, big - small) / ((double) big * small);
    return Math.max(slowest / nodeBytesPerSec, bytes(from, to) / linkBytesPerSec);
  }

  /** ρ of the change {@code from} → {@code to} against a power step of {@code stepMs}. */
  double rho(int from, int to, long stepMs) {
    return seconds(from, to) * 1000 / stepMs;
  }

  /**
   * The stored bytes that make the change {@code from} → {@code to} take {@code rho} steps of
   * {@code stepMs} at the per-node bandwidth {@code nodeBytesPerSec} (no link limit): the inverse
   * of {@link #rho}, how a figure picks its data set for a target ρ.
   */
  static double storedBytesFor(double rho, int from, int to, double nodeBytesPerSec,
      long stepMs) {
    double perByte = new MigrationCost(1, nodeBytesPerSec, Double.POSITIVE_INFINITY)
        .seconds(from, to);
    if (perByte == 0) {
      throw new IllegalArgumentException("the change " + from + " -> " + to
          + " moves nothing: no data size gives it a ratio");
    }
    return rho * stepMs / 1000 / perByte;
  }
}
