package org.blinkhdfs.demo;

import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.function.Function;
import org.blinkhdfs.cluster.LocalCluster;

/**
 * One kind of run of {@code bin/blink demo} or {@code bin/blink bench <experiment>}: the names it
 * answers to, the flag defaults it sets for itself ({@link FlagDefaults}), the title of its
 * report, and the {@link ClusterSession} that runs it on each layout's fresh cluster. Each
 * session class owns the experiments it runs (a constant beside its code); {@link #of} finds the
 * one a command names.
 *
 * <p>Why: the runner used to choose the session and the report's title with two chains of
 * {@code options.runs(...)} tests, and the flag defaults with one such chain per flag, that every
 * new experiment had to extend in step; now an experiment is added by listing its definition
 * in {@link #all()}.
 *
 * <p>Example: {@code Experiment.of("gears")} is {@link GearsSession#DEFINITION}; its session
 * reads with 2, 4 and 7 nodes on, and its report is titled "BlinkHDFS bench: gears (...)".
 *
 * @param names the command names ({@code demo}, or bench's experiment names)
 * @param defaults for a command name, the flag defaults it sets over {@link FlagDefaults#BENCH}
 * @param title the report's title for these options
 * @param sessions the session for one layout's cluster
 */
record Experiment(List<String> names, Function<String, Map<String, String>> defaults,
    Function<DemoOptions, String> title, Sessions sessions) {

  /** Makes the session of layout number {@code index} on its fresh {@code cluster}. */
  @FunctionalInterface
  interface Sessions {
    ClusterSession create(DemoOptions options, LayoutRun run, int index, LocalCluster cluster,
        Consumer<String> progress);
  }

  Experiment {
    names = List.copyOf(names);
  }

  /** An experiment whose session does not need the layout's index. */
  static Experiment of(List<String> names, Function<String, Map<String, String>> defaults,
      Function<DemoOptions, String> title, SessionWithoutIndex sessions) {
    return new Experiment(names, defaults, title,
        (o, run, index, cluster, progress) -> sessions.create(o, run, cluster, progress));
  }

  /** The constructor shape of most sessions. */
  @FunctionalInterface
  interface SessionWithoutIndex {
    ClusterSession create(DemoOptions options, LayoutRun run, LocalCluster cluster,
        Consumer<String> progress);
  }

  /** Every experiment, each owned by its session class. */
  static List<Experiment> all() {
    return List.of(LayoutSession.DEFINITION, GearsSession.DEFINITION, RelaySession.DEFINITION,
        FaultsSession.DEFINITION, SoakSession.DEFINITION, GroupsSession.DEFINITION,
        GroupsIoSession.DEFINITION, RabbitDatasetsSession.DEFINITION, SignalSession.DEFINITION,
        MapReduceSession.DEFINITION);
  }

  /**
   * The experiment {@code command} names.
   *
   * @throws IllegalArgumentException for a name no experiment answers to
   */
  static Experiment of(String command) {
    for (Experiment e : all()) {
      if (e.names().contains(command)) {
        return e;
      }
    }
    throw new IllegalArgumentException("no experiment is called '" + command + "'");
  }
}
