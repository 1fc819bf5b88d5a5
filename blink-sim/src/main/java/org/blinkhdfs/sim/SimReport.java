package org.blinkhdfs.sim;

import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * {@code bin/blink sim}'s output: the spec, the {@link SimResult} and the run's cost, as JSON (one
 * key per line, stable order) or as aligned text. A p90 that is infinite (more than 10% of reads
 * never served) is JSON {@code null} and text {@code never}.
 *
 * <p>Stateless.
 */
final class SimReport {
  private SimReport() {}

  /** The cost of a run: wall time and heap. */
  record Cost(double wallSeconds, double heapUsedMiB, double maxHeapMiB) {}

  static Map<String, Object> fields(SimSpec spec, String power, double bandwidthMiBps,
      SimResult r, Cost cost) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("nodes", spec.nodes());
    m.put("blocks", spec.blocks());
    m.put("replication", spec.replication());
    m.put("layout", spec.layout());
    m.put("policy", spec.policy());
    m.put("power", power);
    m.put("durationMs", spec.durationMs());
    m.put("epochMs", spec.epochMs());
    m.put("intervalMs", spec.intervalMs());
    m.put("minWindowMs", spec.minWindowMs());
    m.put("seed", spec.seed());
    m.put("readOrder", spec.readOrder().configName());
    m.put("unavailableFraction", r.unavailableFraction());
    m.put("unavailableFractionCi95", r.unavailableCi95());
    m.put("meanWaitMs", r.meanWaitMs());
    m.put("p90WaitMs", r.p90WaitMs().isPresent() ? r.p90WaitMs().getAsDouble() : null);
    m.put("unservedReadFraction", r.unservedReadFraction());
    m.put("readThroughputFraction", r.readThroughputFraction());
    m.put("nodeBandwidthMiBps", bandwidthMiBps);
    m.put("readThroughputMiBps", r.readThroughputFraction() * spec.nodes() * bandwidthMiBps);
    m.put("awakeNodeFraction", r.awakeNodeFraction());
    m.put("bytesMigrated", r.bytesMigrated());
    m.put("migrationSeconds", r.migrationSeconds());
    m.put("rhoMax", r.rhoMax());
    m.put("epochs", r.epochs());
    m.put("distinctLevels", r.distinctLevels());
    m.put("belowMinimumEpochs", r.belowMinimumEpochs());
    m.put("visitedBlocks", r.visitedBlocks());
    m.put("readInstants", spec.instants());
    m.put("waitBinMs", r.waitBinMs());
    m.put("wallSeconds", cost.wallSeconds());
    m.put("heapUsedMiB", cost.heapUsedMiB());
    m.put("maxHeapMiB", cost.maxHeapMiB());
    return m;
  }

  static String json(Map<String, Object> fields) {
    StringBuilder sb = new StringBuilder("{\n");
    int i = 0;
    for (Map.Entry<String, Object> e : fields.entrySet()) {
      sb.append("  \"").append(e.getKey()).append("\": ").append(jsonValue(e.getValue()));
      sb.append(++i < fields.size() ? ",\n" : "\n");
    }
    return sb.append("}\n").toString();
  }

  static String text(Map<String, Object> fields) {
    StringBuilder sb = new StringBuilder();
    for (Map.Entry<String, Object> e : fields.entrySet()) {
      Object v = e.getValue();
      sb.append(String.format(Locale.ROOT, "%-24s %s%n", e.getKey(),
          v == null ? "never (over 10% of reads are never served)" : format(v)));
    }
    return sb.toString();
  }

  private static String jsonValue(Object v) {
    if (v == null) {
      return "null";
    }
    if (v instanceof String s) {
      return "\"" + s.replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
    }
    return format(v);
  }

  private static String format(Object v) {
    if (v instanceof Double d) {
      return String.format(Locale.ROOT, "%.6g", d).replaceAll("(\\.\\d*?)0+(e|$)", "$1$2")
          .replaceAll("\\.(e|$)", "$1");
    }
    return String.valueOf(v);
  }
}
