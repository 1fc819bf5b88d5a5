package org.blinkhdfs.bench.report;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code results.json}: the whole report (run, cells, checks) in one JSON document, through
 * Jackson's tree model (blink-model already depends on jackson-databind for the schedule JSON).
 *
 * <p>Grammar (version 1):
 *
 * <pre>
 * report := { "format": "blinkhdfs-report", "version": 1,
 *             "run": { "title": str, "commandLine": str, "settings": { str: str, … },
 *                      "startedAt": ISO-8601 instant, "finishedAt": ISO-8601 instant,
 *                      "notes": [ str* ] },
 *             "allChecksPassed": bool,
 *             "checks": [ { "name": str, "passed": bool, "detail": str }* ],
 *             "cells": [ { "experiment": str, "layout": str, "replication": int,
 *                          "powerPercent": int, "measured": { metric: number, … },
 *                          "expected": { metric: number, … } }* ] }
 * </pre>
 *
 * Object members keep their order (settings as given, metrics in table order). Numbers are
 * written so they read back to the same double, so {@code read(write(r)).equals(r)}.
 * {@code allChecksPassed} is derived and ignored on reading. Reading is strict about the
 * fields it knows (wrong type or missing: an error naming the JSON path) and ignores unknown
 * ones, so the format can grow.
 *
 * <p>Thread-safe: the shared mapper is only used for tree reads and writes.
 */
public final class ReportJson {
  public static final String FORMAT = "blinkhdfs-report";
  public static final int VERSION = 1;
  private static final ObjectMapper MAPPER =
      new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

  private ReportJson() {}

  public static String write(Report report) {
    ObjectNode root = MAPPER.createObjectNode();
    root.put("format", FORMAT);
    root.put("version", VERSION);
    root.set("run", run(report.run()));
    root.put("allChecksPassed", report.allChecksPassed());
    ArrayNode checks = root.putArray("checks");
    for (Check c : report.checks()) {
      checks.addObject().put("name", c.name()).put("passed", c.passed())
          .put("detail", c.detail());
    }
    ArrayNode cells = root.putArray("cells");
    for (ReportCell c : report.cells()) {
      ObjectNode o = cells.addObject();
      o.put("experiment", c.experiment()).put("layout", c.layout())
          .put("replication", c.replication()).put("powerPercent", c.powerPercent());
      c.measured().forEach(o.putObject("measured")::put);
      c.expected().forEach(o.putObject("expected")::put);
    }
    try {
      return MAPPER.writeValueAsString(root) + "\n";
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("serialising a JSON tree failed", e);
    }
  }

  /**
   * Parses a document written by {@link #write}.
   *
   * @throws IllegalArgumentException naming the JSON path on a malformed or invalid document
   */
  public static Report read(String json) {
    JsonNode root;
    try {
      root = MAPPER.readTree(json);
    } catch (JsonProcessingException e) {
      throw new IllegalArgumentException("results JSON is not valid JSON: "
          + e.getOriginalMessage(), e);
    }
    if (!FORMAT.equals(root.path("format").asText()) || root.path("version").asInt() != VERSION) {
      throw new IllegalArgumentException("$: expected format '" + FORMAT + "' version " + VERSION
          + ", got " + root.path("format") + " version " + root.path("version"));
    }
    List<Check> checks = new ArrayList<>();
    JsonNode cs = array(root, "checks", "$");
    for (int i = 0; i < cs.size(); i++) {
      String p = "$.checks[" + i + "]";
      checks.add(new Check(text(cs.get(i), "name", p), bool(cs.get(i), "passed", p),
          text(cs.get(i), "detail", p)));
    }
    List<ReportCell> cells = new ArrayList<>();
    JsonNode cl = array(root, "cells", "$");
    for (int i = 0; i < cl.size(); i++) {
      cells.add(cell(cl.get(i), "$.cells[" + i + "]"));
    }
    return new Report(readRun(field(root, "run", "$"), "$.run"), cells, checks);
  }

  private static ObjectNode run(RunInfo run) {
    ObjectNode o = MAPPER.createObjectNode();
    o.put("title", run.title()).put("commandLine", run.commandLine());
    run.settings().forEach(o.putObject("settings")::put);
    o.put("startedAt", run.startedAt().toString()).put("finishedAt", run.finishedAt().toString());
    ArrayNode notes = o.putArray("notes");
    run.notes().forEach(notes::add);
    return o;
  }

  private static RunInfo readRun(JsonNode o, String path) {
    Map<String, String> settings = new LinkedHashMap<>();
    JsonNode s = field(o, "settings", path);
    for (Iterator<Map.Entry<String, JsonNode>> it = s.fields(); it.hasNext();) {
      Map.Entry<String, JsonNode> e = it.next();
      settings.put(e.getKey(), text(s, e.getKey(), path + ".settings"));
    }
    List<String> notes = new ArrayList<>();
    JsonNode n = array(o, "notes", path);
    for (int i = 0; i < n.size(); i++) {
      if (!n.get(i).isTextual()) {
        throw new IllegalArgumentException(path + ".notes[" + i + "]: expected a string");
      }
      notes.add(n.get(i).asText());
    }
    return new RunInfo(text(o, "title", path), text(o, "commandLine", path), settings,
        instant(o, "startedAt", path), instant(o, "finishedAt", path), notes);
  }

  private static ReportCell cell(JsonNode o, String path) {
    return new ReportCell(text(o, "experiment", path), text(o, "layout", path),
        integer(o, "replication", path), integer(o, "powerPercent", path),
        numbers(o, "measured", path), numbers(o, "expected", path));
  }

  private static Map<String, Double> numbers(JsonNode o, String name, String path) {
    JsonNode m = field(o, name, path);
    Map<String, Double> out = new LinkedHashMap<>();
    for (Iterator<Map.Entry<String, JsonNode>> it = m.fields(); it.hasNext();) {
      Map.Entry<String, JsonNode> e = it.next();
      if (!e.getValue().isNumber()) {
        throw new IllegalArgumentException(path + "." + name + "." + e.getKey()
            + ": expected a number, got " + e.getValue());
      }
      out.put(e.getKey(), e.getValue().doubleValue());
    }
    return out;
  }

  private static JsonNode field(JsonNode o, String name, String path) {
    JsonNode v = o.get(name);
    if (v == null || !v.isObject()) {
      throw new IllegalArgumentException(path + "." + name + ": expected an object");
    }
    return v;
  }

  private static JsonNode array(JsonNode o, String name, String path) {
    JsonNode v = o.get(name);
    if (v == null || !v.isArray()) {
      throw new IllegalArgumentException(path + "." + name + ": expected an array");
    }
    return v;
  }

  private static String text(JsonNode o, String name, String path) {
    JsonNode v = o.get(name);
    if (v == null || !v.isTextual()) {
      throw new IllegalArgumentException(path + "." + name + ": expected a string");
    }
    return v.asText();
  }

  private static boolean bool(JsonNode o, String name, String path) {
    JsonNode v = o.get(name);
    if (v == null || !v.isBoolean()) {
      throw new IllegalArgumentException(path + "." + name + ": expected true or false");
    }
    return v.asBoolean();
  }

  private static int integer(JsonNode o, String name, String path) {
    JsonNode v = o.get(name);
    if (v == null || !v.canConvertToInt() || !v.isIntegralNumber()) {
      throw new IllegalArgumentException(path + "." + name + ": expected an integer");
    }
    return v.asInt();
  }

  private static Instant instant(JsonNode o, String name, String path) {
    String s = text(o, name, path);
    try {
      return Instant.parse(s);
    } catch (DateTimeParseException e) {
      throw new IllegalArgumentException(path + "." + name + ": '" + s
          + "' is not an ISO-8601 instant such as 2025-01-31T12:00:00Z", e);
    }
  }
}
