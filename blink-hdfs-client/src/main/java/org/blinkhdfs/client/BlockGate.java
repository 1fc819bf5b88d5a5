package org.blinkhdfs.client;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Supplier;
import org.blinkhdfs.model.schedule.BalancedReadOrder;
import org.blinkhdfs.model.schedule.ReadOrder;
import org.blinkhdfs.model.schedule.ReadOrderMode;
import org.blinkhdfs.model.schedule.Schedule;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Holds a reader back until the block it is about to read has a usable replica: the stateful
 * half of the blink-aware client ({@link ReadWait} is the pure decision). No Hadoop types: the
 * stream adapter hands it the file's blocks as {@link Span}s.
 *
 * <p>Algorithm of {@link #awaitReadable(long) awaitReadable(pos)}:
 *
 * <ol>
 *   <li>Fast path: if {@code pos} lies in the block last found readable and that verdict is less
 *       than {@link #RECHECK_MS} old, return at once (positional reads call this for every
 *       piece; a {@link BlinkInputStream} asks for sequential reads only when they enter a
 *       block). The same holds for "no schedule in force".
 *   <li>Otherwise look up the span covering {@code pos} (re-fetching the span list when it does
 *       not cover {@code pos}, e.g. the file grew, or is older than {@code RECHECK_MS}, so moved
 *       replicas are seen) and ask {@link ReadWait#waitMs} at the current time.
 *   <li>A positive wait is logged once at INFO (file, block, nodes, wait) and slept, without
 *       holding the lock; then the read proceeds without a second look. The block then counts
 *       as readable for {@code RECHECK_MS}, or for a whole bound when the wait ran to the bound
 *       (nothing woke: HDFS gets to try and fail on its own, once, instead of waiting again at
 *       every read call).
 *   <li>Whenever a block is found readable (at once or after the wait), the reader's replica
 *       list for it is put in the schedule's read order ({@link ReplicaOrderer}), so the stream
 *       connects to a replica awake now rather than to the one that was best at open time.
 * </ol>
 *
 * <p>Worked example (interval 60 s, margin 2 s): a sequential reader reaches block 2 of a file
 * at phase 10 s; both replicas sleep until phase 30 s. The gate logs "waiting 20000 ms", sleeps
 * 20 s, returns; the next calls in block 2 take the fast path. Block 3 is checked on arrival.
 *
 * <p>A gate built with the reader's own node (the client runs on a blinking host) waits until
 * the reader and a replica are awake together, not just the replica ({@link ReadWait}).
 *
 * <p>Errors: an interrupted wait restores the interrupt flag and throws {@link
 * InterruptedIOException}; a failure to list the blocks is logged at DEBUG and the read goes on
 * unchecked (HDFS will report the same failure itself).
 *
 * <p>Thread-safe: the cache is guarded by {@code this}; sleeping happens outside the lock, so
 * concurrent positional reads of other blocks are not held up by one waiting reader.
 */
public final class BlockGate {
  /** How long a "readable" verdict or a span list is reused before it is checked again. */
  public static final long RECHECK_MS = 1_000;
  /** How HDFS names a block: this prefix and its ID ({@code Block#getBlockName}). */
  static final String BLOCK_PREFIX = "blk_";

  private static final Logger LOG = LoggerFactory.getLogger(BlockGate.class);

  /**
   * One block of the file: bytes {@code [offset, offset + length)} and the transfer addresses
   * ({@code host:port}) of its replicas. An empty replica list means "do not gate".
   */
  public record Span(String block, long offset, long length, List<String> replicas,
      ReplicaOrderer orderer) {
    public Span {
      Objects.requireNonNull(block, "block");
      replicas = List.copyOf(replicas);
      Objects.requireNonNull(orderer, "orderer");
    }

    /** A span whose reader's replica order is left alone. */
    public Span(String block, long offset, long length, List<String> replicas) {
      this(block, offset, length, replicas, preferred -> { });
    }

    /** The first byte after the block. */
    public long end() {
      return offset + length;
    }

    boolean covers(long pos) {
      return pos >= offset && pos < end();
    }
  }

  /**
   * Puts the reader's replica list of one block into the given order (best first), so that the
   * HDFS stream, which tries replicas in list order when it moves to a block, connects to an
   * awake one. Needed because a stream keeps the order the NameNode gave when the file was
   * opened: by the time a sequential reader reaches block 7 that order is stale, and its first
   * replica may be frozen, which costs a whole sleep or a socket timeout.
   */
  @FunctionalInterface
  public interface ReplicaOrderer {
    void order(List<String> preferred);
  }

  /** Lists the file's blocks in offset order. */
  @FunctionalInterface
  public interface SpanSource {
    List<Span> spans() throws IOException;
  }

  private final String file;
  private final SpanSource source;
  private final Supplier<Optional<Schedule>> schedule;
  private final long minWindowMs;
  private final long marginMs;
  private final WaitClock clock;
  private final String reader;
  private volatile ReadOrderMode readOrder = ReadOrderMode.LONGEST_WINDOW;

  // Guarded by this.
  private List<Span> spans;
  private long spansAtMs;
  private Span clear;
  private long clearUntilMs = Long.MIN_VALUE;
  private long unscheduledUntilMs = Long.MIN_VALUE;
  private long waits;
  private volatile java.util.function.LongConsumer onWait = ms -> { };

  /**
   * @param file a label for log lines (the path)
   * @param schedule the schedule in force now, consulted on every slow-path check
   */
  public BlockGate(String file, SpanSource source, Supplier<Optional<Schedule>> schedule,
      long minWindowMs, long marginMs, WaitClock clock) {
    this(file, source, schedule, minWindowMs, marginMs, clock, null);
  }

  /**
   * A gate for a reader that runs on the schedule's node {@code reader} (its host blinks with
   * it, e.g. a YARN container): waits until the reader and a replica are awake together ({@link
   * ReadWait#waitMs(Schedule, java.util.Collection, String, long, long, long)}).
   *
   * @param reader the reader's node as the schedule names it, or null for a reader that never
   *     sleeps
   */
  public BlockGate(String file, SpanSource source, Supplier<Optional<Schedule>> schedule,
      long minWindowMs, long marginMs, WaitClock clock, String reader) {
    this.reader = reader;
    this.file = Objects.requireNonNull(file, "file");
    this.source = Objects.requireNonNull(source, "source");
    this.schedule = Objects.requireNonNull(schedule, "schedule");
    this.minWindowMs = minWindowMs;
    this.marginMs = marginMs;
    this.clock = Objects.requireNonNull(clock, "clock");
  }

  /**
   * Waits, if the schedule says so, until the block covering {@code pos} can be read.
   *
   * @return the end offset of that block (exclusive), or {@link Long#MAX_VALUE} when unknown
   * @throws InterruptedIOException if interrupted while waiting (the flag is restored)
   */
  public long awaitReadable(long pos) throws InterruptedIOException {
    Plan plan;
    synchronized (this) {
      plan = plan(pos);
    }
    if (plan.waitMs() <= 0) {
      return plan.end();
    }
    Span span = plan.span();
    LOG.info("Waiting {} ms before reading {} of {} at offset {}: its replicas {} are asleep or "
        + "have less than {} ms awake left{} (wait limit {} ms)", plan.waitMs(), span.block(),
        file, pos, span.replicas(), minWindowMs,
        reader == null ? "" : " together with this reader's node " + reader, plan.boundMs());
    try {
      clock.sleepMs(plan.waitMs());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      InterruptedIOException ie = new InterruptedIOException("interrupted while waiting "
          + plan.waitMs() + " ms for a replica of " + span.block() + " of " + file + " on "
          + span.replicas() + " to wake");
      ie.initCause(e);
      throw ie;
    }
    onWait.accept(plan.waitMs());
    synchronized (this) {
      waits++;
      schedule.get().ifPresent(s -> preferAwake(span, s, clock.nowMs()));
      clear = span;
      long hold = plan.waitMs() >= plan.boundMs() ? plan.boundMs() : RECHECK_MS;
      clearUntilMs = clock.nowMs() + hold;
    }
    return plan.end();
  }

  /** Tells {@code listener} the length of every wait this gate sleeps, in ms (metrics). */
  public void onWait(java.util.function.LongConsumer listener) {
    this.onWait = Objects.requireNonNull(listener, "listener");
  }

  /** How many times this gate has waited. */
  public synchronized long waits() {
    return waits;
  }

  private Plan plan(long pos) {
    long now = clock.nowMs();
    if (clear != null && clear.covers(pos) && now < clearUntilMs) {
      return Plan.go(clear.end());
    }
    if (now < unscheduledUntilMs) {
      return Plan.go(Long.MAX_VALUE);
    }
    Optional<Schedule> s = schedule.get();
    if (s.isEmpty()) {
      unscheduledUntilMs = now + RECHECK_MS;
      return Plan.go(Long.MAX_VALUE);
    }
    unscheduledUntilMs = Long.MIN_VALUE;
    Span span = find(pos, now);
    if (span == null) {
      return Plan.go(Long.MAX_VALUE);
    }
    long wait = ReadWait.waitMs(s.get(), span.replicas(), reader, now, minWindowMs, marginMs);
    if (wait == 0) {
      preferAwake(span, s.get(), now);
      clear = span;
      clearUntilMs = now + RECHECK_MS;
      return Plan.go(span.end());
    }
    return new Plan(span, wait, ReadWait.boundMs(s.get(), marginMs), span.end());
  }

  /**
   * Orders the reader's replicas of {@code span} as the NameNode would now: BlinkFS's longest
   * window first, or with {@link ReadOrderMode#BALANCED} the replica its block ID picks among
   * those with room ({@link BalancedReadOrder}), so the re-sort keeps the split instead of
   * sending every block back to the replica awake longest.
   */
  private void preferAwake(Span span, Schedule s, long now) {
    if (span.replicas().size() <= 1) {
      return;
    }
    if (readOrder == ReadOrderMode.BALANCED) {
      String[] order = span.replicas().toArray(new String[0]);
      BalancedReadOrder.sortInPlace(order, order.length, r -> r, s, now, minWindowMs,
          blockId(span.block()));
      span.orderer().order(List.of(order));
    } else {
      span.orderer().order(ReadOrder.sort(span.replicas(), r -> r, s, now, minWindowMs));
    }
  }

  /**
   * The ID in an HDFS block name ({@code blk_1073741825}); another name (a test's) hashes, which
   * still splits blocks evenly enough but not in sequence.
   */
  static long blockId(String block) {
    String digits = block.startsWith(BLOCK_PREFIX) ? block.substring(BLOCK_PREFIX.length()) : "";
    try {
      return Long.parseLong(digits);
    } catch (NumberFormatException e) {
      return block.hashCode();
    }
  }

  /**
   * Which usable replica goes first ({@code blink.read.order}, default longest window).
   *
   * @return this gate
   */
  public BlockGate readOrder(ReadOrderMode mode) {
    this.readOrder = Objects.requireNonNull(mode, "mode");
    return this;
  }

  /** The span covering {@code pos}, re-listing when needed; null if none (EOF, or no list). */
  private Span find(long pos, long now) {
    Span hit = spans == null || now - spansAtMs >= RECHECK_MS ? null : search(spans, pos);
    if (hit != null) {
      return hit;
    }
    try {
      spans = List.copyOf(source.spans());
      spansAtMs = now;
    } catch (IOException | RuntimeException e) {
      LOG.debug("Cannot list the blocks of {}; reading at {} without a schedule check", file, pos,
          e);
      return null;
    }
    return search(spans, pos);
  }

  private static Span search(List<Span> list, long pos) {
    int lo = 0;
    int hi = list.size() - 1;
    while (lo <= hi) {
      int mid = (lo + hi) >>> 1;
      Span s = list.get(mid);
      if (pos < s.offset()) {
        hi = mid - 1;
      } else if (pos >= s.end()) {
        lo = mid + 1;
      } else {
        return s;
      }
    }
    return null;
  }

  private record Plan(Span span, long waitMs, long boundMs, long end) {
    static Plan go(long end) {
      return new Plan(null, 0, 0, end);
    }
  }
}
