package org.blinkhdfs.bench.availability;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.OptionalLong;
import java.util.Random;
import org.blinkhdfs.model.availability.BlockAvailability;
import org.blinkhdfs.model.schedule.ActiveWindow;

/**
 * Expected read wait of a blocking client, the way BlinkFS's latency benchmark reads: one
 * request at a time, a think time drawn from an exponential distribution between the end of one
 * request and the start of the next, each request for a block drawn uniformly from a set.
 *
 * <p>Why not {@link ExpectedReadWait}: that is the wait of a read arriving at a uniformly random
 * phase. A blocking client is not such a read. After a wait it sits at the start of a window,
 * and with a short think time its next requests land in the same window and wait nothing. So
 * its mean wait is lower than the time average.
 *
 * <p>Example: one replica awake [0, 3 s) of a 6 s interval, no think time, 1 s per request. The
 * requests start at phases 0, 1, 2 and 3 s. The one at 3 s waits 3 s and ends at 7 s, which is
 * phase 1 s; from then on the four phases 1, 2, 3 s and, after a 3 s wait, 1 s again repeat,
 * with one wait of 3 s in every three requests. The random-phase expectation is 3²/(2·6) =
 * 0.75 s.
 *
 * <p>Algorithm: simulate {@code requests} requests on a virtual clock with the injected
 * {@link Random}. Blocks with no replica ever awake are skipped (their wait is unbounded; see
 * {@link ExpectedReadWait#of} for how many there are). Deterministic for a seed; stateless.
 */
public final class ClosedLoopReadWait {
  /** More requests than this are a typo. */
  public static final int MAX_REQUESTS = 10_000_000;

  private ClosedLoopReadWait() {}

  /**
   * Mean wait in ms per request.
   *
   * @param windows each node's awake window, by name
   * @param sets the blocks the client reads from, one replica set each, drawn uniformly
   * @param thinkMeanMs mean of the exponential pause before each request (0 for none)
   * @param serviceMs time a request takes once a replica is awake
   * @param requests simulated requests, 1..{@value #MAX_REQUESTS}
   */
  public static double meanWaitMs(Map<String, ActiveWindow> windows, List<ReplicaSet> sets,
      double thinkMeanMs, double serviceMs, int requests, Random random) {
    Objects.requireNonNull(random, "random");
    if (sets.isEmpty() || requests < 1 || requests > MAX_REQUESTS || !(thinkMeanMs >= 0)
        || !(serviceMs >= 0)) {
      throw new IllegalArgumentException("need at least one replica set, 1.." + MAX_REQUESTS
          + " requests and non-negative think and service times; got " + sets.size() + " sets, "
          + requests + " requests, think " + thinkMeanMs + " ms, service " + serviceMs + " ms");
    }
    List<BlockAvailability> blocks = new ArrayList<>();
    for (int i = 0; i < sets.size(); i++) {
      BlockAvailability a = BlockAvailability.of(
          ExpectedReadWait.lookup(windows, sets.get(i).nodes(), "sets[" + i + "]"));
      if (!a.neverAvailable()) {
        blocks.add(a);
      }
    }
    if (blocks.isEmpty()) {
      throw new IllegalArgumentException("no block is ever awake: the wait is unbounded");
    }
    double t = 0;
    double waited = 0;
    for (int n = 0; n < requests; n++) {
      t += thinkMeanMs == 0 ? 0 : -thinkMeanMs * Math.log(1 - random.nextDouble());
      BlockAvailability b = blocks.get(random.nextInt(blocks.size()));
      OptionalLong wait = b.waitMs((long) Math.floor(t));
      long w = wait.getAsLong();
      waited += w;
      t += w + serviceMs;
    }
    return waited / requests;
  }
}
