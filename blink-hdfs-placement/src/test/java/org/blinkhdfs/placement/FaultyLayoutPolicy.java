package org.blinkhdfs.placement;

import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Function;
import org.apache.hadoop.conf.Configuration;
import org.blinkhdfs.layout.LayoutCheck;
import org.blinkhdfs.layout.LayoutModel;
import org.blinkhdfs.layout.NewBlockView;
import org.blinkhdfs.model.schedule.Schedule;

/**
 * The power-balanced policy whose layout throws while {@link #FAULTS} is on: the seam through
 * which {@link PolicyFailureTest} injects a bug into the policy inside a real NameNode. HDFS
 * builds the policy by reflection from a class name, so the switch is a static flag (test code
 * only; one test uses it at a time).
 */
public class FaultyLayoutPolicy extends PowerBalancedBlockPlacementPolicy {
  static final AtomicBoolean FAULTS = new AtomicBoolean();

  @Override
  protected Function<Schedule, LayoutModel> layouts(Configuration conf) {
    Function<Schedule, LayoutModel> real = super.layouts(conf);
    return schedule -> new Faulty(real.apply(schedule));
  }

  private static final class Faulty implements LayoutModel {
    private final LayoutModel real;

    Faulty(LayoutModel real) {
      this.real = real;
    }

    private static void maybeFail(String method) {
      if (FAULTS.get()) {
        throw new IllegalStateException("injected fault in " + method);
      }
    }

    @Override
    public String name() {
      return real.name();
    }

    @Override
    public Optional<String> refusal(int replicas) {
      return real.refusal(replicas);
    }

    @Override
    public List<Integer> newBlock(int replicas, NewBlockView view) {
      maybeFail("newBlock");
      return real.newBlock(replicas, view);
    }

    @Override
    public List<Integer> targets(long blockId, int replicas) {
      maybeFail("targets");
      return real.targets(blockId, replicas);
    }

    @Override
    public LayoutCheck check(Collection<Integer> held, int replicas) {
      maybeFail("check");
      return real.check(held, replicas);
    }

    @Override
    public List<Integer> deletionOrder(Collection<Integer> held, int replicas) {
      maybeFail("deletionOrder");
      return real.deletionOrder(held, replicas);
    }
  }
}
