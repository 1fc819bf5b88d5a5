package org.blinkhdfs.control.scheduler;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.blinkhdfs.common.time.ManualClock;
import org.blinkhdfs.model.policy.Policies;
import org.blinkhdfs.model.power.PowerModel;
import org.blinkhdfs.model.schedule.Schedule;
import org.blinkhdfs.model.wire.WakeDecision;
import org.blinkhdfs.model.wire.WakeHold;
import org.blinkhdfs.model.wire.WakeRequest;
import org.junit.jupiter.api.Test;

/**
 * Wake requests over random runs: for each seed a ring of 3..8 nodes (and maybe a staging node),
 * an interval of 2..6 s, limits of 1..3 intervals and 0..3 nodes, a power-following policy and a
 * power that wanders above the all-asleep minimum (and sometimes an admin active-nodes override)
 * for ten intervals, with ticks every 100..1 000 ms and random requests (some over max.ms, some for
 * the staging node), each followed at once by a tick as the daemon does. Checked:
 *
 * <ol>
 *   <li>holds in force and nodes woken on request never exceed {@code maxNodes};
 *   <li>every GRANTED or ALREADY_AWAKE request has its node awake for the whole interval in every
 *       epoch in force during {@code [request time, hold end)} (up to the run's end), and none of
 *       those epochs expired while in force;
 *   <li>after every tick, no node is woken on request by a hold that has ended (expired requests
 *       drop out), and {@code wakeWatts} is 0 exactly when nobody is woken on request;
 *   <li>a refusal names max.ms exactly when the request was longer than it.
 * </ol>
 *
 * {@code -Dblink.wake.seeds=N} runs more seeds (2 000 pass).
 */
class WakePropertiesTest {
  static final int SEEDS = Integer.getInteger("blink.wake.seeds", 200);

  /** A request and its answer, at the time it was made. */
  record Asked(long atMs, WakeRequest request, WakeDecision decision) {}

  /** An epoch and when it was published. */
  record Published(long atMs, Schedule schedule) {}

  @Test
  void randomRequestsNeverExceedTheBoundsAndGrantedNodesStayAwake() {
    Map<WakeDecision.Outcome, Integer> outcomes = new EnumMap<>(WakeDecision.Outcome.class);
    int wakeEpochs = 0;
    for (int seed = 0; seed < SEEDS; seed++) {
      Run run = new Run(seed);
      run.play();
      run.checkSpans();
      run.asked.forEach(a -> outcomes.merge(a.decision.outcome(), 1, Integer::sum));
      wakeEpochs += run.wakeEpochs;
    }
    for (WakeDecision.Outcome o : WakeDecision.Outcome.values()) {
      assertTrue(outcomes.getOrDefault(o, 0) > 20, "too few " + o + ": " + outcomes);
    }
    assertTrue(wakeEpochs > SEEDS, "too few epochs published for wake requests: " + wakeEpochs);
  }

  /** One seeded run. */
  static final class Run {
    final int seed;
    final Random rnd;
    final ManualClock clock;
    final PowerScheduler ps;
    final List<String> nodes = new ArrayList<>();
    final WakeLimits limits;
    final PowerSchedulerTest.Knob knob;
    final long intervalMs;
    final int ringSize;
    final List<Asked> asked = new ArrayList<>();
    final List<Published> published = new ArrayList<>();
    int wakeEpochs;

    Run(int seed) {
      this.seed = seed;
      this.rnd = new Random(seed);
      this.ringSize = 3 + rnd.nextInt(6);
      List<String> ring = new ArrayList<>();
      for (int i = 0; i < ringSize; i++) {
        ring.add("n" + i + ":1");
      }
      List<String> staging = rnd.nextBoolean() ? List.of("st:1") : List.of();
      nodes.addAll(ring);
      nodes.addAll(staging);
      this.intervalMs = 2_000 + 1_000L * rnd.nextInt(5);
      this.limits = new WakeLimits(intervalMs * (1 + rnd.nextInt(3)), rnd.nextInt(4));
      SchedulerSettings s = SchedulerSettings.builder().ring(ring).stagingNodes(staging)
          .model(PowerModel.builder().nodeCount(ringSize).activeWatts(25).sleepWatts(1)
              .overheadWatts(40).build())
          .intervalMs(intervalMs).wakeLimits(limits).build();
      List<String> policies = Policies.names();
      this.clock = new ManualClock(1_790_000_000_000L + rnd.nextInt(10_000));
      this.ps = new PowerScheduler(s, Policies.byName("policy",
          policies.get(rnd.nextInt(policies.size()))), clock);
      this.knob = new PowerSchedulerTest.Knob(randomWatts());
      ps.setSignal(knob, 0);
    }

    /** Whole-cluster watts from just above all asleep to all awake. */
    double randomWatts() {
      return 40 + ringSize * (1 + 24 * rnd.nextDouble()) + 0.01;
    }

    void play() {
      long end = clock.millis() + 10 * intervalMs;
      tick();
      while (clock.millis() < end) {
        clock.advance(100 + rnd.nextInt(901));
        int r = rnd.nextInt(10);
        if (r == 0) {
          knob.set(randomWatts());
        } else if (r == 1 && rnd.nextInt(5) == 0) {
          if (ps.activeNodesOverride().isPresent()) {
            ps.clearActiveNodesOverride();
          } else {
            ps.setActiveNodesOverride(rnd.nextInt(ringSize + 1));
          }
        } else if (r <= 4) {
          ask();
        }
        tick();
      }
    }

    void ask() {
      String node = nodes.get(rnd.nextInt(nodes.size()));
      long ms = 1 + rnd.nextInt((int) (limits.maxMs() * 5 / 4));
      WakeRequest req = new WakeRequest(node, ms, "seed " + seed);
      WakeDecision d = ps.requestWake(req);
      asked.add(new Asked(clock.millis(), req, d));
      boolean overMax = ms > limits.maxMs();
      if (overMax != d.refusedBy().equals(java.util.Optional.of(WakeLimits.MAX_MS))) {
        fail(where() + "request " + req + " answered " + d);
      }
    }

    void tick() {
      long now = clock.millis();
      ps.tick(now).ifPresent(s -> {
        published.add(new Published(now, s));
        if (ps.lastPublishReason().orElseThrow() == PowerScheduler.PublishReason.WAKE_REQUEST) {
          wakeEpochs++;
        }
      });
      assertTrue(ps.wakeRequests(now).size() <= limits.maxNodes(), where() + "holds");
      Map<String, WakeHold> woken = ps.wokenOnRequest();
      assertTrue(woken.size() <= limits.maxNodes(), where() + "woken " + woken);
      for (WakeHold h : woken.values()) {
        assertTrue(h.untilMs() > now, where() + "ended hold still wakes " + h);
      }
      assertEquals(woken.isEmpty(), ps.status().wakeWatts() < 1e-9,
          where() + "wakeWatts " + ps.status());
    }

    /** Rule 2: every epoch in force during a granted span has the node awake all interval. */
    void checkSpans() {
      for (Asked a : asked) {
        if (a.decision.isRefused()) {
          continue;
        }
        long from = a.atMs;
        long until = a.decision.hold().untilMs();
        assertTrue(until >= from + a.request.durationMs(), where() + a);
        for (int i = 0; i < published.size(); i++) {
          long start = published.get(i).atMs;
          // The last epoch is known to be in force up to the run's last tick, not beyond.
          long stop = i + 1 < published.size() ? published.get(i + 1).atMs : clock.millis() + 1;
          if (stop <= from || start >= until) {
            continue;
          }
          Schedule s = published.get(i).schedule;
          String node = a.request.node();
          assertTrue(s.window(node).isAlways(), where() + a + " but epoch " + s.epoch()
              + " published at " + start + " has " + s.entry(node));
          assertTrue(!s.isExpired(Math.min(until, stop) - 1), where() + "expired " + s);
        }
      }
    }

    String where() {
      return "seed " + seed + " (-Dblink.wake.seeds), t=" + clock.millis() + ": ";
    }
  }
}
