package org.blinkhdfs.demo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@link Experiment}: every command {@code bin/blink demo|bench} accepts names exactly one
 * experiment, owned by the session that runs it, and the reports keep their titles.
 */
class ExperimentTest {
  @Test
  void everyCommandHasExactlyOneExperiment() {
    List<String> names = new ArrayList<>();
    Experiment.all().forEach(e -> names.addAll(e.names()));
    assertEquals(names.size(), new HashSet<>(names).size(), "no name twice: " + names);
    List<String> commands = new ArrayList<>(DemoOptions.EXPERIMENTS);
    commands.add("demo");
    assertEquals(new HashSet<>(commands), new HashSet<>(names),
        "the experiments bench accepts, and the demo");
  }

  @Test
  void eachSessionOwnsItsExperiments() {
    assertSame(GearsSession.DEFINITION, Experiment.of("gears"));
    assertSame(LayoutSession.DEFINITION, Experiment.of("demo"));
    assertSame(LayoutSession.DEFINITION, Experiment.of("kv"));
    assertSame(MapReduceSession.DEFINITION, Experiment.of("terasort"));
    assertSame(SignalSession.DEFINITION, Experiment.of("oscillation"));
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> Experiment.of("gear"));
    assertEquals("no experiment is called 'gear'", e.getMessage());
  }

  @Test
  void titlesAreTheReportsOwn() {
    assertEquals("BlinkHDFS demo: latency and throughput versus power", title("demo"));
    assertEquals("BlinkHDFS bench: latency", title("latency"));
    assertEquals("BlinkHDFS bench: gears (equal-work versus PARAID read throughput with"
        + " [2, 4, 7] active nodes, Le et al. Fig 3)", title("gears"));
    assertEquals("BlinkHDFS bench: groups", title("groups"));
    assertEquals("BlinkHDFS bench: grep (Amur & Schwan Table 2: Grep throughput per watt with k"
        + " max-perf hosts, the rest io-server)", title("grep"));
    assertEquals("BlinkHDFS bench: oscillation (BlinkFS Fig 10: random 64 KB reads while the"
        + " power oscillates, the ring against the migration-based baseline, per data set"
        + " size)", title("oscillation"));
  }

  private static String title(String command) {
    return Experiment.of(command).title().apply(DemoOptions.parse(command, new String[0]));
  }
}
