package org.blinkhdfs.group;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;
import org.blinkhdfs.group.GroupReplicationPlanner.Quality;
import org.blinkhdfs.layout.LayoutModel;
import org.blinkhdfs.model.availability.BlockAvailability;
import org.blinkhdfs.model.availability.WaitQuantile;
import org.blinkhdfs.model.schedule.ActiveWindow;
import org.blinkhdfs.model.schedule.Schedule;

/**
 * What a group's reads would see at each replication under the schedule in force: the input of
 * {@link GroupReplicationPlanner}.
 *
 * <p>Why the layout decides: raising a file's replication does not add replicas anywhere, the
 * placement policy puts them at the layout's next positions for the block ({@link
 * LayoutModel#check} of the held positions at the higher count: its {@code layout}). So the
 * prediction for r replicas takes each sampled block's held ring positions, asks the layout where
 * r replicas would be, and measures those nodes' windows with the exact {@link BlockAvailability}
 * and {@link WaitQuantile} (p90). Each window is first shortened by the readers' minimum read
 * window ({@code blink.read.min.window.ms}, {@link ActiveWindow#readable}): a reader does not
 * start a read on a replica whose window closes sooner, so that part of the window serves it
 * nothing. Holders off the ring (staging nodes, whose copies are moved away) are left out; a
 * replication the layout refuses on this ring ends the range.
 *
 * <p>Example ({@code GroupQualityTest}, no minimum read window): 6 ring nodes each awake 1 s of
 * 6 s in turn; a block on
 * positions 0 and 3 has two 2 s gaps, so {@code P(wait > w) = 2·(2000 − w)/6000} is 0.1 at a p90
 * of 1700 ms, and some replica is awake 1/3 of the time; each replica the layout adds shortens
 * the gaps, and six cover the interval (p90 0).
 *
 * <p>Stateless.
 */
public final class GroupQuality {
  private GroupQuality() {}

  /**
   * Quality at each replication from {@code base} to {@code most} (both clamped to what the
   * layout accepts on the schedule's ring), over blocks held by {@code holders} (per block, the
   * transfer addresses of its replicas), each window shortened by {@code minReadWindowMs}.
   *
   * @return empty when no block has a replica on the ring, or no replication in range is accepted
   */
  public static SortedMap<Integer, Quality> of(Schedule schedule, LayoutModel layout,
      List<List<String>> holders, int base, int most, long minReadWindowMs) {
    List<String> ring = schedule.ring();
    Map<String, Integer> position = new HashMap<>();
    for (int i = 0; i < ring.size(); i++) {
      position.put(ring.get(i), i);
    }
    List<List<Integer>> held = new ArrayList<>();
    for (List<String> block : holders) {
      List<Integer> p = new ArrayList<>();
      for (String node : block) {
        Integer i = position.get(node);
        if (i != null) {
          p.add(i);
        }
      }
      if (!p.isEmpty()) {
        held.add(p);
      }
    }
    SortedMap<Integer, Quality> out = new TreeMap<>();
    if (held.isEmpty()) {
      return out;
    }
    for (int r = Math.max(1, base); r <= Math.min(most, ring.size()); r++) {
      if (layout.refusal(r).isPresent()) {
        break;
      }
      List<BlockAvailability> blocks = new ArrayList<>();
      for (List<Integer> p : held) {
        List<ActiveWindow> windows = new ArrayList<>();
        for (int pos : layout.check(p, r).layout()) {
          windows.add(schedule.window(ring.get(pos)).readable(minReadWindowMs));
        }
        blocks.add(BlockAvailability.of(windows));
      }
      out.put(r, new Quality(WaitQuantile.of(blocks, 0.9), WaitQuantile.minAvailable(blocks)));
    }
    return out;
  }
}
