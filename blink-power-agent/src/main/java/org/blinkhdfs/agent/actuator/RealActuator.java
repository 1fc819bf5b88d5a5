package org.blinkhdfs.agent.actuator;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalLong;
import org.blinkhdfs.control.agent.Actuator;
import org.blinkhdfs.control.agent.ActuatorException;
import org.blinkhdfs.control.agent.SleepReport;
import org.blinkhdfs.control.agent.SleepRequest;
import org.blinkhdfs.control.agent.TransitionTimes;

/**
 * {@code --actuator real}: suspends the host to RAM (ACPI S3) and lets its RTC wake it.
 *
 * <p><b>Why so many checks.</b> A host that suspends without a working wake alarm stays asleep
 * until someone presses its power button, and its blocks stay unavailable. So every suspend goes
 * through these steps, in order, and any failure leaves the host awake with an
 * {@link ActuatorException} naming the file or value and the fix:
 *
 * <ol>
 *   <li>the lease: refuse if it has ended (by the injected {@link Clock}), if {@code wakeAtMs} is
 *       after its end, or if {@code wakeAtMs} is not in the future;
 *   <li>the alarm time {@code floor((wakeAtMs − resumeLatencyMs) / 1000)} s must be at least
 *       {@code minAlarmLeadMs} ahead ({@code resumeLatencyMs} is the request's, the one the
 *       planner used, else the configured one);
 *   <li>{@code <root>/sys/power/state} lists {@code mem} and {@code sys/power/mem_sleep} has the
 *       configured state ({@code deep}) selected, selecting it if offered and allowed, or, on a
 *       host without S3, the configured fallback ({@link SuspendStates});
 *   <li>an RTC with a {@code wakealarm} exists; if it exposes {@code since_epoch}, that is within
 *       {@code maxRtcSkewMs} of the system clock (the alarm is in RTC time);
 *   <li>{@code sync()} (the bulk of dirty pages, before the alarm clock starts running);
 *   <li>the alarm is armed: {@code 0}, then the seconds, written to {@code wakealarm}, and
 *       <b>read back</b> equal ({@link RtcWakeAlarm}) — {@code sys/power/state} is never written
 *       otherwise;
 *   <li>{@code sync()} again, and the alarm must still be {@code minAlarmLeadMs} ahead;
 *   <li>{@code mem} is written to {@code sys/power/state}; on a real host this write blocks until
 *       resume. If it fails (a driver or the firmware refused to suspend), or returns while
 *       {@code suspend_stats/fail} grew, the alarm is cleared and the error names {@code dmesg},
 *       the kernel's counters and the fallback key: a refused suspend is never reported as a
 *       sleep.
 * </ol>
 *
 * <p><b>Measurement.</b> The time really spent suspended is the growth of
 * {@code CLOCK_BOOTTIME − CLOCK_MONOTONIC} across the write (monotonic stops in suspend, boottime
 * does not), read through {@link Kernel}. Worked example: request wake at {@code 10:00:30.500}
 * with 2 s resume latency at {@code 10:00:00}: the alarm is armed for {@code 10:00:28}, the write
 * returns at about {@code 10:00:29}, and the report says ~28 s measured if S3 was entered at once.
 *
 * <p><b>Per-cycle transition times</b> ({@link TransitionTimes} in the report and its detail):
 * the kernel log ({@code <root>/dev/kmsg}) is opened at its end before {@code mem} is written and
 * read after, and {@link KernelPmLog} finds the cycle's entry, platform enter, platform exit and
 * exit lines; {@code CLOCK_MONOTONIC} read just before the write gives "decision to suspend
 * entry" (the kernel's printk clock and {@code CLOCK_MONOTONIC} are both stopped in suspend and
 * agree closely on an NTP-quiet host); the wall clock when the write returned minus the alarm
 * gives the RTC wake error; {@code /sys/power/suspend_stats} before and after give the kernel's
 * verdict. Then the {@link ServingProbe}, if any, is polled until the node serves (at most {@code
 * servingWaitMs}): alarm to serving is the resume sample the agent learns its latency from;
 * without a probe the sample ends when the write returned. Nothing of this can fail a sleep
 * that happened: a value that cannot be measured is reported unknown, with the reason.
 *
 * <p>All paths sit under {@link RealActuatorConfig#root()}, so tests run against a fake tree; all
 * file access goes through {@link SysfsFiles} and all libc through {@link Kernel}.
 *
 * <p>Thread-safety: {@link #sleep} and {@link #setComputeCores} are synchronized; one transition
 * at a time.
 */
public final class RealActuator implements Actuator {
  /** Pause between two polls of the serving probe after a resume. */
  static final long PROBE_PAUSE_MS = 50;
  private final RealActuatorConfig config;
  private final Clock clock;
  private final Kernel kernel;
  private final ControlFiles files;
  private final SuspendStates states;
  private final CpuHotplug cpus;
  private final SysfsFiles sysfs;
  private final Optional<ServingProbe> probe;

  /** Production wiring: direct file access and libc, no serving probe. */
  public RealActuator(RealActuatorConfig config, Clock clock) {
    this(config, clock, SysfsFiles.direct(), LibcKernel.get());
  }

  /** Production wiring with a probe for "serving again" after each resume. */
  public RealActuator(RealActuatorConfig config, Clock clock, ServingProbe probe) {
    this(config, clock, SysfsFiles.direct(), LibcKernel.get(), Objects.requireNonNull(probe));
  }

  /** With explicit seams, for tests; no serving probe. */
  public RealActuator(RealActuatorConfig config, Clock clock, SysfsFiles files, Kernel kernel) {
    this(config, clock, files, kernel, null);
  }

  /** With explicit seams; {@code probe} null: the resume sample ends when the write returns. */
  public RealActuator(RealActuatorConfig config, Clock clock, SysfsFiles files, Kernel kernel,
      ServingProbe probe) {
    this.probe = Optional.ofNullable(probe);
    this.sysfs = Objects.requireNonNull(files, "files");
    this.config = Objects.requireNonNull(config, "config");
    this.clock = Objects.requireNonNull(clock, "clock");
    this.kernel = Objects.requireNonNull(kernel, "kernel");
    this.files = new ControlFiles(Objects.requireNonNull(files, "files"));
    this.states = new SuspendStates(this.files, config.root(), config.memSleepState(),
        config.memSleepSelection(), config.noS3Fallback());
    this.cpus = new CpuHotplug(this.files, config.root());
  }

  @Override
  public String name() {
    return "real";
  }

  @Override
  public synchronized SleepReport sleep(SleepRequest request)
      throws ActuatorException, InterruptedException {
    long now = clock.millis();
    checkLease(request, now);
    long latencyMs = request.resumeLatencyOr(config.resumeLatencyMs());
    long alarmSeconds = Math.floorDiv(request.wakeAtMs() - latencyMs, 1000);
    checkLead(alarmSeconds, now, "before arming", latencyMs);
    String memSleep = states.ensureReady();
    RtcWakeAlarm alarm = RtcWakeAlarm.locate(files, config.root(), config.rtc());
    checkRtcSkew(alarm, now);
    alarm.checkWakeupEnabled();
    kernel.sync();
    if (Thread.interrupted()) {
      throw new InterruptedException("interrupted before arming the RTC alarm; not suspending");
    }
    alarm.arm(alarmSeconds);
    try {
      return suspendArmed(request, alarm, alarmSeconds, latencyMs, memSleep);
    } finally {
      alarm.clearQuietly();
    }
  }

  private SleepReport suspendArmed(SleepRequest request, RtcWakeAlarm alarm, long alarmSeconds,
      long latencyMs, String memSleep) throws ActuatorException, InterruptedException {
    kernel.sync();
    long offsetBefore = suspendOffsetNanos();
    long startedAt = clock.millis();
    checkLead(alarmSeconds, startedAt, "after arming and sync", latencyMs);
    if (Thread.interrupted()) {
      throw new InterruptedException("interrupted after arming the RTC alarm; not suspending");
    }
    try (KernelLogWatch log = KernelLogWatch.open(kernel, config.root())) {
      Optional<SuspendCounters> countersBefore = SuspendCounters.read(sysfs, config.root());
      OptionalLong decisionUs = monotonicUs();
      log.mark();
      writeMem(countersBefore);
      long awakeAt = clock.millis();
      String measuredBy = "CLOCK_BOOTTIME−CLOCK_MONOTONIC";
      long measuredMs;
      try {
        measuredMs = Math.max(0, (suspendOffsetNanos() - offsetBefore) / 1_000_000);
      } catch (ActuatorException e) {
        measuredMs = 0;
        measuredBy = "nothing (clock read failed after resume: " + e.getMessage() + ")";
      }
      Optional<SuspendCounters> countersAfter = SuspendCounters.read(sysfs, config.root());
      TransitionTimes.Counted counted = SuspendCounters.verdict(countersBefore, countersAfter);
      if (counted == TransitionTimes.Counted.FAIL) {
        throw refused("the write of mem returned, but the kernel counted a failed suspend ("
            + counts(countersBefore, countersAfter) + "): the host did not sleep");
      }
      Optional<KernelPmLog.SuspendCycle> cycle = log.cycle();
      long alarmAtMs = alarmSeconds * 1000;
      TransitionTimes times = new TransitionTimes(OptionalLong.of(alarmAtMs),
          decisionToEntry(decisionUs, cycle),
          cycle.map(KernelPmLog.SuspendCycle::enterKernelUs).orElse(OptionalLong.empty()),
          cycle.map(KernelPmLog.SuspendCycle::kernelResumeUs).orElse(OptionalLong.empty()),
          OptionalLong.of(awakeAt - alarmAtMs), OptionalLong.empty(), "", counted);
      times = withResumeSample(times, alarmAtMs, awakeAt);
      String detail = "real: mem (" + memSleep + (memSleep.equals(config.memSleepState()) ? ""
          : ", fallback: this host has no S3, s2idle saves far less") + ") with " + alarm.name()
          + " alarm at " + Instant.ofEpochSecond(alarmSeconds) + " for wake at "
          + Instant.ofEpochMilli(request.wakeAtMs()) + " (resume latency " + latencyMs
          + " ms, epoch " + request.epoch() + "); suspended " + measuredMs + " ms measured by "
          + measuredBy + "; " + times.describe()
          + (log.note().isEmpty() ? "" : "; " + log.note());
      return new SleepReport(startedAt, awakeAt, measuredMs, detail, times);
    }
  }

  /**
   * Writes {@code mem}; a failure is the kernel's refusal. EIO and EINVAL are what a platform
   * (firmware) refusal returns, EBUSY an aborting driver or wake-up event; all name {@code dmesg},
   * the kernel's own record of the failure and the fallback key.
   */
  private void writeMem(Optional<SuspendCounters> countersBefore) throws ActuatorException {
    try {
      sysfs.write(states.statePath(), "mem");
    } catch (IOException e) {
      String why = String.valueOf(e.getMessage());
      String kind = why.contains("Input/output error") || why.contains("Invalid argument")
          ? "the firmware or a driver refused to suspend (EIO/EINVAL)"
          : why.contains("Device or resource busy")
              ? "a driver or a pending wake-up event aborted the suspend (EBUSY)"
              : "the kernel refused to suspend";
      String counts = counts(countersBefore, SuspendCounters.read(sysfs, config.root()));
      throw refused("writing 'mem' to " + states.statePath() + " failed (" + e + "): " + kind
          + (counts.isEmpty() ? "" : " (" + counts + ")"));
    }
  }

  private ActuatorException refused(String what) {
    return new ActuatorException(what + ". See 'dmesg' for the device or firmware that refused;"
        + " fix or unload that driver, or, if this firmware cannot suspend to S3, set "
        + RealActuatorConfig.FALLBACK_KEY + " = s2idle (saves less) or io-server (never sleeps),"
        + " or use --actuator emulate");
  }

  private String counts(Optional<SuspendCounters> before, Optional<SuspendCounters> after) {
    if (before.isEmpty() || after.isEmpty()) {
      return "";
    }
    String last = SuspendCounters.lastFailure(sysfs, config.root());
    return "suspend_stats/fail " + before.get().fail() + " -> " + after.get().fail()
        + (last.isEmpty() ? "" : "; " + last);
  }

  /** {@code CLOCK_MONOTONIC} in µs; empty if it cannot be read (a measurement, not a check). */
  private OptionalLong monotonicUs() {
    try {
      return OptionalLong.of(kernel.clockNanos(LibC.CLOCK_MONOTONIC) / 1000);
    } catch (ActuatorException e) {
      return OptionalLong.empty();
    }
  }

  private static OptionalLong decisionToEntry(OptionalLong decisionUs,
      Optional<KernelPmLog.SuspendCycle> cycle) {
    if (cycle.isEmpty()) {
      return OptionalLong.empty();
    }
    if (cycle.get().markerUs().isPresent()) {
      return cycle.get().markerToEntryUs();
    }
    if (decisionUs.isEmpty()) {
      return OptionalLong.empty();
    }
    return OptionalLong.of(cycle.get().entryUs() - decisionUs.getAsLong());
  }

  /**
   * Adds the resume sample: alarm to the first time the probe says serving (polled every {@link
   * #PROBE_PAUSE_MS} for at most {@code servingWaitMs}), or alarm to {@code awakeAt} without a
   * probe. A node that does not serve in time gives no sample.
   */
  private TransitionTimes withResumeSample(TransitionTimes t, long alarmAtMs, long awakeAt)
      throws InterruptedException {
    if (probe.isEmpty()) {
      return sample(t, OptionalLong.of(awakeAt - alarmAtMs), "the mem write returned");
    }
    ServingProbe p = probe.get();
    long deadline = awakeAt + config.servingWaitMs();
    while (true) {
      if (p.serving()) {
        return sample(t, OptionalLong.of(clock.millis() - alarmAtMs), p.describe());
      }
      if (clock.millis() >= deadline) {
        return sample(t, OptionalLong.empty(), p.describe() + ": not within "
            + config.servingWaitMs() + " ms of the resume");
      }
      Thread.sleep(PROBE_PAUSE_MS);
    }
  }

  private static TransitionTimes sample(TransitionTimes t, OptionalLong ms, String by) {
    return new TransitionTimes(t.alarmAtMs(), t.decisionToEntryUs(), t.enterKernelUs(),
        t.kernelResumeUs(), t.wakeErrorMs(), ms, by, t.counted());
  }

  private long suspendOffsetNanos() throws ActuatorException {
    long monotonic = kernel.clockNanos(LibC.CLOCK_MONOTONIC);
    long boottime = kernel.clockNanos(LibC.CLOCK_BOOTTIME);
    return boottime - monotonic;
  }

  private static void checkLease(SleepRequest request, long now) throws ActuatorException {
    OptionalLong leaseEnd = request.leaseEndMs();
    if (leaseEnd.isPresent() && now >= leaseEnd.getAsLong()) {
      throw new ActuatorException("lease of epoch " + request.epoch() + " ended at "
          + Instant.ofEpochMilli(leaseEnd.getAsLong()) + " (now " + Instant.ofEpochMilli(now)
          + "): not suspending on a stale schedule; the agent must fetch a fresh one from the "
          + "scheduler");
    }
    if (request.wakeAtMs() <= now) {
      throw new ActuatorException("wakeAtMs " + Instant.ofEpochMilli(request.wakeAtMs())
          + " is not in the future (now " + Instant.ofEpochMilli(now) + "): nothing to sleep");
    }
    if (leaseEnd.isPresent() && request.wakeAtMs() > leaseEnd.getAsLong()) {
      throw new ActuatorException("wakeAtMs " + Instant.ofEpochMilli(request.wakeAtMs())
          + " is after the lease end " + Instant.ofEpochMilli(leaseEnd.getAsLong()) + " of epoch "
          + request.epoch() + ": the node must wake while the schedule is valid");
    }
  }

  private void checkLead(long alarmSeconds, long now, String when, long latencyMs)
      throws ActuatorException {
    long leadMs = alarmSeconds * 1000 - now;
    if (leadMs < config.minAlarmLeadMs()) {
      throw new ActuatorException("RTC alarm at " + Instant.ofEpochSecond(alarmSeconds) + " is "
          + leadMs + " ms away " + when + ", less than minAlarmLeadMs " + config.minAlarmLeadMs()
          + " (resume latency " + latencyMs + " ms): too short a sleep to be "
          + "sure the host wakes; not suspending");
    }
  }

  private void checkRtcSkew(RtcWakeAlarm alarm, long now) throws ActuatorException {
    OptionalLong rtcSeconds = alarm.epochSeconds();
    if (rtcSeconds.isEmpty()) {
      return;
    }
    long skewMs = Math.abs(rtcSeconds.getAsLong() * 1000 - now);
    if (skewMs > config.maxRtcSkewMs() + 1000) { // +1 s: the RTC counts whole seconds
      throw new ActuatorException("RTC " + alarm.name() + " reads "
          + Instant.ofEpochSecond(rtcSeconds.getAsLong()) + " but the system clock reads "
          + Instant.ofEpochMilli(now) + " (" + skewMs + " ms apart, max " + config.maxRtcSkewMs()
          + "): the alarm would fire at the wrong time; keep the RTC in UTC and in step "
          + "('hwclock --systohc --utc', NTP running)");
    }
  }

  /**
   * Present when this host cannot suspend and the operator chose {@code io-server} as the
   * fallback ({@value RealActuatorConfig#FALLBACK_KEY}): the agent then serves as an io-server
   * instead of sleeping.
   */
  @Override
  public synchronized Optional<String> sleepUnsupported() {
    return states.ioServerOnly();
  }

  @Override
  public synchronized void setComputeCores(int computeCores) throws ActuatorException {
    cpus.setComputeCores(computeCores);
  }

  /** The root all sysfs paths are resolved under. */
  public Path root() {
    return config.root();
  }
}
