package org.blinkhdfs.group;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import org.blinkhdfs.rabbit.dataset.Allocation;
import org.blinkhdfs.rabbit.dataset.ChainPlanner;
import org.blinkhdfs.rabbit.dataset.ExpansionChain;
import org.blinkhdfs.rabbit.dataset.LiveDatasets;
import org.blinkhdfs.rabbit.dataset.NodeAllocator;
import org.blinkhdfs.rabbit.dataset.SharePolicy;

/**
 * Which ring nodes stay ACTIVE when equal work runs k of them and application groups compete
 * (Rabbit §3.4): each live group g gets A(g), nodes from its own expansion chain allocated by
 * {@link NodeAllocator} (fair share, or in proportion to the groups' priorities; each live group
 * at least p nodes when k allows, so none of its blocks is left without a replica on), and the
 * nodes left of k follow the ring's own chain, the chain of files in no group.
 *
 * <p>Why the chains come from the groups document: a group's chain is fixed by its position
 * among all entries ever created, retired ones included ({@link GroupSet}), each planned greedily
 * after the ring's own chain and the entries before it ({@link ChainPlanner}, eqs. 4-5). The
 * NameNode's layout and the scheduler's activation must compute the same chains, and this is
 * the one definition both can call. Only live groups are allocated; a retired entry's chain still
 * counts in the scores of the ones after it.
 *
 * <p>Example (Rabbit Fig. 3 in small, {@code GroupActivationTest}): ring n1..n8, p = 2, groups
 * d1, d2, d3 give chains [n8 n7 n6 n5 n4 n3 n1 n2], [n4 n5 n3 n6 n2 n8 n1 n7], ... after the
 * ring's own [n1 .. n8]. With d1 and d2 live, fair share and k = 4, A(d1) = {n8, n7} and A(d2) =
 * {n4, n5}.
 *
 * <p>Pure and deterministic.
 */
public final class GroupActivation {
  private GroupActivation() {}

  /**
   * The chains of every entry of {@code groups}, by name, planned after the ring's own chain.
   *
   * @throws IllegalArgumentException when the ring is shorter than {@code p}
   */
  public static Map<String, ExpansionChain> chains(List<String> ring, int p, GroupSet groups) {
    Objects.requireNonNull(groups, "groups");
    List<ExpansionChain> planned = new ArrayList<>();
    planned.add(new ExpansionChain(ring, p));
    Map<String, ExpansionChain> out = new LinkedHashMap<>();
    for (Group g : groups.entries()) {
      ExpansionChain c = ChainPlanner.next(ring, planned, p);
      planned.add(c);
      out.put(g.name(), c);
    }
    return out;
  }

  /**
   * The ACTIVE set for {@code k} nodes and the allocation behind it.
   *
   * @param live the groups being read or written now (live entries of {@code groups} only)
   * @return the k nodes in ring order, and A(g) per live group
   */
  public static Result activeNodes(List<String> ring, int p, GroupSet groups, Set<String> live,
      SharePolicy policy, int k) {
    if (k < 0 || k > ring.size()) {
      throw new IllegalArgumentException("active nodes " + k + " must be in 0.." + ring.size()
          + " (the ring size)");
    }
    Map<String, Integer> weights = new LinkedHashMap<>();
    for (String name : live) {
      Group g = groups.get(name).filter(Group::isLive).orElseThrow(() ->
          new IllegalArgumentException("live group '" + name + "' is not a live group of the"
              + " document (revision " + groups.revision() + ")"));
      weights.put(name, g.priority());
    }
    Map<String, ExpansionChain> chains = chains(ring, p, groups);
    Allocation allocation = NodeAllocator.allocate(chains, LiveDatasets.withWeights(weights), k,
        policy, p);
    Set<String> active = new HashSet<>(allocation.activeNodes());
    for (String node : ring) {
      if (active.size() >= k) {
        break;
      }
      active.add(node);
    }
    List<String> ordered = new ArrayList<>();
    for (String node : ring) {
      if (active.contains(node)) {
        ordered.add(node);
      }
    }
    return new Result(List.copyOf(ordered), allocation);
  }

  /**
   * @param active the ACTIVE ring nodes, in ring order
   * @param allocation A(g) of every live group
   */
  public record Result(List<String> active, Allocation allocation) {}
}
