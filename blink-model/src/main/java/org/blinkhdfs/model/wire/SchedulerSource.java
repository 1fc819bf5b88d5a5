package org.blinkhdfs.model.wire;

import java.io.IOException;
import java.time.Clock;
import java.util.Objects;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;
import org.blinkhdfs.model.schedule.ScheduleSource;
import org.blinkhdfs.model.schedule.ScheduleState;
import org.blinkhdfs.model.schedule.ScheduleState.Status;
import org.blinkhdfs.model.wire.LastFetch.Outcome;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Follows the scheduler daemon's schedule ({@code blink.scheduler.address}, {@code GET
 * /v1/schedule}) for the NameNode and anything else that needs the schedule in force.
 *
 * <p>Why a polling thread, unlike {@link org.blinkhdfs.model.schedule.ScheduleFileSource}: a fetch
 * can take up to the HTTP timeout, and the readers are NameNode RPC handlers, some holding the
 * namesystem lock. So one daemon thread fetches every {@code pollMs} (fixed delay: the next fetch
 * starts {@code pollMs} after the previous one ended) and publishes an immutable snapshot;
 * {@link #state()} reads it and the clock, and never waits on the network. The lease is judged when
 * the state is read, so a schedule expires at its {@code validUntilMs} to the millisecond however
 * long a fetch hangs.
 *
 * <p>Cases (the same state model as the file source; every status but OK means everyone awake):
 *
 * <table>
 *   <caption>latest fetch, schedule held and state</caption>
 *   <tr><th>latest fetch</th><th>held</th><th>state</th></tr>
 *   <tr><td>none finished yet</td><td>none</td><td>MISSING</td></tr>
 *   <tr><td>200, valid schedule</td><td>that schedule</td><td>OK, or EXPIRED once its lease
 *       ended (a fresh but expired schedule means the two clocks disagree)</td></tr>
 *   <tr><td>404 (nothing published)</td><td>none (dropped)</td><td>MISSING</td></tr>
 *   <tr><td>unreachable, timeout, other status</td><td>kept</td><td>OK until the kept lease ends,
 *       then EXPIRED; MISSING if none held</td></tr>
 *   <tr><td>200 with an unusable body</td><td>kept</td><td>as above; INVALID if none held</td></tr>
 * </table>
 *
 * <p>Reporting: each change of (status, latest fetch outcome) is reported once, never per poll
 * or per read. A scheduler that stays down gives two warnings in all: one when contact is lost
 * (the held schedule is still followed) and one when its lease ends (everyone awake); the first
 * good answer after that is one info line.
 *
 * <p>Worked example: lease 180 s, poll 1 s. Epoch 7 arrives at t = 0 with validUntilMs = 180 s;
 * the scheduler dies at t = 10 s. From t = 11 s fetches fail: the state stays OK (epoch 7), one
 * warning. At t = 180 s it turns EXPIRED, one warning. The scheduler returns at t = 300 s: the next
 * fetch brings its new epoch, state OK, one info line. Keep {@code pollMs} well below the
 * scheduler's lease, or schedules expire between fetches.
 *
 * <p>Thread-safe: {@link #state()} is lock-free; {@link #poll()} runs one fetch at a time.
 */
public final class SchedulerSource implements ScheduleSource {
  private static final Logger LOG = LoggerFactory.getLogger(SchedulerSource.class);

  /** Whether a transition calls for an operator's attention. */
  public enum Severity {
    INFO,
    WARNING
  }

  /** One reported change of state. */
  public record Transition(Severity severity, ScheduleState state) {}

  /** The latest fetch with its state, and when that state must be recomputed (lease end). */
  private record Snapshot(LastFetch fetch, ScheduleState state, long recheckAtMs) {}

  /** The (status, outcome) pair last reported. */
  private record Reported(Status status, Outcome outcome) {}

  private final ScheduleClient client;
  private final String origin;
  private final Clock clock;
  private final Consumer<Transition> reporter;
  private final Object pollLock = new Object();
  private final Object reportLock = new Object();
  private final AtomicReference<Snapshot> snapshot;
  private volatile Reported reported = new Reported(Status.MISSING, Outcome.NOT_YET);
  private ScheduledExecutorService poller; // guarded by this

  /**
   * A source that fetches only when {@link #poll()} is called; {@link #startPolling} adds the
   * thread.
   *
   * @param client the fetch, normally an {@link HttpScheduleClient}
   * @param address the scheduler's {@code host:port}, for messages
   * @param clock judges leases
   * @param reporter receives each transition once; {@link #log} writes them to the log
   */
  public SchedulerSource(ScheduleClient client, String address, Clock clock,
      Consumer<Transition> reporter) {
    this.client = Objects.requireNonNull(client, "client");
    this.origin = "scheduler " + Objects.requireNonNull(address, "address");
    this.clock = Objects.requireNonNull(clock, "clock");
    this.reporter = Objects.requireNonNull(reporter, "reporter");
    this.snapshot = new AtomicReference<>(snapshotOf(LastFetch.NOT_YET, clock.millis()));
  }

  /**
   * The NameNode's source: {@code GET http://address/v1/schedule} every {@code pollMs} on a
   * daemon thread, each call bounded by {@code timeoutMs}, transitions logged.
   */
  public static SchedulerSource polling(String address, long pollMs, int timeoutMs,
      Clock clock) {
    return polling(address, pollMs, timeoutMs, clock, HttpAuthenticator.processUser());
  }

  /** {@link #polling(String, long, int, Clock)} authenticating with {@code authenticator}. */
  public static SchedulerSource polling(String address, long pollMs, int timeoutMs,
      Clock clock, HttpAuthenticator authenticator) {
    return polling(new SchedulerHttp(address, timeoutMs).withAuthenticator(authenticator),
        pollMs, clock);
  }

  /**
   * The NameNode's source through {@code http}, a client with its identity and, for an {@code
   * https://} scheduler, its pinned certificate.
   */
  public static SchedulerSource polling(SchedulerHttp http, long pollMs, Clock clock) {
    SchedulerSource s = new SchedulerSource(new HttpScheduleClient(http), http.address(), clock,
        SchedulerSource::log);
    return s.startPolling(pollMs);
  }

  /** Writes a transition to this class's log: info when following a fresh schedule, else warn. */
  public static void log(Transition t) {
    if (t.severity() == Severity.INFO) {
      LOG.info("Using {}", t.state().detail());
    } else {
      LOG.warn("{}", t.state().detail());
    }
  }

  /** Starts the daemon thread: a fetch now, then one {@code pollMs} after each ends. */
  public synchronized SchedulerSource startPolling(long pollMs) {
    if (pollMs < 1) {
      throw new IllegalArgumentException("pollMs must be >= 1, got " + pollMs);
    }
    if (poller != null) {
      throw new IllegalStateException(origin + ": polling was already started");
    }
    poller = Executors.newSingleThreadScheduledExecutor(r -> {
      Thread t = new Thread(r, "blink-schedule-poller " + origin);
      t.setDaemon(true);
      return t;
    });
    poller.scheduleWithFixedDelay(this::poll, 0, pollMs, TimeUnit.MILLISECONDS);
    return this;
  }

  /** One fetch, bounded by the client's timeout; never throws. */
  public void poll() {
    synchronized (pollLock) {
      LastFetch next = fetchAfter(snapshot.get().fetch());
      Snapshot s = snapshotOf(next, clock.millis());
      snapshot.set(s);
      report(s);
    }
  }

  @Override
  public ScheduleState state() {
    return state(clock.millis());
  }

  @Override
  public ScheduleState state(long now) {
    Snapshot s = snapshot.get();
    if (now >= s.recheckAtMs()) {
      Snapshot expired = snapshotOf(s.fetch(), now);
      s = snapshot.compareAndSet(s, expired) ? expired : snapshot.get();
    }
    report(s);
    return s.state();
  }

  @Override
  public String describe() {
    return origin;
  }

  /** Stops the polling thread; {@link #state()} keeps answering from the last fetch. */
  @Override
  public synchronized void close() {
    if (poller != null) {
      poller.shutdownNow();
    }
  }

  private LastFetch fetchAfter(LastFetch previous) {
    try {
      return client.fetch().map(LastFetch::received).orElse(LastFetch.NONE_PUBLISHED);
    } catch (InvalidAnswerException e) {
      return previous.failed(Outcome.INVALID_ANSWER, e.getMessage());
    } catch (IOException e) {
      return previous.failed(Outcome.FAILED, e.getMessage());
    } catch (RuntimeException e) {
      // A client that throws (a bad document from a non-HTTP client, a bug) must not end the
      // polling thread: a scheduled task that throws is never run again.
      return previous.failed(Outcome.INVALID_ANSWER, e.toString());
    }
  }

  private Snapshot snapshotOf(LastFetch fetch, long nowMs) {
    ScheduleState s = fetch.stateAt(nowMs, origin);
    long recheck = s.status() == Status.OK
        ? s.schedule().get().validUntilMs().orElse(Long.MAX_VALUE) : Long.MAX_VALUE;
    return new Snapshot(fetch, s, recheck);
  }

  private void report(Snapshot s) {
    Reported r = reported;
    Outcome outcome = s.fetch().outcome();
    if (r.status() == s.state().status() && r.outcome() == outcome) {
      return;
    }
    synchronized (reportLock) {
      r = reported;
      if (r.status() == s.state().status() && r.outcome() == outcome) {
        return;
      }
      reported = new Reported(s.state().status(), outcome);
      Severity sev = s.state().status() == Status.OK && s.fetch().answered()
          ? Severity.INFO : Severity.WARNING;
      reporter.accept(new Transition(sev, s.state()));
    }
  }
}
