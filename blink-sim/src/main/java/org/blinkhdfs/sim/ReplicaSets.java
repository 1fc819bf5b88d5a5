package org.blinkhdfs.sim;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;
import org.blinkhdfs.layout.LayoutModel;
import org.blinkhdfs.layout.catalog.LayoutCatalog;
import org.blinkhdfs.model.schedule.Schedule;

/**
 * Where the simulator finds a block's replicas: a deterministic function of the block ID, so no
 * block is ever stored (10^7 blocks cost no memory). Either a {@link LayoutModel} of the layout
 * port ({@link LayoutModel#targets}, exactly what the NameNode and the proxy compute) or HDFS's
 * default placement ({@link UniformReplicaSets}).
 *
 * <p>Implementations are immutable and thread-safe.
 */
public interface ReplicaSets {
  /** The name {@code random} of HDFS's default placement. */
  String RANDOM = "random";

  /** Every layout name {@link #byName} accepts. */
  static List<String> names() {
    List<String> out = new ArrayList<>();
    out.add(RANDOM);
    out.addAll(LayoutCatalog.NAMES);
    return List.copyOf(out);
  }

  /** Ring positions of {@code blockId}'s replicas, distinct, in write order. */
  List<Integer> targets(long blockId);

  /**
   * The layout {@code name} with {@code replicas} replicas on {@code ring}'s nodes; layout keys
   * (e.g. {@code blink.equalwork.primaries}) come from {@code lookup} (null: the default).
   *
   * @throws IllegalArgumentException for an unknown name or a replication the layout refuses
   */
  static ReplicaSets byName(String name, Schedule ring, int replicas, long seed,
      Function<String, String> lookup) {
    if (replicas < 1 || replicas > ring.ring().size()) {
      throw new IllegalArgumentException("replication " + replicas + " must be within 1.."
          + ring.ring().size() + " (one replica per node at most)");
    }
    if (name.equals(RANDOM)) {
      return new UniformReplicaSets(ring.ring().size(), replicas, seed);
    }
    if (!LayoutCatalog.NAMES.contains(name)) {
      throw new IllegalArgumentException("'" + name + "' is not a layout: give one of "
          + String.join("|", names()));
    }
    LayoutModel model = LayoutCatalog.byName(name, lookup).apply(ring);
    Optional<String> refusal = model.refusal(replicas);
    if (refusal.isPresent()) {
      throw new IllegalArgumentException("layout " + name + " refuses replication " + replicas
          + ": " + refusal.get());
    }
    return blockId -> model.targets(blockId, replicas);
  }
}
