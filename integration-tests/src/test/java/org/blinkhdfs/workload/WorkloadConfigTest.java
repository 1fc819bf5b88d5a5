package org.blinkhdfs.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.time.Duration;
import org.apache.hadoop.fs.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;

/** Bad configuration values fail at construction with field, value and fix in the message. */
class WorkloadConfigTest {

  @Test
  void defaultsAreValid() {
    assertEquals(128 * 1024, LatencyConfig.builder().build().requestBytes());
    assertEquals(64, LatencyConfig.builder().build().slotsPerFile());
    assertEquals(4, ThroughputConfig.builder().build().threads());
    assertEquals(1.2, ZipfKvConfig.builder().build().zipfExponent());
    LatencyConfig c = LatencyConfig.builder().readOps(7).build();
    assertEquals(c, c.toBuilder().build());
    ZipfKvConfig z = ZipfKvConfig.builder().threads(3).build();
    assertEquals(z, z.toBuilder().build());
    ThroughputConfig t = ThroughputConfig.builder().fileBytes(5).build();
    assertEquals(t, t.toBuilder().build());
  }

  @Test
  void latencyConfig() {
    assertBad(() -> LatencyConfig.builder().fileCount(0).build(),
        "LatencyConfig.fileCount must be in [1, 100000], got 0: write at least one file");
    assertBad(() -> LatencyConfig.builder().requestBytes(1 << 20).fileBytes(1000).build(),
        "LatencyConfig.fileBytes must be in [1048576, 1099511627776], got 1000: each file must "
            + "hold at least one request of requestBytes=1048576");
    assertBad(() -> LatencyConfig.builder().readOps(-1).build(),
        "LatencyConfig.readOps must be in [0, 200000], got -1");
    assertBad(() -> LatencyConfig.builder().timeLimit(Duration.ZERO).build(),
        "LatencyConfig.timeLimit must be in (0, PT24H], got PT0S");
    assertBad(() -> LatencyConfig.builder().blockBytes(1000).build(),
        "LatencyConfig.blockBytes must be 0 or a multiple of 512 up to 2^40, got 1000");
    assertBad(() -> LatencyConfig.builder().dir(new Path("/")).build(),
        "LatencyConfig.dir must not be the root directory, got /");
    assertBad(() -> LatencyConfig.builder().dir(null).build(), "LatencyConfig.dir must be set");
    assertBad(() -> LatencyConfig.builder().replication(0).build(),
        "LatencyConfig.replication must be in [1, 512], got 0");
  }

  @Test
  void throughputConfig() {
    assertBad(() -> ThroughputConfig.builder().threads(0).build(),
        "ThroughputConfig.threads must be in [1, 256], got 0");
    assertBad(() -> ThroughputConfig.builder().fileBytes(0).build(),
        "ThroughputConfig.fileBytes must be in [1, 1099511627776], got 0");
    assertBad(() -> ThroughputConfig.builder().bufferBytes(0).build(),
        "ThroughputConfig.bufferBytes must be in [1, 67108864], got 0");
  }

  @Test
  void zipfKvConfig() {
    assertBad(() -> ZipfKvConfig.builder().minObjectBytes(10).maxObjectBytes(5).build(),
        "ZipfKvConfig.maxObjectBytes must be in [10, 67108864], got 5: use at least "
            + "minObjectBytes=10");
    assertBad(() -> ZipfKvConfig.builder().keyCount(3).packCount(4).build(),
        "ZipfKvConfig.packCount must be in [1, 3], got 4");
    assertBad(() -> ZipfKvConfig.builder().zipfExponent(Double.NaN).build(),
        "ZipfKvConfig.zipfExponent must be in [0.0, 20.0], got NaN: use 1.2");
    assertBad(() -> ZipfKvConfig.builder().threads(65).build(),
        "ZipfKvConfig.threads must be in [1, 64], got 65");
    assertBad(() -> ZipfKvConfig.builder().keyCount(0).build(),
        "ZipfKvConfig.keyCount must be in [1, 1000000], got 0");
  }

  static void assertBad(Executable build, String messageStart) {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, build);
    if (!e.getMessage().startsWith(messageStart)) {
      assertEquals(messageStart, e.getMessage());
    }
  }
}
