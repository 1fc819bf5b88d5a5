package org.blinkhdfs.rabbit.dataset;

import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import org.blinkhdfs.layout.LayoutCheck;
import org.blinkhdfs.layout.LayoutModel;
import org.blinkhdfs.layout.NewBlockView;

/**
 * The layouts of every dataset on one ring, as one {@link LayoutModel}: Rabbit §3.4's overlaid
 * datasets, each with its own expansion chain, plus the default layout of files in no dataset.
 *
 * <p>New blocks ({@link #forFile}): the file's dataset ({@code datasetOf}, the NameNode's
 * resolution of configured roots and the xattr) picks its layout; a file in no dataset gets the
 * default one.
 *
 * <p>Later steps see no path, only replica positions. {@link #check} compares the holders with
 * every member layout and keeps the best fit: fewest missing positions, then fewest extra, then
 * the earlier member (the default first, then datasets in configuration order). {@link
 * #deletionOrder} follows the same member. Why this never makes correction fight a layout:
 *
 * <ul>
 *   <li>a block on any member's layout is perfect in that member, and nothing beats (0, 0), so
 *       the block is left alone (this is the contract of {@link LayoutModel});
 *   <li>a correction copies the block to a missing position of the chosen member and then
 *       deletes an extra replica, which lowers that member's missing count by one; the best
 *       missing count over all members therefore strictly falls with each correction, so a block
 *       reaches a perfect layout in finitely many steps, never cycling between two datasets.
 * </ul>
 * A block may so end on another dataset's layout than its file's (say, its secondary was
 * offloaded and the survivor is a primary of both); it is then still a valid equal-work layout,
 * only counted in another chain's share.
 *
 * <p>Refusal: all members have the same chain length and p, so they accept the same
 * replications; the first refusal found is reported.
 *
 * <p>Example (8 nodes, p = 2, r = 2; default chain n1..n8, dataset {@code a}'s chain n8 n7 ...):
 * a block of {@code /a/f} is drawn from a's layout, e.g. [n7, n3]; {@code check({n7, n3})} finds
 * it perfect in a; {@code check({n7, n3, n5})} keeps a (nothing missing, one extra: a's
 * layout [n7, n5] leaves n3, which is deleted first).
 *
 * <p>Thread-safe: immutable; the members are thread-safe and {@code datasetOf} must be.
 */
public final class DatasetLayoutModel implements LayoutModel {
  private final LayoutModel fallback;
  private final Map<String, LayoutModel> byDataset;
  private final Function<String, Optional<String>> datasetOf;
  /** The default layout, then the datasets' in configuration order. */
  private final List<LayoutModel> members;

  /**
   * @param fallback the layout of files in no dataset
   * @param byDataset every dataset's layout, in configuration order
   * @param datasetOf the dataset of a new block's file, by path
   */
  public DatasetLayoutModel(LayoutModel fallback, Map<String, LayoutModel> byDataset,
      Function<String, Optional<String>> datasetOf) {
    this.fallback = fallback;
    this.byDataset = new LinkedHashMap<>(byDataset);
    this.datasetOf = datasetOf;
    List<LayoutModel> all = new ArrayList<>(byDataset.size() + 1);
    all.add(fallback);
    all.addAll(this.byDataset.values());
    this.members = List.copyOf(all);
  }

  @Override
  public String name() {
    return fallback.name();
  }

  @Override
  public Optional<String> refusal(int replicas) {
    for (LayoutModel m : members) {
      Optional<String> why = m.refusal(replicas);
      if (why.isPresent()) {
        return why;
      }
    }
    return Optional.empty();
  }

  @Override
  public LayoutModel forFile(String srcPath) {
    return datasetOf.apply(srcPath).map(byDataset::get).orElse(fallback);
  }

  @Override
  public List<Integer> newBlock(int replicas, NewBlockView view) {
    return fallback.newBlock(replicas, view);
  }

  /** The default layout's: a block ID names no file, so no dataset. */
  @Override
  public List<Integer> targets(long blockId, int replicas) {
    return fallback.targets(blockId, replicas);
  }

  @Override
  public LayoutCheck check(Collection<Integer> held, int replicas) {
    return best(held, replicas).check;
  }

  @Override
  public List<Integer> deletionOrder(Collection<Integer> held, int replicas) {
    return best(held, replicas).model.deletionOrder(held, replicas);
  }

  /** The name of the member that fits {@code held} best: a dataset, or empty for the default. */
  public Optional<String> bestFitName(Collection<Integer> held, int replicas) {
    LayoutModel m = best(held, replicas).model;
    return byDataset.entrySet().stream().filter(e -> e.getValue() == m).map(Map.Entry::getKey)
        .findFirst();
  }

  private Fit best(Collection<Integer> held, int replicas) {
    Fit best = null;
    for (LayoutModel m : members) {
      LayoutCheck c = m.check(held, replicas);
      if (best == null || c.missing().size() < best.check.missing().size()
          || (c.missing().size() == best.check.missing().size()
              && c.extra().size() < best.check.extra().size())) {
        best = new Fit(m, c);
      }
      if (c.isPerfect()) {
        break;
      }
    }
    return best;
  }

  private record Fit(LayoutModel model, LayoutCheck check) {}
}
