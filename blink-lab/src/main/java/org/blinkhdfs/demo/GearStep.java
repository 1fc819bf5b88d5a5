package org.blinkhdfs.demo;

import java.util.List;
import java.util.Set;
import java.util.function.Consumer;
import org.blinkhdfs.bench.math.GearPower;
import org.blinkhdfs.bench.math.ReadLoad;
import org.blinkhdfs.bench.math.SteadyNodes;
import org.blinkhdfs.bench.report.Check;
import org.blinkhdfs.model.power.PowerModel;
import org.blinkhdfs.model.schedule.Schedule;

/**
 * Enters one gear of a Rabbit layout for a read (Le et al. Fig 3), for both {@code bench gears}
 * and {@code bench dfsio --gears}: the activation policy at the smallest whole power percent that
 * affords exactly n nodes ({@link GearPower}), then a check from the NameNode's block locations
 * that every block has a replica on the n ACTIVE nodes; without one a read would wait for ever,
 * so the caller skips it.
 *
 * @param schedule the schedule in force for the gear
 * @param percent the power percent that affords the gear
 * @param covered whether every block has a replica on the ACTIVE nodes
 */
record GearStep(Schedule schedule, int percent, boolean covered) {
  /**
   * Enters gear {@code n}, adds the coverage check to {@code checks} and a line to {@code
   * progress}.
   *
   * @param holders every block's replica holders, as {@link Expectations#holders} reports them
   */
  static GearStep enter(PowerSteps steps, PowerModel model, int n, List<List<String>> holders,
      String label, List<Check> checks, Consumer<String> progress) throws InterruptedException {
    int percent = GearPower.percentFor(model, n);
    Schedule s = steps.enterGear(percent, n);
    Set<String> on = SteadyNodes.serving(s).orElseThrow();
    int uncovered = ReadLoad.uncovered(holders, on);
    String name = "every block readable with " + n + " nodes on (" + label + ")";
    checks.add(uncovered == 0
        ? Check.pass(name, holders.size() + " blocks, each with a replica on the first " + n
            + " chain nodes")
        : Check.fail(name, uncovered + " of " + holders.size() + " blocks have no replica on the"
            + " first " + n + " chain nodes; the read was skipped (it would wait for ever)"));
    progress.accept(label + " gear " + n + ": " + percent + "% power, epoch " + s.epoch() + ", "
        + SteadyNodes.servingRingNodes(s) + " ring nodes ACTIVE");
    if (uncovered > 0) {
      progress.accept("  gear " + n + ": " + uncovered + " of " + holders.size()
          + " blocks have no replica on the ACTIVE nodes; read skipped (see the checks)");
    }
    return new GearStep(s, percent, uncovered == 0);
  }
}
