package org.blinkhdfs.bench.report;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * What was run, how, and when: the header of a report. Settings keep their order (the demo
 * lists nodes, blink interval, bandwidth, power model … in the order a reader needs them);
 * values are free text so they can carry their caveats, e.g. {@code interval → "6 s (shortened
 * from 60 s)"} and {@code power model → "25 W awake, 1 W asleep; 40 W always-on overhead
 * reported beside P%"}.
 *
 * <p>Rules: title and command line non-blank single lines; setting keys non-blank single lines,
 * values non-null single lines; notes non-blank; {@code finishedAt} not before {@code startedAt}.
 * Immutable (copies of the map and list, order kept). Build with {@link #builder(String)}.
 *
 * @param title report title
 * @param commandLine the command that produced it, e.g. {@code bin/blink demo --quick}
 * @param settings ordered name → value
 * @param startedAt run start
 * @param finishedAt run end
 * @param notes free remarks, in order (caveats, deviations from the paper)
 */
public record RunInfo(String title, String commandLine, Map<String, String> settings,
    Instant startedAt, Instant finishedAt, List<String> notes) {

  public RunInfo {
    ReportText.requireLine("title", title);
    ReportText.requireLine("commandLine", commandLine);
    Objects.requireNonNull(settings, "settings");
    Objects.requireNonNull(startedAt, "startedAt");
    Objects.requireNonNull(finishedAt, "finishedAt");
    if (finishedAt.isBefore(startedAt)) {
      throw new IllegalArgumentException("finishedAt " + finishedAt + " is before startedAt "
          + startedAt);
    }
    Map<String, String> ordered = new LinkedHashMap<>();
    settings.forEach((k, v) -> {
      ReportText.requireLine("setting name", k);
      Objects.requireNonNull(v, "setting '" + k + "'");
      if (v.indexOf('\n') >= 0 || v.indexOf('\r') >= 0) {
        throw new IllegalArgumentException("setting '" + k + "' must be one line, got '" + v
            + "'");
      }
      ordered.put(k, v);
    });
    settings = Collections.unmodifiableMap(ordered);
    for (String n : Objects.requireNonNull(notes, "notes")) {
      if (n == null || n.isBlank()) {
        throw new IllegalArgumentException("notes must not hold blank entries");
      }
    }
    notes = List.copyOf(notes);
  }

  public static Builder builder(String title) {
    return new Builder(title);
  }

  public Duration duration() {
    return Duration.between(startedAt, finishedAt);
  }

  /** Builder; {@link #build()} applies the rules above. */
  public static final class Builder {
    private final String title;
    private String commandLine;
    private final Map<String, String> settings = new LinkedHashMap<>();
    private Instant startedAt;
    private Instant finishedAt;
    private final List<String> notes = new ArrayList<>();

    private Builder(String title) {
      this.title = title;
    }

    public Builder commandLine(String value) {
      this.commandLine = value;
      return this;
    }

    /** Adds (or replaces, keeping its place) a setting. */
    public Builder setting(String name, String value) {
      settings.put(name, value);
      return this;
    }

    public Builder startedAt(Instant value) {
      this.startedAt = value;
      return this;
    }

    public Builder finishedAt(Instant value) {
      this.finishedAt = value;
      return this;
    }

    public Builder note(String value) {
      notes.add(value);
      return this;
    }

    public RunInfo build() {
      return new RunInfo(title, commandLine, settings, startedAt, finishedAt, notes);
    }
  }
}
