package org.blinkhdfs.workload;

import java.time.Duration;
import org.apache.hadoop.fs.Path;

/**
 * Validation for the workload configuration records: every failure is an {@link
 * IllegalArgumentException} whose message names the field, the bad value and the fix, e.g. {@code
 * LatencyConfig.fileCount must be in [1, 100000], got 0: write at least one file to read from}.
 *
 * <p>Stateless.
 */
final class Checks {
  /** Largest accepted time limit per phase. */
  static final Duration MAX_TIME_LIMIT = Duration.ofHours(24);
  /** HDFS block sizes must be a multiple of the checksum chunk ({@code dfs.bytes-per-checksum}). */
  static final int BLOCK_MULTIPLE = 512;
  static final long MAX_BLOCK_BYTES = 1L << 40;

  private Checks() {}

  static int intIn(String field, int value, int min, int max, String fix) {
    if (value < min || value > max) {
      throw bad(field, "must be in [" + min + ", " + max + "]", value, fix);
    }
    return value;
  }

  static long longIn(String field, long value, long min, long max, String fix) {
    if (value < min || value > max) {
      throw bad(field, "must be in [" + min + ", " + max + "]", value, fix);
    }
    return value;
  }

  static double doubleIn(String field, double value, double min, double max, String fix) {
    if (!(value >= min && value <= max)) {
      throw bad(field, "must be in [" + min + ", " + max + "]", value, fix);
    }
    return value;
  }

  static Path dir(String field, Path value) {
    if (value == null) {
      throw bad(field, "must be set", null, "give an HDFS directory such as /blink/workload");
    }
    if (value.isRoot()) {
      throw bad(field, "must not be the root directory", value,
          "give a dedicated directory: the workload writes and may delete under it");
    }
    return value;
  }

  static Duration timeLimit(String field, Duration value) {
    if (value == null || value.isNegative() || value.isZero()
        || value.compareTo(MAX_TIME_LIMIT) > 0) {
      throw bad(field, "must be in (0, " + MAX_TIME_LIMIT + "]", value,
          "give the longest a phase may run, e.g. PT10M");
    }
    return value;
  }

  /** 0 (the file system's default block size) or a multiple of 512 up to 1 TiB. */
  static long blockBytes(String field, long value) {
    if (value != 0 && (value < BLOCK_MULTIPLE || value > MAX_BLOCK_BYTES
        || value % BLOCK_MULTIPLE != 0)) {
      throw bad(field, "must be 0 or a multiple of " + BLOCK_MULTIPLE + " up to 2^40", value,
          "use 0 for dfs.blocksize, or e.g. 1048576 (and dfs.namenode.fs-limits.min-block-size "
              + "must allow it)");
    }
    return value;
  }

  static IllegalArgumentException bad(String field, String rule, Object value, String fix) {
    return new IllegalArgumentException(field + " " + rule + ", got " + value + ": " + fix);
  }
}
