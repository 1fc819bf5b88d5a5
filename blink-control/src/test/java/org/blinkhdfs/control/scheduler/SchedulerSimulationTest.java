package org.blinkhdfs.control.scheduler;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.PriorityQueue;
import java.util.Random;
import java.util.TreeSet;
import org.blinkhdfs.common.time.ManualClock;
import org.blinkhdfs.control.agent.Actuator;
import org.blinkhdfs.control.agent.ActuatorException;
import org.blinkhdfs.control.agent.AgentLoop;
import org.blinkhdfs.control.agent.AgentTiming;
import org.blinkhdfs.control.agent.EmulateActuator;
import org.blinkhdfs.control.agent.FakeFreezer;
import org.blinkhdfs.control.agent.SleepReport;
import org.blinkhdfs.control.agent.SleepRequest;
import org.blinkhdfs.control.agent.StepResult;
import org.blinkhdfs.model.policy.BlinkPolicy;
import org.blinkhdfs.model.policy.IoServerPolicy;
import org.blinkhdfs.model.policy.Policies;
import org.blinkhdfs.model.power.PowerLevel;
import org.blinkhdfs.model.power.PowerModel;
import org.blinkhdfs.model.power.SchedulePower;
import org.blinkhdfs.model.schedule.Schedule;
import org.blinkhdfs.model.signal.OscillatingSignal;
import org.blinkhdfs.model.wire.NodeStatus;
import org.junit.jupiter.api.Test;

/**
 * Deterministic simulation of the scheduler and N agents (each an {@link AgentLoop} with an
 * {@link EmulateActuator} on a {@link FakeFreezer}), wired in memory, on a fake clock and an event
 * queue. One seed fixes everything: cluster size, interval, transition and resume latency, policy,
 * an oscillating signal (aligned to the interval or not), an admin power override, when the
 * scheduler stops publishing, and which agent's posts are lost.
 *
 * <p><b>Time.</b> Events are ordered by (time, kind, sequence): power and scheduler ticks first,
 * then status deliveries, then agent steps, then pure checks. The scheduler ticks every 100 ms;
 * every power change lies on that grid, so the scheduler sees a change at its instant. Each agent
 * has its own clock, set to the event time when it steps. A sleep blocks inside the actuator: the
 * agent's clock jumps to the thaw and the freezer records both ends; the AWAKE status is
 * delivered at the thaw. This is faithful: a suspended node cannot react to anything until its
 * alarm, which is exactly a pre-committed wake time.
 *
 * <p><b>Invariants, after every event.</b>
 *
 * <ol>
 *   <li>Frozen state matches the schedule the agent follows: frozen only while that schedule is
 *       in force and has the node asleep; thawed while it says asleep only at a pending step, in
 *       the resume-latency edge before the next window, or in a gap too short to sleep. An awake
 *       agent re-evaluates within {@code pollMs} and follows the latest epoch unless that was
 *       published after its last step.
 *   <li>Each published plan draws at most the power available at publication, and the available
 *       power never drifts more than the threshold from what the epoch in force was planned for.
 *   <li>Each completed interval: the ring DataNodes' energy (frozen at p_sleep, thawed at p_active
 *       or p_io) is at most the available energy plus the tolerance, when the power was constant
 *       over the interval; otherwise at most {@code Σ_parts min(P_peak·|part|, planned·t)} over
 *       the parts between publications. Tolerance per interval and node, in milliseconds at
 *       {@code p_active − p_sleep}: {@code (1 + epochs published in it)·(2·resumeLatency +
 *       minSleep + poll)}: one early thaw for the alarm, one stale poll, and one short gap after
 *       a pre-committed wake; derivation in docs/scheduler.md.
 *   <li>Once the scheduler stops publishing and the lease ends, every node is thawed and no freeze
 *       happens afterwards.
 *   <li>A node is reported failed exactly when it has been silent longer than the timeout; the
 *       agent whose posts are dropped turns failed at {@code last + timeout + 1}, not at {@code
 *       last + timeout}; healthy agents never do.
 * </ol>
 */
class SchedulerSimulationTest {
  private static final int SEEDS = 200;
  private static final long TICK_MS = 100;
  private static final long T0 = 1_790_000_000_000L;
  private static final String[] POLICIES = {"staggered", "staggered-circular", "synchronous",
      "activation", "load-proportional", "io-server", "gear-shifting"};

  /** Coverage over all seeds, so the test proves the interesting cases happened. */
  private final Map<String, Integer> coverage = new HashMap<>();

  @Test
  void invariantsHoldOverSeeds() {
    long only = Long.getLong("blink.sim.seed", -1);
    long seeds = Long.getLong("blink.sim.seeds", SEEDS);
    for (long seed = only < 0 ? 0 : only; seed < (only < 0 ? seeds : only + 1); seed++) {
      Sim sim = new Sim(seed);
      try {
        sim.run();
      } catch (AssertionError e) {
        List<String> tail = sim.trace.subList(
            Math.max(0, sim.trace.size() - Integer.getInteger("blink.sim.tail", 40)),
            sim.trace.size());
        throw new AssertionError(e.getMessage() + "\nlast events:\n" + String.join("\n", tail),
            e);
      }
    }
    if (only >= 0) {
      return;
    }
    for (String c : List.of("mid-interval epoch", "strong interval check",
        "general interval check", "override", "failure detected", "lease expired",
        "fetch failed after stop", "sleeps", "short gap stay", "resume edge",
        "io-server", "gear shift")) {
      assertTrue(coverage.getOrDefault(c, 0) > 0, "never covered: " + c + " " + coverage);
    }
  }

  @Test
  void sameSeedSameRun() {
    Sim a = new Sim(7);
    a.run();
    Sim b = new Sim(7);
    b.run();
    assertEquals(a.trace, b.trace);
  }

  private void cover(String what) {
    coverage.merge(what, 1, Integer::sum);
  }

  private enum Kind {
    POWER, TICK, DELIVER, STEP, CHECK
  }

  private record Event(long atMs, Kind kind, long seq, Runnable action)
      implements Comparable<Event> {
    @Override
    public int compareTo(Event o) {
      int c = Long.compare(atMs, o.atMs);
      if (c == 0) {
        c = kind.compareTo(o.kind);
      }
      return c != 0 ? c : Long.compare(seq, o.seq);
    }
  }

  private record Publication(long atMs, Schedule schedule, double availableWatts,
      double plannedWatts) {}

  /** One agent and what the simulation knows about it. */
  private final class Agent {
    final String node;
    final boolean ring;
    final ManualClock clock;
    final FakeFreezer freezer;
    final AgentLoop loop;
    final List<long[]> modeChanges = new ArrayList<>(); // {atMs, 1 if io-server}
    long lastStepMs = Long.MIN_VALUE;
    long nextStepMs;
    long lastDeliveredMs = Long.MIN_VALUE;

    Agent(Sim sim, String node, boolean ring, Random utilRandom, double load) {
      this.node = node;
      this.ring = ring;
      this.clock = new ManualClock(sim.startMs);
      this.freezer = new FakeFreezer(clock);
      EmulateActuator emulate = new EmulateActuator(freezer, clock, clock,
          sim.resumeLatencyMs);
      Actuator recording = new Actuator() {
        @Override
        public String name() {
          return emulate.name();
        }

        @Override
        public SleepReport sleep(SleepRequest r) throws ActuatorException, InterruptedException {
          return emulate.sleep(r);
        }

        @Override
        public void setComputeCores(int cores) {
          emulate.setComputeCores(cores);
          modeChanges.add(new long[] {clock.millis(), cores > 0 ? 1 : 0});
        }
      };
      this.loop = AgentLoop.builder()
          .settings(new AgentLoop.Settings(node, sim.timing, sim.intervalMs, 1))
          .scheduleClient(() -> {
            if (!sim.publishing && sim.fetchFailsAfterStop) {
              throw new IOException("scheduler stopped");
            }
            return sim.scheduler.published();
          })
          .statusSink(s -> sim.post(this, s))
          .actuator(recording).clock(clock).sleeper(clock)
          .utilization(() -> Math.min(1, Math.max(0, load + (utilRandom.nextDouble() - 0.5) / 5)))
          .build();
    }

    boolean ioServerAt(long atMs) {
      boolean io = false;
      for (long[] m : modeChanges) {
        if (m[0] <= atMs) {
          io = m[1] == 1;
        }
      }
      return io;
    }
  }

  private final class Sim {
    final long seed;
    final Random rnd;
    final int n;
    final long intervalMs;
    final long leaseMs;
    final long failureTimeoutMs;
    final double thresholdFraction;
    final long resumeLatencyMs;
    final AgentTiming timing;
    final PowerModel model;
    final String policyName;
    final OscillatingSignal signal;
    final long startMs;
    final long signalStartMs;
    final ManualClock clock;
    final PowerScheduler scheduler;
    final List<Agent> agents = new ArrayList<>();
    final Map<String, Agent> byNode = new HashMap<>();
    final PriorityQueue<Event> queue = new PriorityQueue<>();
    final List<Publication> publications = new ArrayList<>();
    final List<String> trace = new ArrayList<>();
    long seq;
    boolean publishing = true;
    final boolean fetchFailsAfterStop;
    final long stopMs;
    final long endMs;
    long leaseEndAtStop = Long.MAX_VALUE;
    final Agent victim;
    final long dropPostsFromMs;
    long victimFailsAfterMs = Long.MAX_VALUE;
    final long overrideOnMs;
    final long overrideOffMs;
    final PowerLevel overrideLevel;
    long nextIntervalToCheck;

    Sim(long seed) {
      this.seed = seed;
      this.rnd = new Random(seed);
      n = 3 + rnd.nextInt(7);
      intervalMs = 1000L * (2 + rnd.nextInt(5));
      leaseMs = intervalMs * (1 + rnd.nextInt(3));
      failureTimeoutMs = leaseMs + intervalMs + rnd.nextInt((int) (2 * intervalMs));
      thresholdFraction = rnd.nextDouble() * 0.1;
      long transitionMs = 200 + rnd.nextInt(800);
      resumeLatencyMs = rnd.nextInt((int) (transitionMs / 2) + 1);
      timing = new AgentTiming(1 + rnd.nextInt((int) (transitionMs / 2)), resumeLatencyMs,
          100 + rnd.nextInt(400));
      policyName = POLICIES[rnd.nextInt(POLICIES.length)];
      boolean io = policyName.equals(IoServerPolicy.NAME);
      // io-server needs N·5 W = 20% of p_total: keep the signal and the override above it.
      model = PowerModel.builder().nodeCount(n).activeWatts(25).sleepWatts(1).overheadWatts(40)
          .ioServerWatts(5).transitionMs(transitionMs).build();
      double oscillation = rnd.nextInt(io ? 41 : 91);
      long period = rnd.nextBoolean() ? intervalMs * (1 + rnd.nextInt(4))
          : TICK_MS * (5 + rnd.nextInt((int) (4 * intervalMs / TICK_MS)));
      signal = new OscillatingSignal(oscillation, period);
      startMs = T0 + TICK_MS * rnd.nextInt((int) (intervalMs / TICK_MS));
      clock = new ManualClock(startMs);
      List<String> ring = new ArrayList<>();
      for (int i = 1; i <= n; i++) {
        ring.add("10.0.0." + i + ":9866");
      }
      List<String> staging = rnd.nextBoolean() ? List.of("10.0.1.1:9866") : List.of();
      SchedulerSettings settings = SchedulerSettings.builder().ring(ring).stagingNodes(staging)
          .model(model).intervalMs(intervalMs).leaseMs(leaseMs)
          .changeThresholdFraction(thresholdFraction).failureTimeoutMs(failureTimeoutMs)
          .historyCapacity(100).build();
      BlinkPolicy policy = Policies.byName("policy", policyName);
      scheduler = new PowerScheduler(settings, policy, clock);
      Map<String, Double> popularity = new HashMap<>();
      for (String r : ring) {
        popularity.put(r, rnd.nextDouble() * 10);
      }
      scheduler.setPopularity(popularity);
      signalStartMs = startMs - TICK_MS * rnd.nextInt(100);
      scheduler.setSignal(signal, signalStartMs);
      double load = 0.1 + rnd.nextDouble() * 0.8;
      Random utilRandom = new Random(seed * 31 + 7);
      for (String r : ring) {
        add(new Agent(this, r, true, utilRandom, load));
      }
      for (String s : staging) {
        add(new Agent(this, s, false, utilRandom, load));
      }
      fetchFailsAfterStop = rnd.nextBoolean();
      victim = agents.get(rnd.nextInt(agents.size()));
      dropPostsFromMs = startMs + intervalMs * (3 + rnd.nextInt(10)) + rnd.nextInt(1000);
      overrideOnMs = grid(startMs + intervalMs * (5 + rnd.nextInt(10))
          + rnd.nextInt((int) intervalMs));
      overrideOffMs = grid(overrideOnMs + intervalMs * (1 + rnd.nextInt(5))
          + rnd.nextInt((int) intervalMs));
      overrideLevel = new PowerLevel.Percent(io ? 25 + rnd.nextInt(76) : 10 + rnd.nextInt(91));
      stopMs = grid(startMs + intervalMs * (25 + rnd.nextInt(10)) + rnd.nextInt((int) intervalMs));
      endMs = stopMs + leaseMs + 4 * intervalMs;
      nextIntervalToCheck = Math.floorDiv(startMs, intervalMs) * intervalMs + intervalMs;
    }

    private void add(Agent a) {
      agents.add(a);
      byNode.put(a.node, a);
    }

    private long grid(long ms) {
      return Math.floorDiv(ms, TICK_MS) * TICK_MS;
    }

    void at(long atMs, Kind kind, Runnable action) {
      queue.add(new Event(atMs, kind, seq++, action));
    }

    void run() {
      at(startMs, Kind.TICK, this::tick);
      for (Agent a : agents) {
        a.nextStepMs = startMs;
        at(startMs, Kind.STEP, () -> step(a));
      }
      at(overrideOnMs, Kind.POWER, () -> {
        scheduler.setPowerOverride(overrideLevel);
        cover("override");
        publishIfAny(scheduler.tick(clock.millis()));
      });
      at(overrideOffMs, Kind.POWER, () -> {
        scheduler.clearPowerOverride();
        publishIfAny(scheduler.tick(clock.millis()));
      });
      at(stopMs, Kind.POWER, () -> {
        publishing = false;
        leaseEndAtStop = scheduler.published().orElseThrow().validUntilMs().getAsLong();
        trace.add("stop " + stopMs + " lease " + leaseEndAtStop);
      });
      at(dropPostsFromMs, Kind.CHECK, () -> {
        long last = victim.lastDeliveredMs;
        victimFailsAfterMs = last + failureTimeoutMs;
        at(victimFailsAfterMs, Kind.CHECK, () -> assertFalse(failed(victim),
            () -> ctx("victim failed at exactly the timeout")));
        at(victimFailsAfterMs + 1, Kind.CHECK, () -> {
          assertTrue(failed(victim), () -> ctx("victim not failed 1 ms after the timeout"));
          cover("failure detected");
        });
      });
      long events = 0;
      while (!queue.isEmpty()) {
        Event e = queue.poll();
        if (e.atMs() > endMs) {
          break;
        }
        if (++events > 2_000_000) {
          fail(ctx("more than 2 000 000 events: a loop does not advance"));
        }
        clock.set(e.atMs());
        e.action().run();
        check(e.atMs());
      }
      finish();
    }

    String ctx(String what) {
      return "seed " + seed + " (" + policyName + ", n=" + n + ", t=" + intervalMs + ", lease="
          + leaseMs + ", " + signal.describe() + ") at " + clock.millis() + ": " + what;
    }

    void tick() {
      if (!publishing) {
        return;
      }
      publishIfAny(scheduler.tick(clock.millis()));
      at(clock.millis() + TICK_MS, Kind.TICK, this::tick);
    }

    void publishIfAny(Optional<Schedule> s) {
      assertNotEquals(SchedulerStatus.State.BELOW_MINIMUM, scheduler.status().state(),
          () -> ctx(scheduler.status().message()));
      if (s.isEmpty()) {
        return;
      }
      Schedule sched = s.get();
      long now = clock.millis();
      double available = available(now);
      double planned = SchedulePower.averageNodeWatts(sched, model);
      // Invariant 2a: a plan never draws more than the power available when it is published.
      assertTrue(planned <= available + 1e-6, () -> ctx("epoch " + sched.epoch() + " plans "
          + planned
          + " W > " + available + " W"));
      if (!publications.isEmpty()) {
        assertEquals(publications.get(publications.size() - 1).schedule().epoch() + 1,
            sched.epoch(), () -> ctx("epochs grow by one"));
      }
      assertEquals(Math.floorDiv(now, intervalMs) * intervalMs, sched.intervalStartMs());
      assertEquals(sched.intervalStartMs() + leaseMs, sched.validUntilMs().getAsLong());
      if (now != sched.intervalStartMs()) {
        cover("mid-interval epoch");
      }
      publications.add(new Publication(now, sched, available, planned));
      trace.add("epoch " + sched.epoch() + " at " + now + " " + sched.nodes());
    }

    /** The power available at {@code atMs}, computed independently of the scheduler. */
    double available(long atMs) {
      PowerLevel level = atMs >= overrideOnMs && atMs < overrideOffMs ? overrideLevel
          : signal.levelAt(Math.max(0, atMs - signalStartMs));
      return level.resolve(model).nodeWatts();
    }

    void step(Agent a) {
      a.clock.set(clock.millis());
      StepResult r;
      try {
        r = a.loop.step();
      } catch (InterruptedException e) {
        throw new AssertionError(e);
      }
      assertNotEquals(StepResult.Kind.REFUSED, r.kind(), () -> ctx(a.node + " refused: " + r));
      if (r.kind() == StepResult.Kind.SLEPT) {
        cover("sleeps");
        assertTrue(clock.millis() < leaseEndAtStop, () -> ctx("slept after the lease end"));
      }
      if (r.action().reason().contains("shorter than minSleepMs")
          && a.loop.schedule().isPresent()
          && !a.loop.schedule().get().isAwake(a.node, clock.millis())) {
        cover("short gap stay");
      }
      if (r.action().computeMode() == org.blinkhdfs.control.agent.ComputeMode.IO_SERVER) {
        cover("io-server");
      }
      a.lastStepMs = clock.millis();
      a.nextStepMs = r.nextStepAtMs();
      trace.add(a.node + " " + r.kind() + " " + clock.millis() + " -> " + r.nextStepAtMs());
      at(r.nextStepAtMs(), Kind.STEP, () -> step(a));
    }

    void post(Agent a, NodeStatus s) {
      long at = a.clock.millis();
      if (a == victim && at >= dropPostsFromMs) {
        return;
      }
      at(at, Kind.DELIVER, () -> {
        scheduler.recordStatus(s);
        a.lastDeliveredMs = clock.millis();
      });
    }

    boolean failed(Agent a) {
      for (NodeReport r : scheduler.nodes(clock.millis())) {
        if (r.node().equals(a.node)) {
          return r.failed();
        }
      }
      throw new AssertionError("no report for " + a.node);
    }

    void check(long now) {
      for (Agent a : agents) {
        checkAgent(a, now);
      }
      checkFailures(now);
      if (publishing && !publications.isEmpty()) {
        // Invariant 2b: the power in force never drifts beyond the threshold from the plan's.
        Publication last = publications.get(publications.size() - 1);
        assertTrue(Math.abs(available(now) - last.availableWatts())
            <= thresholdFraction * model.totalWatts() + 1e-9,
            () -> ctx("available " + available(now) + " W drifted from the plan's "
                + last.availableWatts() + " W beyond the threshold"));
      }
      while (nextIntervalToCheck + intervalMs <= now) {
        checkInterval(nextIntervalToCheck, nextIntervalToCheck + intervalMs);
        nextIntervalToCheck += intervalMs;
      }
      if (now >= leaseEndAtStop) {
        for (Agent a : agents) {
          assertFalse(a.freezer.frozenAt(now), () -> ctx(a.node + " frozen after the lease ended"));
        }
      }
    }

    void checkAgent(Agent a, long now) {
      boolean frozen = a.freezer.frozenAt(now);
      Optional<Schedule> followed = a.loop.schedule();
      boolean pending = a.nextStepMs <= now;
      if (frozen) {
        Schedule s = followed.orElseThrow(() -> new AssertionError(ctx(a.node
            + " frozen without a schedule")));
        assertFalse(s.isExpired(now), () -> ctx(a.node + " frozen on an expired lease"));
        assertFalse(s.isAwake(a.node, now), () -> ctx(a.node + " frozen inside its window of epoch "
            + s.epoch()));
        return;
      }
      if (pending) {
        return;
      }
      assertTrue(now - a.lastStepMs < timing.pollMs(),
          () -> ctx(a.node + " awake without re-evaluating for " + (now - a.lastStepMs) + " ms"));
      if (followed.isEmpty()) {
        return;
      }
      Schedule s = followed.get();
      if (publishing) {
        Publication latest = publications.get(publications.size() - 1);
        assertTrue(s.epoch() == latest.schedule().epoch() || latest.atMs() > a.lastStepMs,
            () -> ctx(a.node + " follows epoch " + s.epoch() + ", latest "
                + latest.schedule().epoch()));
      }
      if (s.isAwake(a.node, now)) {
        return;
      }
      assertFalse(s.isAwake(a.node, a.lastStepMs), () -> ctx(a.node
          + " was in its window at its last step but did not re-evaluate when it closed"));
      long nextWake = s.nextWakeMs(a.node, now);
      boolean resumeEdge = now >= nextWake - resumeLatencyMs;
      long sleepAtStep = s.nextWakeMs(a.node, a.lastStepMs) - resumeLatencyMs - a.lastStepMs;
      boolean shortGap = sleepAtStep < timing.minSleepMs();
      if (resumeEdge && now < nextWake) {
        cover("resume edge"); // thawed early for the alarm, before its window opens
      }
      assertTrue(resumeEdge || shortGap, () -> ctx(a.node + " awake outside its window of epoch "
          + s.epoch() + " (next wake " + nextWake + ", sleep at last step " + sleepAtStep + ")"));
    }

    void checkFailures(long now) {
      for (NodeReport r : scheduler.nodes(now)) {
        Agent a = byNode.get(r.node());
        long heard = a.lastDeliveredMs == Long.MIN_VALUE ? scheduler.startMs() : a.lastDeliveredMs;
        assertEquals(now - heard > failureTimeoutMs, r.failed(), () -> ctx(r.toString()));
        if (a != victim) {
          assertFalse(r.failed(), () -> ctx("healthy agent " + a.node + " reported failed"));
        }
      }
    }

    /** Invariant 3 over the completed interval [from, to). */
    void checkInterval(long from, long to) {
      if (from < startMs || to > stopMs || publications.isEmpty()) {
        return;
      }
      double drawnJ = 0;
      for (Agent a : agents) {
        if (a.ring) {
          drawnJ += energyJ(a, from, to);
        }
      }
      final double energyJ = drawnJ;
      List<Long> cuts = new ArrayList<>();
      int inside = 0;
      for (Publication p : publications) {
        if (p.atMs() > from && p.atMs() < to) {
          cuts.add(p.atMs());
          inside++;
        } else if (p.atMs() == from) {
          inside++;
        }
      }
      double tolJ = (1 + inside) * n * (model.activeWatts() - model.sleepWatts())
          * (2 * resumeLatencyMs + timing.minSleepMs() + timing.pollMs()) / 1000.0;
      boolean constant = true;
      double sumJ = 0;
      double first = available(from);
      for (long t = from; t < to; t += TICK_MS) {
        double w = available(t);
        constant &= w == first;
        sumJ += w * TICK_MS / 1000.0;
      }
      final double availableJ = sumJ;
      if (constant && cuts.isEmpty()) {
        cover("strong interval check");
        assertTrue(energyJ <= availableJ + tolJ + 1e-6, () -> ctx("interval [" + from + ", " + to
            + ") drew " + energyJ + " J > available " + availableJ + " J + tolerance " + tolJ));
        return;
      }
      cover("general interval check");
      double peakW = model.totalWatts();
      double sumBoundJ = 0;
      long partStart = from;
      cuts.add(to);
      for (long cut : cuts) {
        double planned = plannedInForce(partStart);
        sumBoundJ += Math.min(peakW * (cut - partStart), planned * intervalMs) / 1000.0;
        partStart = cut;
      }
      final double boundJ = sumBoundJ;
      assertTrue(energyJ <= boundJ + tolJ + 1e-6, () -> ctx("interval [" + from + ", " + to
          + ") with replans drew " + energyJ + " J > bound " + boundJ + " J + tolerance "
          + tolJ));
    }

    double plannedInForce(long atMs) {
      double planned = Double.NaN;
      for (Publication p : publications) {
        if (p.atMs() <= atMs) {
          planned = p.plannedWatts();
        }
      }
      return planned;
    }

    double energyJ(Agent a, long from, long to) {
      TreeSet<Long> cuts = new TreeSet<>();
      cuts.add(from);
      cuts.add(to);
      for (FakeFreezer.Transition t : a.freezer.transitions()) {
        if (t.atMs() > from && t.atMs() < to) {
          cuts.add(t.atMs());
        }
      }
      for (long[] m : a.modeChanges) {
        if (m[0] > from && m[0] < to) {
          cuts.add(m[0]);
        }
      }
      double joules = 0;
      Long prev = null;
      for (long c : cuts) {
        if (prev != null) {
          double w = a.freezer.frozenAt(prev) ? model.sleepWatts()
              : a.ioServerAt(prev) ? model.ioServerWatts() : model.activeWatts();
          joules += w * (c - prev) / 1000.0;
        }
        prev = c;
      }
      return joules;
    }

    void finish() {
      assertTrue(leaseEndAtStop < endMs, () -> ctx("the run ends before the lease"));
      cover("lease expired");
      if (fetchFailsAfterStop) {
        cover("fetch failed after stop");
        assertTrue(agents.get(0).loop.fetchFailures() > 0, () -> ctx("fetch never failed"));
      }
      for (Agent a : agents) {
        for (FakeFreezer.Transition t : a.freezer.transitions()) {
          assertTrue(!t.frozen() || t.atMs() < leaseEndAtStop,
              () -> ctx(a.node + " froze at " + t.atMs() + " after the lease end "
                  + leaseEndAtStop));
        }
        assertFalse(a.freezer.isFrozen(), () -> ctx(a.node + " ends frozen"));
      }
      assertTrue(victimFailsAfterMs < endMs, () -> ctx("the victim's failure is observed"));
      if (scheduler.policy() instanceof org.blinkhdfs.model.policy.GearShiftingPolicy g
          && g.state().shifts() > 0) {
        cover("gear shift");
      }
    }
  }
}
