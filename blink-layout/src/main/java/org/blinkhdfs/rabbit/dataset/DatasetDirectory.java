package org.blinkhdfs.rabbit.dataset;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The datasets equal work lays out and shares nodes among (Rabbit §3.4), whatever defines them:
 * the static {@code blink.rabbit.datasets} keys ({@link #of(DatasetConfig)}), or the application
 * groups document, which changes at run time ({@code org.blinkhdfs.group.GroupDatasets}).
 *
 * <p><b>Why one port.</b> The NameNode's layout, its read order, its dataset metrics and the
 * scheduler's activation must all agree on the same chains and the same resolution; each asks
 * a directory rather than parsing a source of its own. A directory is an immutable snapshot;
 * {@link #version()} changes whenever the chains, the resolution or the weights may have
 * changed, so callers rebuild what they cached from it.
 *
 * <p><b>Chains.</b> {@link #chains} has an entry for every dataset ever stored under this
 * definition, in order, planned greedily after the ring's own chain ({@link ChainPlanner}):
 * including datasets that hold no files any more (a merged application group), because an
 * entry's chain fixes the chains after it and the blocks written on it.
 *
 * <p>Implementations are immutable and thread-safe.
 */
public interface DatasetDirectory {
  /** Changes whenever chains, resolution or weights may differ from an earlier snapshot. */
  long version();

  /**
   * Every stored dataset's chain on {@code ring} with {@code p} primaries, in order; empty when
   * there are none or the ring is shorter than p (then the layout refuses every block anyway).
   */
  Map<String, ExpansionChain> chains(List<String> ring, int p);

  /**
   * The dataset that holds the file at {@code path} now, given the file's (or nearest ancestor's)
   * {@value DatasetResolver#OVERRIDE_XATTR} value; always one of {@link #holding()}.
   */
  Optional<String> resolve(String path, Optional<String> override);

  /** The datasets that hold files now (a subset of the chains' names), in order. */
  Set<String> holding();

  /** The priority weight of {@code dataset}, 1..{@link LiveDatasets#MAX_WEIGHT}. */
  int weight(String dataset);

  /** A one-line description for logs and metrics, e.g. {@code 2 datasets (blink.rabbit...)}. */
  String describe();

  /** The datasets of the {@code blink.rabbit.datasets*} keys; version 0, they never change. */
  static DatasetDirectory of(DatasetConfig config) {
    return new ConfiguredDatasets(config);
  }
}
