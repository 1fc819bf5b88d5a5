package org.blinkhdfs.rabbit.balance;

import java.lang.ref.WeakReference;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * Decides which of a NameNode handler thread's replica choices are reads to count, so the
 * hit-ratio balancer (and the per-dataset served counts of the read order) learn each block read
 * once.
 *
 * <h2>Why</h2>
 * The balancer runs where the NameNode sorts a block's replicas for a reader, and it sees only
 * the replicas, never the block. HDFS 3.5's {@code FSNamesystem#getBlockLocations} sorts every
 * block of the requested range and then sorts the file's last block <em>again</em>, as a separate
 * {@code LocatedBlock} ({@code LocatedBlocks#getLastLocatedBlock}, which a reader of a closed
 * file does not use). For a file of one block every read would count twice, and the second,
 * phantom, choice would tend to go to the other replica and skew the counts.
 *
 * <h2>Rule</h2>
 * A choice is identified by its RPC call (compared by identity and held weakly, so a finished
 * call's buffers are not kept alive; {@code null} outside an RPC) and its candidate nodes (as a
 * set). The last-block sort is always the <em>last</em> sort of its
 * call, and always repeats the candidates of the sort just before it when the range included the
 * last block. So:
 * <ol>
 *   <li>a choice in another call than the previous one, or outside any RPC, counts at once;
 *   <li>a choice whose call and candidates equal the previous choice's is held back;
 *   <li>a held-back choice counts when another choice of the <em>same</em> call follows (it was
 *       a real block, the next of the range, that happened to have the same replicas), and is
 *       dropped when the next choice belongs to another call (it was the last-block repeat).
 * </ol>
 * This is exact for HDFS 3.5's call sequence; the cost is that a held-back real read is counted
 * one sort late.
 *
 * <h2>Example</h2>
 * Call 1 returns a one-block file: sorts {A, C} → counted; {A, C} again (the last block) → held.
 * Call 2: {B, D} → the held choice is dropped; {B, D} counted. Call 3 returns blocks {A, C},
 * {A, C}, {B, E} and the last block {B, E}: counted, held, (held counted) counted, held (dropped
 * by the next call).
 *
 * <p>One instance per handler thread; not thread-safe.
 */
public final class CallReadLog {
  /**
   * One replica choice: the candidates offered, the node chosen and what counting it does (e.g.
   * {@link HitRatioBalancer#record}, or a per-node served count).
   */
  public record Read(List<String> candidates, String chosen, Runnable counter) {
    public Read {
      candidates = List.copyOf(candidates);
      Objects.requireNonNull(chosen, "chosen must not be null");
      Objects.requireNonNull(counter, "counter must not be null");
    }

    /** Counts this read (runs its counter). */
    public void count() {
      counter.run();
    }

    boolean sameCandidates(Read other) {
      return candidates.size() == other.candidates.size()
          && candidates.containsAll(other.candidates) && other.candidates.containsAll(candidates);
    }
  }

  private WeakReference<Object> lastCall = new WeakReference<>(null);
  private Read last;
  private Read held;

  /**
   * Logs {@code read}, chosen during {@code call}, and returns the reads to count now, oldest
   * first: none, this one, a held-back one, or a held-back one and this one.
   *
   * @param call the RPC call being served (identity matters), or null outside an RPC
   */
  public List<Read> next(Object call, Read read) {
    Objects.requireNonNull(read, "read must not be null");
    List<Read> count = new ArrayList<>(2);
    boolean sameCall = call != null && call == lastCall.get();
    if (held != null && sameCall) {
      count.add(held);
    }
    held = null;
    if (sameCall && read.sameCandidates(last)) {
      held = read;
    } else {
      count.add(read);
    }
    lastCall = new WeakReference<>(call);
    last = read;
    return count;
  }
}
