package org.blinkhdfs.demo;

import java.util.HashMap;
import java.util.Map;

/**
 * The default value of each flag of {@code bin/blink demo} and {@code bin/blink bench}: the
 * bench's sizes, the demo's smaller ones (sized for 10 minutes on 2 cores), and on top of them
 * the values each {@link Experiment} sets for itself (its session class owns them).
 *
 * <p>Why a table: the defaults used to be one chain of {@code command == ...} tests per flag;
 * an experiment's sizes now sit beside its code, and a flag's general default in one place.
 *
 * <p>Example: {@code bench relay}'s {@code --nodes} is 6 (its own), its {@code --interval} 6s
 * (everyone's); {@code demo}'s {@code --read-ops} is 40 where a bench's is 300.
 */
final class FlagDefaults {
  /**
   * The value of {@code --latency-replication} that means "the run's {@code --replication}":
   * for experiments that write their data once.
   */
  static final String AT_REPLICATION = "@replication";

  /** Every bench experiment's defaults unless it sets its own. */
  static final Map<String, String> BENCH = Map.ofEntries(
      Map.entry("layouts", DemoOptions.DEMO_LAYOUTS),
      Map.entry("nodes", "9"),
      Map.entry("replication", "3"),
      Map.entry("latency-replication", "1,3,6"),
      Map.entry("gears", "2,4,7"),
      Map.entry("staging", "1"),
      Map.entry("bandwidth", "10"),
      Map.entry("power", "100,60,40,20"),
      Map.entry("cell-time", "30s"),
      Map.entry("read-ops", "300"),
      Map.entry("write-ops", "50"),
      Map.entry("io-threads", "8"),
      Map.entry("io-file-mib", "48"),
      Map.entry("rounds", "8"),
      Map.entry("clients", "1"),
      Map.entry("paraid-groups", "2"));

  /** The demo: the bench's defaults at sizes that finish in about 10 minutes. */
  static final Map<String, String> DEMO = Map.of("cell-time", "8s", "read-ops", "40",
      "write-ops", "8", "io-file-mib", "12");

  /** bench dfsio --gears: Le et al. Fig 3 with real TestDFSIO (64 MB files, 3 rounds). */
  static final Map<String, String> DFSIO_GEARS = Map.of("layouts", DemoOptions.GEARS_LAYOUTS,
      "nodes", "7", "replication", "2", "paraid-replication", "3", "staging", "0",
      "io-file-mib", "64", "rounds", "3", "paraid-groups", "2,2");

  private FlagDefaults() {}

  /**
   * The defaults for {@code command} ({@code demo} or a bench experiment), with {@code
   * dfsioGears} for {@code bench dfsio --gears}.
   */
  static Map<String, String> of(String command, boolean dfsioGears) {
    Map<String, String> out = new HashMap<>(BENCH);
    if (command.equals("demo")) {
      out.putAll(DEMO);
    }
    out.putAll(Experiment.of(command).defaults().apply(command));
    if (dfsioGears) {
      out.putAll(DFSIO_GEARS);
    }
    return out;
  }
}
