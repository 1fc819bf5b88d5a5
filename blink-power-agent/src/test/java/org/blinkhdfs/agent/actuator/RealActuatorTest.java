package org.blinkhdfs.agent.actuator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.OptionalLong;
import java.util.concurrent.atomic.AtomicInteger;
import org.blinkhdfs.control.agent.ActuatorException;
import org.blinkhdfs.control.agent.SleepReport;
import org.blinkhdfs.control.agent.SleepRequest;
import org.blinkhdfs.control.agent.TransitionTimes;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RealActuatorTest {
  private static final long NOW = FakeHost.NOW_MS;
  private static final String ALARM = "sys/class/rtc/rtc0/wakealarm";
  private static final String STATE = "sys/power/state";
  private static final String MEM_SLEEP = "sys/power/mem_sleep";
  private static final String STATS = "sys/power/suspend_stats/";

  @TempDir Path tmp;
  private FakeHost host;

  @BeforeEach
  void setUp() throws IOException {
    host = new FakeHost(tmp);
  }

  private RealActuator actuator(RealActuatorConfig config) {
    return new RealActuator(config.withRoot(tmp), host.clock, host.files, host.kernel);
  }

  private RealActuator actuator() {
    return actuator(RealActuatorConfig.defaults().withResumeLatencyMs(2000));
  }

  /** Wake {@code ms} from now under a lease that ends in 60 s. */
  private static SleepRequest wakeIn(long ms) {
    return new SleepRequest(NOW + ms, OptionalLong.of(NOW + 60_000), 7);
  }

  private boolean stateWritten() {
    return host.writes().stream().anyMatch(w -> w.startsWith("write " + STATE));
  }

  private ActuatorException refused(SleepRequest request) {
    return refused(actuator(), request);
  }

  private ActuatorException refused(RealActuator actuator, SleepRequest request) {
    ActuatorException e = assertThrows(ActuatorException.class, () -> actuator.sleep(request));
    assertFalse(stateWritten(), "power/state written despite: " + e.getMessage());
    assertNull(host.alarmAtSuspend);
    return e;
  }

  @Test
  void armsAndReadsBackTheAlarmBeforeWritingMem() throws Exception {
    // Wake at NOW + 30.5 s with 2 s resume latency: alarm at floor((NOW + 28.5 s) / 1 s).
    String alarm = Long.toString((NOW + 28_500) / 1000);

    SleepReport report = actuator().sleep(wakeIn(30_500));

    List<String> tail = host.events.subList(host.events.indexOf("write " + ALARM + " 0"),
        host.events.size());
    assertEquals(List.of(
        "write " + ALARM + " 0",
        "write " + ALARM + " " + alarm,
        "read " + ALARM,
        "sync",
        "read " + STATS + "success",
        "read " + STATS + "fail",
        "write " + STATE + " mem",
        "read " + STATS + "success",
        "read " + STATS + "fail",
        "write " + ALARM + " 0"), tail, "events: " + host.events);
    assertEquals(alarm, host.alarmAtSuspend);
    assertTrue(host.events.indexOf("sync") < host.events.indexOf("write " + ALARM + " 0"),
        "a first sync flushes before the alarm is armed: " + host.events);
    assertEquals(NOW, report.startedAtMs());
    assertEquals(NOW + 5000, report.awakeAtMs());
  }

  @Test
  void reportsTheSleepMeasuredByBoottimeMinusMonotonic() throws Exception {
    host.suspendMs = 5000;
    SleepReport report = actuator().sleep(wakeIn(30_000));
    assertEquals(5000, report.measuredSleepMs());
    assertTrue(report.detail().contains("5000 ms"), report.detail());
    assertTrue(report.detail().contains("rtc0"), report.detail());
  }

  @Test
  void neverWritesStateWhenTheAlarmCannotBeWritten() {
    host.failWrites.add(host.path(ALARM));
    ActuatorException e = refused(wakeIn(30_000));
    assertTrue(e.getMessage().contains(host.path(ALARM).toString()), e.getMessage());
  }

  @Test
  void refusesAnRtcThatMayNotWakeTheHost() throws IOException {
    java.nio.file.Path wakeup = host.path("sys/class/rtc/rtc0/device/power/wakeup");
    java.nio.file.Files.createDirectories(wakeup.getParent());
    java.nio.file.Files.writeString(wakeup, "disabled\n");
    ActuatorException e = refused(wakeIn(30_000));
    assertEquals(wakeup + " reads 'disabled': rtc0 may not wake this host, so it would stay"
        + " suspended; enable it (echo enabled > " + wakeup + ") or use --actuator emulate",
        e.getMessage());
    java.nio.file.Files.writeString(wakeup, "enabled\n");
    assertTrue(actuatorSleeps(), "enabled: the sleep goes ahead");
  }

  private boolean actuatorSleeps() {
    try {
      actuator().sleep(wakeIn(30_000));
      return stateWritten();
    } catch (ActuatorException | InterruptedException e) {
      throw new AssertionError(e);
    }
  }

  @Test
  void neverWritesStateWhenTheReadBackDiffers() {
    host.readOverrides.put(host.path(ALARM), "");
    ActuatorException e = refused(wakeIn(30_000));
    assertTrue(e.getMessage().contains("not armed"), e.getMessage());
    assertEquals("write " + ALARM + " 0", host.writes().get(host.writes().size() - 1),
        "the half-armed alarm is cleared");
  }

  @Test
  void neverWritesStateWhenTheReadBackIsAnotherTime() {
    host.readOverrides.put(host.path(ALARM), "1234");
    refused(wakeIn(30_000));
  }

  @Test
  void expiredLeaseWritesNothing() {
    SleepRequest expired = new SleepRequest(NOW + 30_000, OptionalLong.of(NOW - 1), 7);
    ActuatorException e = refused(expired);
    assertTrue(e.getMessage().contains("lease of epoch 7 ended"), e.getMessage());
    assertEquals(List.of(), host.events);
  }

  @Test
  void wakeAfterLeaseEndOrInThePastWritesNothing() {
    ActuatorException late = refused(new SleepRequest(NOW + 90_000, OptionalLong.of(NOW + 60_000),
        7));
    assertTrue(late.getMessage().contains("after the lease end"), late.getMessage());
    ActuatorException past = refused(new SleepRequest(NOW, OptionalLong.empty(), 7));
    assertTrue(past.getMessage().contains("not in the future"), past.getMessage());
    assertEquals(List.of(), host.events);
  }

  @Test
  void noLeaseMeansNoExpiry() throws Exception {
    actuator().sleep(new SleepRequest(NOW + 30_000, OptionalLong.empty(), -1));
    assertTrue(stateWritten());
  }

  @Test
  void refusesAnAlarmTooCloseToArm() {
    // 3 s sleep − 2 s latency leaves 1 s < 2 s minimum lead.
    ActuatorException e = refused(wakeIn(3000));
    assertTrue(e.getMessage().contains("minAlarmLeadMs"), e.getMessage());
    assertEquals(List.of(), host.events);
  }

  @Test
  void refusesWhenTimeRanOutWhileSyncing() {
    // The final sync takes long enough that the alarm is no longer safely ahead.
    host.onWrite.put(host.path(ALARM), v -> {
      if (!v.equals("0")) {
        host.clock.advance(10_000);
      }
    });
    ActuatorException e = refused(wakeIn(12_000));
    assertTrue(e.getMessage().contains("after arming and sync"), e.getMessage());
    assertEquals("write " + ALARM + " 0", host.writes().get(host.writes().size() - 1));
  }

  @Test
  void missingRtcNamesThePathAndTheFix() throws IOException {
    Files.delete(host.path(ALARM));
    ActuatorException e = refused(wakeIn(30_000));
    assertTrue(e.getMessage().contains("no RTC with a wakealarm under "
        + host.path("sys/class/rtc")), e.getMessage());
    assertTrue(e.getMessage().contains("use --actuator emulate"), e.getMessage());
  }

  @Test
  void namedRtcMustExist() {
    ActuatorException e = refused(actuator(RealActuatorConfig.defaults().withRtc("rtc1")),
        wakeIn(30_000));
    assertTrue(e.getMessage().contains(host.path("sys/class/rtc/rtc1/wakealarm").toString()),
        e.getMessage());
  }

  @Test
  void missingPowerStateNamesThePath() throws IOException {
    Files.delete(host.path(STATE));
    ActuatorException e = assertThrows(ActuatorException.class,
        () -> actuator().sleep(wakeIn(30_000)));
    assertTrue(e.getMessage().startsWith("missing " + host.path(STATE)), e.getMessage());
    assertTrue(host.writes().isEmpty());
  }

  @Test
  void missingMemSleepNamesThePath() throws IOException {
    Files.delete(host.path(MEM_SLEEP));
    ActuatorException e = refused(wakeIn(30_000));
    assertTrue(e.getMessage().startsWith("missing " + host.path(MEM_SLEEP)), e.getMessage());
  }

  @Test
  void refusesWithoutMemInPowerState() throws IOException {
    host.put(STATE, "freeze disk\n");
    ActuatorException e = refused(wakeIn(30_000));
    assertTrue(e.getMessage().contains("without 'mem'"), e.getMessage());
  }

  @Test
  void refusesWhenTheFirmwareOffersNoDeepSleep() throws IOException {
    host.put(MEM_SLEEP, "[s2idle]\n");
    ActuatorException e = refused(wakeIn(30_000));
    assertTrue(e.getMessage().contains("ACPI S3 (deep)"), e.getMessage());
    assertTrue(e.getMessage().contains("BIOS"), e.getMessage());
    assertTrue(e.getMessage().contains("set blink.agent.real.fallback = s2idle (saves less) or"
        + " io-server (never sleeps)"), e.getMessage());
    assertTrue(host.writes().isEmpty());
  }

  private RealActuator withFallback(RealActuatorConfig.NoS3Fallback fallback) {
    return actuator(RealActuatorConfig.defaults().withNoS3Fallback(fallback));
  }

  @Test
  void withoutS3TheS2idleFallbackSleepsAndSaysItSavesLess() throws Exception {
    host.put(MEM_SLEEP, "[s2idle]\n");
    RealActuator a = withFallback(RealActuatorConfig.NoS3Fallback.S2IDLE);
    assertEquals(java.util.Optional.empty(), a.sleepUnsupported());
    SleepReport report = a.sleep(wakeIn(30_000));
    assertTrue(stateWritten());
    assertTrue(report.detail().startsWith("real: mem (s2idle, fallback: this host has no S3,"
        + " s2idle saves far less) with rtc0"), report.detail());
    assertFalse(host.writes().contains("write " + MEM_SLEEP + " s2idle"), "already selected");
  }

  @Test
  void theS2idleFallbackSelectsS2idleWhenAnotherStateIsSelected() throws Exception {
    host.put(MEM_SLEEP, "s2idle [shallow]\n");
    host.onWrite.put(host.path(MEM_SLEEP), v -> {
      try {
        host.put(MEM_SLEEP, "[" + v + "] shallow\n");
      } catch (IOException e) {
        throw new IllegalStateException(e);
      }
    });
    withFallback(RealActuatorConfig.NoS3Fallback.S2IDLE).sleep(wakeIn(30_000));
    assertEquals("write " + MEM_SLEEP + " s2idle", host.writes().get(0));
    assertTrue(stateWritten());
  }

  @Test
  void theS2idleFallbackNeedsS2idle() throws IOException {
    host.put(MEM_SLEEP, "[shallow]\n");
    ActuatorException e = refused(withFallback(RealActuatorConfig.NoS3Fallback.S2IDLE),
        wakeIn(30_000));
    assertTrue(e.getMessage().contains("neither deep nor s2idle"), e.getMessage());
  }

  @Test
  void withoutS3TheIoServerFallbackNeverSleepsAndSaysSoBeforehand() throws IOException {
    RealActuator a = withFallback(RealActuatorConfig.NoS3Fallback.IO_SERVER);
    assertEquals(java.util.Optional.empty(), a.sleepUnsupported(), "S3 offered: it can sleep");
    host.put(MEM_SLEEP, "[s2idle]\n");
    String why = a.sleepUnsupported().orElseThrow();
    assertEquals("this host has no ACPI S3 (" + host.path(MEM_SLEEP) + " offers '[s2idle]') and"
        + " blink.agent.real.fallback = io-server: it never suspends and can only serve as an"
        + " io-server (compute cores offline) when it should sleep; enable S3 in the BIOS to save"
        + " more", why);
    ActuatorException e = refused(a, wakeIn(30_000));
    assertEquals(why, e.getMessage(), "asked to sleep anyway, it refuses with the same reason");
  }

  @Test
  void firmwareRefusalNamesDmesgTheKernelsCountersAndTheFallback() throws IOException {
    host.put(STATS + "last_failed_dev", "\n");
    host.put(STATS + "last_failed_errno", "-5\n");
    host.failWritesWith.put(host.path(STATE), new IOException("Input/output error"));
    ActuatorException e = assertThrows(ActuatorException.class,
        () -> actuator().sleep(wakeIn(30_000)));
    assertEquals("writing 'mem' to " + host.path(STATE) + " failed (java.io.IOException:"
        + " Input/output error): the firmware or a driver refused to suspend (EIO/EINVAL)"
        + " (suspend_stats/fail 0 -> 1; last_failed_errno '-5'). See 'dmesg' for the device or"
        + " firmware that refused; fix or unload that driver, or, if this firmware cannot suspend"
        + " to S3, set blink.agent.real.fallback = s2idle (saves less) or io-server (never"
        + " sleeps), or use --actuator emulate", e.getMessage());
    assertEquals("write " + ALARM + " 0", host.writes().get(host.writes().size() - 1));
  }

  @Test
  void aFailCountedByTheKernelIsNeverReportedAsASleep() {
    host.suspendCountsSuccess = false; // the write returns, but suspend_stats/fail grows
    ActuatorException e = assertThrows(ActuatorException.class,
        () -> actuator().sleep(wakeIn(30_000)));
    assertTrue(e.getMessage().startsWith("the write of mem returned, but the kernel counted a"
        + " failed suspend (suspend_stats/fail 0 -> 1): the host did not sleep. See 'dmesg'"),
        e.getMessage());
    assertEquals("write " + ALARM + " 0", host.writes().get(host.writes().size() - 1));
  }

  @Test
  void selectsDeepWhenOfferedButNotSelected() throws Exception {
    host.put(MEM_SLEEP, "[s2idle] deep\n");
    // The kernel shows the selection in brackets after the write.
    host.onWrite.put(host.path(MEM_SLEEP), v -> {
      try {
        host.put(MEM_SLEEP, v.equals("deep") ? "s2idle [deep]\n" : "[s2idle] deep\n");
      } catch (IOException e) {
        throw new IllegalStateException(e);
      }
    });
    actuator().sleep(wakeIn(30_000));
    assertEquals("write " + MEM_SLEEP + " deep", host.writes().get(0));
    assertTrue(stateWritten());
  }

  @Test
  void refusesWhenTheSelectionDoesNotStick() throws IOException {
    host.put(MEM_SLEEP, "[s2idle] deep\n");
    host.readOverrides.put(host.path(MEM_SLEEP), "[s2idle] deep");
    ActuatorException e = refused(wakeIn(30_000));
    assertTrue(e.getMessage().contains("did not select it"), e.getMessage());
  }

  @Test
  void refusesToSelectWhenSelectingIsDisabled() throws IOException {
    host.put(MEM_SLEEP, "[s2idle] deep\n");
    ActuatorException e = refused(actuator(RealActuatorConfig.defaults().withMemSleep("deep",
        RealActuatorConfig.MemSleepSelection.REFUSE_UNLESS_SELECTED)), wakeIn(30_000));
    assertTrue(e.getMessage().contains("echo deep > " + host.path(MEM_SLEEP)), e.getMessage());
    assertTrue(host.writes().isEmpty());
  }

  @Test
  void refusesWhenTheRtcIsNotInStepWithTheSystemClock() throws IOException {
    host.put("sys/class/rtc/rtc0/since_epoch", Long.toString(NOW / 1000 + 3600)); // local time?
    ActuatorException e = refused(wakeIn(30_000));
    assertTrue(e.getMessage().contains("hwclock --systohc --utc"), e.getMessage());
  }

  @Test
  void acceptsAnRtcInStep() throws Exception {
    host.put("sys/class/rtc/rtc0/since_epoch", Long.toString(NOW / 1000 - 1));
    actuator().sleep(wakeIn(30_000));
    assertTrue(stateWritten());
  }

  @Test
  void aFailedSuspendClearsTheAlarm() {
    host.failWrites.add(host.path(STATE));
    ActuatorException e = assertThrows(ActuatorException.class,
        () -> actuator().sleep(wakeIn(30_000)));
    assertTrue(e.getMessage().contains("dmesg"), e.getMessage());
    assertEquals("write " + ALARM + " 0", host.writes().get(host.writes().size() - 1));
  }

  @Test
  void ioServerTakesCoresOfflineAndBack() throws Exception {
    RealActuator actuator = actuator();
    actuator.setComputeCores(2);
    assertEquals("1", host.get("sys/devices/system/cpu/cpu1/online"));
    assertEquals("0", host.get("sys/devices/system/cpu/cpu2/online"));
    assertEquals("0", host.get("sys/devices/system/cpu/cpu3/online"));

    actuator.setComputeCores(0);
    for (int cpu = 1; cpu <= 3; cpu++) {
      assertEquals("1", host.get("sys/devices/system/cpu/cpu" + cpu + "/online"));
    }
    // Back to max-perf: only the offline ones are written, online before offline, each read back.
    List<String> last = host.events.subList(host.events.size() - 7, host.events.size());
    assertEquals(List.of(
        "read sys/devices/system/cpu/cpu1/online",
        "read sys/devices/system/cpu/cpu2/online",
        "write sys/devices/system/cpu/cpu2/online 1",
        "read sys/devices/system/cpu/cpu2/online",
        "read sys/devices/system/cpu/cpu3/online",
        "write sys/devices/system/cpu/cpu3/online 1",
        "read sys/devices/system/cpu/cpu3/online"), last);
  }

  @Test
  void ioServerWritesOnlyTheCpusThatChange() throws Exception {
    RealActuator actuator = actuator();
    actuator.setComputeCores(1);
    assertEquals("0", host.get("sys/devices/system/cpu/cpu1/online"));
    host.events.clear();
    actuator.setComputeCores(3);
    assertEquals(List.of(
        "write sys/devices/system/cpu/cpu1/online 1",
        "write sys/devices/system/cpu/cpu2/online 1"), host.writes());
    assertEquals("0", host.get("sys/devices/system/cpu/cpu3/online"));
  }

  @Test
  void ioServerReportsACpuThatRefusesToGoOffline() {
    Path cpu3 = host.path("sys/devices/system/cpu/cpu3/online");
    host.readOverrides.put(cpu3, "1");
    ActuatorException e = assertThrows(ActuatorException.class,
        () -> actuator().setComputeCores(1));
    assertTrue(e.getMessage().contains(cpu3.toString()), e.getMessage());
  }

  @Test
  void ioServerNamesAMissingCpuDirectory() throws IOException {
    Path cpuDir = host.path("sys/devices/system/cpu");
    try (var files = Files.walk(cpuDir)) {
      files.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
    }
    ActuatorException e = assertThrows(ActuatorException.class,
        () -> actuator().setComputeCores(1));
    assertTrue(e.getMessage().contains(cpuDir.toString()), e.getMessage());
  }

  @Test
  void measuresTheCycleFromTheKernelLogAndTheClocks() throws Exception {
    // An older cycle already in the log must not be taken for this one: the log is read from
    // its end at the decision on.
    host.put("dev/kmsg", String.join("\n", KernelPmLogTest.shifted(-9_000_000)) + "\n");
    // The lab's cycle, its entry 5 000 µs after the agent's CLOCK_MONOTONIC read before the write.
    host.kmsgOnSuspend = decisionUs -> KernelPmLogTest.shifted(decisionUs + 5_000 - 9_745_523);
    // Wake at NOW + 30 s with 2 s latency: alarm at NOW + 28 s; the write returns 28.3 s later.
    host.suspendMs = 28_300;

    SleepReport report = actuator().sleep(wakeIn(30_000));

    TransitionTimes t = report.transitions();
    assertEquals(OptionalLong.of(NOW + 28_000), t.alarmAtMs());
    assertEquals(OptionalLong.of(5_000), t.decisionToEntryUs());
    assertEquals(OptionalLong.of(174_871), t.enterKernelUs());
    assertEquals(OptionalLong.of(41_165), t.kernelResumeUs());
    assertEquals(OptionalLong.of(300), t.wakeErrorMs(), "NOW + 28.3 s − alarm NOW + 28 s");
    assertEquals(OptionalLong.of(300), t.resumeSampleMs(), "no probe: until the write returned");
    assertEquals("the mem write returned", t.resumeSampleBy());
    assertEquals(TransitionTimes.Counted.SUCCESS, t.counted());
    assertEquals("4", host.get(STATS + "success"));
    assertTrue(report.detail().endsWith("; decision→entry 5.000 ms, enter 174.871 ms, kernel"
        + " resume 41.165 ms, RTC wake error +300 ms, resume 300 ms (the mem write returned),"
        + " suspend_stats: success"), report.detail());
  }

  @Test
  void withoutAKernelLogTheSleepStillHappensAndSaysWhatIsMissing() throws Exception {
    host.suspendMs = 27_500;
    SleepReport report = actuator().sleep(wakeIn(30_000));
    assertTrue(stateWritten());
    TransitionTimes t = report.transitions();
    assertEquals(OptionalLong.empty(), t.decisionToEntryUs());
    assertEquals(OptionalLong.empty(), t.enterKernelUs());
    assertEquals(OptionalLong.empty(), t.kernelResumeUs());
    assertEquals(OptionalLong.of(-500), t.wakeErrorMs(), "returned before the alarm: early");
    assertTrue(report.detail().contains("kernel log not available: no " + host.path("dev/kmsg")),
        report.detail());
  }

  @Test
  void aLogWithoutACompleteCycleLeavesKernelValuesUnknown() throws Exception {
    host.put("dev/kmsg", "");
    host.kmsgOnSuspend = us -> KernelPmLogTest.S3_CYCLE.subList(0, 5); // no exit yet
    SleepReport report = actuator().sleep(wakeIn(30_000));
    assertEquals(OptionalLong.empty(), report.transitions().enterKernelUs());
    assertTrue(report.detail().contains("no complete suspend cycle"), report.detail());
  }

  @Test
  void withoutSuspendCountersTheVerdictIsUnknown() throws Exception {
    Files.delete(host.path(STATS + "success"));
    Files.delete(host.path(STATS + "fail"));
    assertEquals(TransitionTimes.Counted.UNKNOWN,
        actuator().sleep(wakeIn(30_000)).transitions().counted());
  }

  @Test
  void theResumeSampleRunsFromTheAlarmUntilTheProbeSaysServing() throws Exception {
    host.suspendMs = 28_300;
    AtomicInteger calls = new AtomicInteger();
    ServingProbe probe = probe(() -> {
      host.clock.advance(400);
      return calls.incrementAndGet() == 3;
    });
    RealActuator a = new RealActuator(RealActuatorConfig.defaults().withRoot(tmp), host.clock,
        host.files, host.kernel, probe);
    TransitionTimes t = a.sleep(wakeIn(30_000)).transitions();
    // Awake at alarm + 300 ms, serving at the third poll, 3 × 400 ms later: 1 500 ms.
    assertEquals(OptionalLong.of(1_500), t.resumeSampleMs());
    assertEquals("test port accepts", t.resumeSampleBy());
    assertEquals(OptionalLong.of(300), t.wakeErrorMs());
  }

  @Test
  void aNodeThatDoesNotServeInTimeGivesNoSample() throws Exception {
    ServingProbe never = probe(() -> {
      host.clock.advance(600);
      return false;
    });
    RealActuator a = new RealActuator(RealActuatorConfig.defaults().withRoot(tmp)
        .withServingWaitMs(1_000), host.clock, host.files, host.kernel, never);
    TransitionTimes t = a.sleep(wakeIn(30_000)).transitions();
    assertEquals(OptionalLong.empty(), t.resumeSampleMs());
    assertEquals("test port accepts: not within 1000 ms of the resume", t.resumeSampleBy());
  }

  @Test
  void theRequestsResumeLatencyMovesTheAlarm() throws Exception {
    // The planner's (learned) 5 s instead of the configured 2 s: alarm at NOW + 25 s.
    actuator().sleep(new SleepRequest(NOW + 30_000, OptionalLong.of(NOW + 60_000), 7,
        OptionalLong.of(5_000)));
    assertEquals(Long.toString((NOW + 25_000) / 1000), host.alarmAtSuspend);
  }

  private static ServingProbe probe(java.util.function.BooleanSupplier serving) {
    return new ServingProbe() {
      @Override
      public String describe() {
        return "test port accepts";
      }

      @Override
      public boolean serving() {
        return serving.getAsBoolean();
      }
    };
  }

  @Test
  void nameIsReal() {
    assertEquals("real", actuator().name());
  }
}
