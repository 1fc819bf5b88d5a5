package org.blinkhdfs.rabbit.dataset;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The datasets of the {@code blink.rabbit.datasets*} keys as a {@link DatasetDirectory}: fixed
 * at NameNode start, so its version is always 0. Chains come from {@link
 * DatasetCatalog#planAfter} (one per configured root, after the ring's own chain), resolution
 * from {@link DatasetResolver} (an override naming no configured dataset is ignored).
 *
 * <p>Immutable and thread-safe.
 */
final class ConfiguredDatasets implements DatasetDirectory {
  private final DatasetConfig config;
  private final DatasetResolver resolver;
  private final Set<String> names;

  ConfiguredDatasets(DatasetConfig config) {
    this.config = config;
    this.resolver = new DatasetResolver(config.roots());
    Set<String> n = new LinkedHashSet<>();
    config.roots().forEach(r -> n.add(r.name()));
    this.names = Set.copyOf(n);
  }

  @Override
  public long version() {
    return 0;
  }

  @Override
  public Map<String, ExpansionChain> chains(List<String> ring, int p) {
    if (config.roots().isEmpty() || ring.size() < p) {
      return Map.of();
    }
    return DatasetCatalog.planAfter(config.roots(), new ExpansionChain(ring, p)).chains();
  }

  @Override
  public Optional<String> resolve(String path, Optional<String> override) {
    return resolver.resolve(path, override);
  }

  @Override
  public Set<String> holding() {
    return names;
  }

  @Override
  public int weight(String dataset) {
    return config.weight(dataset);
  }

  @Override
  public String describe() {
    return config.roots().size() + " datasets of " + DatasetConfig.DATASETS.name() + " "
        + config.roots();
  }
}
