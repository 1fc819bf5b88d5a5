package org.blinkhdfs.workload;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;

/**
 * Runs N tasks on N fresh daemon threads, released together, and waits a bounded time for them.
 *
 * <p>Why a start gate: a throughput phase's wall time must start when every thread can issue I/O,
 * not while the pool is still spawning threads. Why a bounded wait: an HDFS call can block on a
 * frozen DataNode; after {@code maxWait} the pool is interrupted ({@code shutdownNow}), given
 * {@link #INTERRUPT_GRACE} to unwind, and whatever has not finished is reported as empty.
 *
 * <p>Stateless; each call uses its own pool, shut down before returning.
 */
final class Parallel {
  static final Duration INTERRUPT_GRACE = Duration.ofSeconds(5);

  private Parallel() {}

  /**
   * Runs the tasks. {@code onRelease} runs on the caller's thread just before the gate opens (to
   * take the phase's start time). A task's unexpected {@code RuntimeException} is rethrown.
   *
   * @return per task, its value, or empty if it had not finished within {@code maxWait} (plus
   *     the grace after interrupting) or the caller was interrupted
   */
  static <T> List<Optional<T>> runAll(String threadPrefix, List<Supplier<T>> tasks,
      Runnable onRelease, Duration maxWait) {
    AtomicInteger n = new AtomicInteger();
    ExecutorService pool = Executors.newFixedThreadPool(Math.max(1, tasks.size()), r -> {
      Thread t = new Thread(r, threadPrefix + "-" + n.getAndIncrement());
      t.setDaemon(true);
      return t;
    });
    CountDownLatch gate = new CountDownLatch(1);
    List<Future<T>> futures = new ArrayList<>();
    for (Supplier<T> task : tasks) {
      futures.add(pool.submit(() -> {
        gate.await();
        return task.get();
      }));
    }
    pool.shutdown();
    onRelease.run();
    gate.countDown();
    try {
      if (!pool.awaitTermination(maxWait.toNanos(), TimeUnit.NANOSECONDS)) {
        pool.shutdownNow();
        pool.awaitTermination(INTERRUPT_GRACE.toNanos(), TimeUnit.NANOSECONDS);
      }
    } catch (InterruptedException e) {
      pool.shutdownNow();
      Thread.currentThread().interrupt();
    }
    List<Optional<T>> out = new ArrayList<>();
    for (Future<T> f : futures) {
      out.add(valueIfDone(f));
    }
    return out;
  }

  private static <T> Optional<T> valueIfDone(Future<T> f) {
    if (!f.isDone() || f.isCancelled()) {
      return Optional.empty();
    }
    try {
      return Optional.ofNullable(f.get());
    } catch (ExecutionException e) {
      if (e.getCause() instanceof InterruptedException) {
        return Optional.empty(); // interrupted at the gate by shutdownNow
      }
      if (e.getCause() instanceof RuntimeException re) {
        throw re;
      }
      throw new IllegalStateException("workload task failed", e.getCause());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return Optional.empty();
    }
  }
}
