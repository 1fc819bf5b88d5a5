package org.blinkhdfs.sim;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.blinkhdfs.common.cli.CommandLineTool;
import org.blinkhdfs.model.power.PowerModel;

/**
 * {@code bin/blink sim --figure NAME --out DIR}: each figure sweeps its own parameters and writes
 * its report into a directory, so the flags of a single simulation run are usage errors here
 * (they would be silently ignored otherwise). Kept apart from {@link SimCommand}, which runs one
 * simulation, so that each figure's flags and its writer sit together.
 *
 * <p>Stateless.
 */
final class SimFigures {
  /** The flags of one simulation run, which no figure takes. */
  private static final List<String> RUN_FLAGS = List.of("power", "signal", "policy", "layout",
      "replication", "duration", "epoch", "format", "validate", "active-watts", "sleep-watts",
      "io-server-watts", "sample", "instants", "interval", "min-window", "transition",
      "bandwidth", "block-mib", "migration-gbps");

  /** Writes one figure's files (their paths in order), throwing when the directory cannot. */
  @FunctionalInterface
  private interface Writer {
    List<Path> write() throws IOException;
  }

  private SimFigures() {}

  /** {@code --figure NAME}: dispatches to the figure, after checking its flags. */
  static int figure(CommandLineTool.Args a, PrintStream out, String args) {
    String name = a.get("figure");
    String command = "bin/blink sim " + args;
    switch (name) {
      case RatioFigure.NAME:
        return ratio(a, out, command);
      case AutoGoalFigure.NAME:
        return auto(a, out, command);
      case UpsFigure.NAME:
        return ups(a, out, command);
      case DatasetProportionalityFigure.NAME:
      case InaccessibleDataFigure.NAME:
        return blinkFsOrRabbit(a, out, name, command);
      default:
        throw CommandLineTool.usage("--figure '" + name + "' is not a figure: use "
            + InaccessibleDataFigure.NAME + " (BlinkFS Fig 2), "
            + DatasetProportionalityFigure.NAME + " (Rabbit Figs 8-9), " + RatioFigure.NAME
            + " (BlinkFS Figs 10, 12(b), 13 against the data/bandwidth ratio), "
            + AutoGoalFigure.NAME + " (issue 39's auto goal against the fixed designs) or "
            + UpsFigure.NAME + " (issue 44's ride-through on a UPS)");
    }
  }

  /** {@code --figure fig2} (BlinkFS Fig 2) and {@code --figure rabbit-datasets}. */
  private static int blinkFsOrRabbit(CommandLineTool.Args a, PrintStream out, String name,
      String command) {
    for (String flag : List.of("rounds", "rho", "migration-node-mibps")) {
      if (a.has(flag)) {
        throw CommandLineTool.usage("--" + flag + " " + a.get(flag) + " applies to --figure "
            + RatioFigure.NAME + " only; drop it");
      }
    }
    Path dir = checked(a, name, List.of("read-order"), "it sweeps its own parameters");
    if (name.equals(DatasetProportionalityFigure.NAME)) {
      for (String flag : List.of("nodes", "blocks", "seed")) {
        if (a.has(flag)) {
          throw CommandLineTool.usage("--" + flag + " " + a.get(flag) + " does not apply to"
              + " --figure " + name + " (it sweeps Rabbit's 14 nodes and larger clusters)");
        }
      }
      return written(out, dir, () -> DatasetProportionalityFigure.write(command, dir));
    }
    int nodes = a.intIn("nodes", "100", 7, 100_000);
    PowerModel model = PowerModel.builder().nodeCount(nodes).activeWatts(25).sleepWatts(1)
        .overheadWatts(40).transitionMs(0).build();
    long blocks = a.longIn("blocks", "100000", 1, 100_000_000);
    long seed = a.longIn("seed", "0", Long.MIN_VALUE, Long.MAX_VALUE);
    return written(out, dir, () -> InaccessibleDataFigure.write(nodes, blocks, seed,
        List.of(1, 2, 3, 5, 7), model, command, dir));
  }

  /** {@code --figure blinkfs-ratio}: Figs 10, 12(b), 13 against ρ. */
  private static int ratio(CommandLineTool.Args a, PrintStream out, String command) {
    Path dir = checked(a, RatioFigure.NAME, List.of("read-order", "nodes", "blocks", "seed"),
        "it runs BlinkFS's 9 nodes, signals and readers");
    int rounds = a.intIn("rounds", "10", 1, 100);
    double node = a.doubleIn("migration-node-mibps", SimCommand.GIGABIT_MIBPS, 0.001, 1e6)
        * SimCommand.MIB_BYTES;
    List<Double> rhos = SimCommand.rhos(a.get("rho", "0.5,1,2,4"));
    return written(out, dir, () -> RatioFigure.write(command,
        RatioFigure.figures(node, RatioFigure.PRICE_BUDGET), rhos, rounds, node, dir));
  }

  /** {@code --figure auto}: the auto goal's grid. */
  private static int auto(CommandLineTool.Args a, PrintStream out, String command) {
    Path dir = checked(a, AutoGoalFigure.NAME,
        List.of("nodes", "rounds", "rho", "migration-node-mibps"), "it sweeps N, r, power and"
        + " transitions itself; only --blocks, the most blocks per case, and --seed), besides"
        + " --read-order; drop it");
    long cap = a.longIn("blocks", Long.toString(AutoGoalFigure.DEFAULT_CAP), 1, 100_000_000);
    long seed = a.longIn("seed", "0", Long.MIN_VALUE, Long.MAX_VALUE);
    return written(out, dir, () -> AutoGoalFigure.write(command, cap, seed,
        SimCommand.readOrder(a), dir, System.err::println));
  }

  /** {@code --figure ups}: the ride-through grid. */
  private static int ups(CommandLineTool.Args a, PrintStream out, String command) {
    Path dir = checked(a, UpsFigure.NAME, List.of("read-order", "nodes", "blocks", "rounds",
        "rho", "migration-node-mibps"), "it sweeps N, capacity and target itself; only"
        + " --seed, the block sample's");
    long seed = a.longIn("seed", "0", Long.MIN_VALUE, Long.MAX_VALUE);
    return written(out, dir, () -> UpsFigure.write(command, seed, dir, System.err::println));
  }

  /**
   * Rejects the run flags and {@code more} for figure {@code name} ({@code why} says what the
   * figure sweeps; a text ending in "drop it" is used as it is), then returns {@code --out}.
   */
  private static Path checked(CommandLineTool.Args a, String name, List<String> more,
      String why) {
    List<String> flags = new ArrayList<>(RUN_FLAGS);
    flags.addAll(more);
    for (String flag : flags) {
      if (a.has(flag)) {
        throw CommandLineTool.usage("--" + flag + " " + a.get(flag) + " does not apply to"
            + " --figure " + name + " (" + why + (why.endsWith("drop it") ? "" : "); drop it"));
      }
    }
    if (!a.has("out")) {
      throw CommandLineTool.usage("--figure " + name + " needs --out DIR, the directory it"
          + " writes");
    }
    return Path.of(a.get("out"));
  }

  private static int written(PrintStream out, Path dir, Writer w) {
    try {
      for (Path f : w.write()) {
        out.println("wrote " + f);
      }
    } catch (IOException e) {
      throw CommandLineTool.usage("--out " + dir + " cannot be written (" + e + "); give a"
          + " directory you can write to");
    }
    return CommandLineTool.EXIT_OK;
  }
}
