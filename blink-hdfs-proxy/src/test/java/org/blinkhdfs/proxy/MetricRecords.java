package org.blinkhdfs.proxy;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.hadoop.metrics2.MetricsRecord;
import org.apache.hadoop.metrics2.MetricsSource;
import org.apache.hadoop.metrics2.impl.MetricsCollectorImpl;

/**
 * What a metrics2 source reports now, read from the source itself as the metrics system collects
 * it. Tests that need a value at a given moment read it here: {@code /jmx} serves a snapshot the
 * metrics system refreshes at most every 10 s.
 */
public final class MetricRecords {
  private MetricRecords() {}

  /** Every record {@code source} emits now. */
  public static List<MetricsRecord> of(MetricsSource source) {
    MetricsCollectorImpl collector = new MetricsCollectorImpl();
    source.getMetrics(collector, true);
    return List.copyOf(collector.getRecords());
  }

  /** The metrics of {@code source}'s first (main) record, by name. */
  public static Map<String, Number> main(MetricsSource source) {
    return values(of(source).get(0));
  }

  /** The metrics of the record named {@code record} tagged {@code tag} = {@code value}, if any. */
  public static Optional<Map<String, Number>> tagged(MetricsSource source, String record,
      String tag, String value) {
    return of(source).stream().filter(r -> r.name().equals(record))
        .filter(r -> r.tags().stream().anyMatch(t -> t.name().equals(tag)
            && value.equals(t.value())))
        .findFirst().map(MetricRecords::values);
  }

  private static Map<String, Number> values(MetricsRecord r) {
    Map<String, Number> out = new HashMap<>();
    r.metrics().forEach(m -> out.put(m.name(), m.value()));
    return out;
  }
}
