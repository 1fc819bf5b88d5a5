package org.blinkhdfs.model.schedule;

/**
 * Where a process gets the schedule it acts on: a file ({@link ScheduleFileSource}, {@code
 * blink.schedule.file}) or the scheduler daemon ({@code org.blinkhdfs.model.wire.SchedulerSource},
 * {@code blink.scheduler.address}). Consumers (the NameNode's placement policy, read topology and
 * plugin, the blink-aware client) see only this, so both sources share one state model: every
 * status but {@link ScheduleState.Status#OK} means "everyone awake".
 *
 * <p>Implementations are thread-safe, never block a caller of {@link #state()} on I/O for long
 * (callers include NameNode RPC handlers holding the namesystem lock), and log each change of
 * state once, not per call.
 */
public interface ScheduleSource extends AutoCloseable {
  /** The schedule in force now, or why there is none. */
  ScheduleState state();

  /**
   * The schedule in force at {@code nowMs}, a time the caller has just read from the clock the
   * source judges by (the system clock in a NameNode): the same answer as {@link #state()} then,
   * for a caller that needs the time anyway. A NameNode sorts every block it returns to a
   * reader by the schedule, and one read of the clock is a measurable part of that sort.
   */
  ScheduleState state(long nowMs);

  /** What this source follows, for logs and metrics, e.g. {@code scheduler 10.0.0.5:9877}. */
  String describe();

  /** Releases what the source holds (a polling thread); {@link #state()} keeps answering. */
  @Override
  default void close() {}
}
