package org.blinkhdfs.group;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import org.blinkhdfs.rabbit.dataset.DatasetDirectory;
import org.blinkhdfs.rabbit.dataset.DatasetResolver;
import org.blinkhdfs.rabbit.dataset.ExpansionChain;

/**
 * The application groups as Rabbit's datasets ({@code blink.rabbit.datasets.source = groups}):
 * each group entry is a dataset with its own expansion chain, so equal work lays a group's files
 * out on its chain and the scheduler and the read order can give it its own active nodes A(g).
 *
 * <p>Chains: every entry of the document, retired ones included, in creation order ({@link
 * GroupActivation#chains}); a merged group's chain stays, so blocks written on it stay valid
 * and the chains after it do not move. Resolution: {@link GroupSet#resolve} (the xattr naming a
 * merged group leads to its successor; otherwise the innermost root of a live group). Weights:
 * the groups' priorities. Version: the document's revision, which every edit raises.
 *
 * <p>Example: groups hi (roots /hi, priority 10) and lo (roots /lo) on ring n1..n8 with p = 2:
 * hi's chain is [n8 n7 n6 n5 n4 n3 n1 n2], lo's [n4 n5 n3 n6 n2 n8 n1 n7]; after merging lo
 * into hi, {@code /lo/f} resolves to hi and lo's chain is unchanged.
 *
 * <p>Immutable and thread-safe.
 */
public final class GroupDatasets implements DatasetDirectory {
  private final GroupSet groups;
  private final DatasetResolver resolver;
  private final Set<String> live;

  public GroupDatasets(GroupSet groups) {
    this.groups = Objects.requireNonNull(groups, "groups");
    this.resolver = groups.resolver();
    Set<String> names = new LinkedHashSet<>();
    groups.live().forEach(g -> names.add(g.name()));
    this.live = java.util.Collections.unmodifiableSet(names);
  }

  /** The document behind this directory. */
  public GroupSet groups() {
    return groups;
  }

  @Override
  public long version() {
    return groups.revision();
  }

  @Override
  public Map<String, ExpansionChain> chains(List<String> ring, int p) {
    if (groups.entries().isEmpty() || ring.size() < p) {
      return Map.of();
    }
    return GroupActivation.chains(ring, p, groups);
  }

  @Override
  public Optional<String> resolve(String path, Optional<String> override) {
    return groups.resolve(resolver, path, override).map(Group::name);
  }

  @Override
  public Set<String> holding() {
    return live;
  }

  @Override
  public int weight(String dataset) {
    return groups.get(dataset).map(Group::priority).orElse(Group.DEFAULT_PRIORITY);
  }

  @Override
  public String describe() {
    return "application groups at revision " + groups.revision() + " " + live;
  }
}
