package org.blinkhdfs.scheduler;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Optional;
import javax.servlet.http.HttpServletRequest;
import javax.servlet.http.HttpServletResponse;
import org.blinkhdfs.common.text.AsciiNumbers;
import org.blinkhdfs.control.scheduler.PowerScheduler;
import org.blinkhdfs.group.GroupSet;
import org.blinkhdfs.group.GroupsJson;
import org.blinkhdfs.model.policy.BlinkPolicy;
import org.blinkhdfs.model.power.PowerLevel;
import org.blinkhdfs.model.schedule.Schedule;
import org.blinkhdfs.model.schedule.ScheduleJson;
import org.blinkhdfs.model.wire.BatteryTargetJson;
import org.blinkhdfs.model.wire.HeldReadsJson;
import org.blinkhdfs.model.wire.HeldReadsReport;
import org.blinkhdfs.model.wire.NodeStatus;
import org.blinkhdfs.model.wire.PopularityJson;
import org.blinkhdfs.model.wire.StatusJson;
import org.blinkhdfs.model.wire.WakeAnswer;
import org.blinkhdfs.model.wire.WakeDecision;
import org.blinkhdfs.model.wire.WakeJson;
import org.blinkhdfs.model.wire.WakeRequest;
import org.blinkhdfs.model.wire.WireCodec;

/**
 * The {@code /v1} endpoints of {@code docs/scheduler-api.md}, one small servlet each. Every
 * change is authorized first ({@link SchedulerSecurity}: 401 without an identity, 403 outside the
 * ACL); reads are open unless the HTTP authentication filter is. Changes
 * (power, policy, active nodes, wake requests) tick the scheduler at once so they take effect
 * without waiting for the next tick.
 */
final class ApiServlets {
  private ApiServlets() {}

  /** {@code GET /v1/schedule}: JSON, or protobuf for {@code Accept: application/x-protobuf}. */
  public static final class ScheduleServlet extends ApiServlet {
    private static final long serialVersionUID = 1L;

    @Override
    protected void doGet(HttpServletRequest req, HttpServletResponse resp) throws IOException {
      Optional<Schedule> s = daemon().scheduler().published();
      if (s.isEmpty()) {
        error(resp, HttpServletResponse.SC_NOT_FOUND,
            "no schedule published yet: every node stays awake");
        return;
      }
      String accept = req.getHeader("Accept");
      if (accept != null && accept.contains(PROTOBUF)) {
        resp.setContentType(PROTOBUF);
        resp.getOutputStream().write(WireCodec.encodeSchedule(s.get()));
      } else {
        resp.setContentType("application/json;charset=utf-8");
        resp.getOutputStream().write(ScheduleJson.write(s.get()).getBytes(StandardCharsets.UTF_8));
      }
    }
  }

  /** {@code GET/PUT /v1/power}: {@code 50%}, {@code 150W}, or {@code signal} to clear. */
  public static final class PowerServlet extends ApiServlet {
    private static final long serialVersionUID = 1L;

    @Override
    protected void doGet(HttpServletRequest req, HttpServletResponse resp) throws IOException {
      json(resp, 200, SchedulerJson.power(daemon().scheduler(),
          daemon().config().signal.describe(), daemon().battery(), daemon().clock().millis()));
    }

    @Override
    protected void doPut(HttpServletRequest req, HttpServletResponse resp) throws IOException {
      daemon().security().requireAdmin(req);
      String body = text(req, "a power level such as 50% or 150W, or 'signal'");
      PowerScheduler s = daemon().scheduler();
      if (body.equals("signal")) {
        s.clearPowerOverride();
      } else {
        s.setPowerOverride(PowerLevel.parse("power", body));
      }
      daemon().tickOnce();
      doGet(req, resp);
    }
  }

  /** {@code GET/PUT /v1/policy}: a policy name. */
  public static final class PolicyServlet extends ApiServlet {
    private static final long serialVersionUID = 1L;

    @Override
    protected void doGet(HttpServletRequest req, HttpServletResponse resp) throws IOException {
      json(resp, 200, SchedulerJson.policy(daemon().scheduler()));
    }

    @Override
    protected void doPut(HttpServletRequest req, HttpServletResponse resp) throws IOException {
      daemon().security().requireAdmin(req);
      BlinkPolicy p = daemon().config().policyNamed("policy", text(req, "a policy name"));
      daemon().scheduler().setPolicy(p);
      daemon().battery().ifPresent(b -> b.policyChanged(p, daemon().clock().millis()));
      daemon().tickOnce();
      doGet(req, resp);
    }
  }

  /**
   * {@code GET/PUT /v1/battery}: the battery signal's last decision ({@code GET /v1/power}'s
   * {@code battery}); a PUT ({@link BatteryTargetJson}, admin ACL) sets the ride-through target,
   * replans on the last reading and ticks at once. 404 (GET) and 400 (PUT) without a battery
   * signal.
   */
  public static final class BatteryServlet extends ApiServlet {
    private static final long serialVersionUID = 1L;

    @Override
    protected void doGet(HttpServletRequest req, HttpServletResponse resp) throws IOException {
      SchedulerDaemon d = daemon();
      if (d.battery().isEmpty()) {
        error(resp, HttpServletResponse.SC_NOT_FOUND, noBattery(d));
        return;
      }
      json(resp, 200, SchedulerJson.battery(d.battery().get(), d.scheduler(), d.clock().millis()));
    }

    @Override
    protected void doPut(HttpServletRequest req, HttpServletResponse resp) throws IOException {
      SchedulerDaemon d = daemon();
      d.security().requireAdmin(req);
      long targetMs = BatteryTargetJson.read(text(req,
          "a JSON object {\"rideThrough\": \"90m\"}"));
      if (d.battery().isEmpty()) {
        throw new BadRequest(HttpServletResponse.SC_BAD_REQUEST, noBattery(d));
      }
      d.battery().get().setTargetMs(targetMs, d.clock().millis());
      d.tickOnce();
      doGet(req, resp);
    }

    private static String noBattery(SchedulerDaemon d) {
      return "no battery signal: " + SchedulerConfig.SIGNAL.name() + " is '"
          + d.config().signal.describe() + "'; set it to battery (with the blink.battery.*"
          + " keys, docs/power-signals.md) to plan a ride-through";
    }
  }

  /** {@code GET/PUT /v1/active}: n ring nodes ACTIVE, the rest OFF; or {@code auto}. */
  public static final class ActiveServlet extends ApiServlet {
    private static final long serialVersionUID = 1L;

    @Override
    protected void doGet(HttpServletRequest req, HttpServletResponse resp) throws IOException {
      json(resp, 200, SchedulerJson.active(daemon().scheduler()));
    }

    @Override
    protected void doPut(HttpServletRequest req, HttpServletResponse resp) throws IOException {
      daemon().security().requireAdmin(req);
      String body = text(req, "a number of active nodes, or 'auto'");
      PowerScheduler s = daemon().scheduler();
      int ringSize = s.settings().ring().size();
      if (body.equals("auto")) {
        s.clearActiveNodesOverride();
      } else {
        int n;
        try {
          n = AsciiNumbers.parseInt(body); // "\u0663" is not 3 here
        } catch (NumberFormatException e) {
          n = -1;
        }
        if (n < 0 || n > ringSize) {
          throw new BadRequest(400, "active nodes '" + body + "' must be a whole number in 0.."
              + ringSize + " (the ring size), or 'auto'");
        }
        s.setActiveNodesOverride(n);
      }
      daemon().tickOnce();
      doGet(req, resp);
    }
  }

  /** {@code POST /v1/status}: an agent's heartbeat, protobuf or JSON. */
  public static final class StatusServlet extends ApiServlet {
    private static final long serialVersionUID = 1L;

    @Override
    protected void doPost(HttpServletRequest req, HttpServletResponse resp) throws IOException {
      SchedulerSecurity security = daemon().security();
      security.requireAgent(req);
      byte[] body = body(req);
      String type = req.getContentType();
      NodeStatus status = type != null && type.startsWith(PROTOBUF)
          ? WireCodec.decodeStatus(body)
          : StatusJson.read(new String(body, StandardCharsets.UTF_8));
      security.requireOwnNode(req, status.node());
      security.requireSignedByNode(req, status, body);
      daemon().scheduler().recordStatus(status);
      resp.setStatus(HttpServletResponse.SC_NO_CONTENT);
    }
  }

  /**
   * {@code POST /v1/wake}: keep a node awake from now ({@link PowerScheduler#requestWake}); 200
   * with the epoch that has it awake, 202 held but not yet published, 409 refused by a setting,
   * 400 bad input. {@code GET /v1/wake}: the holds in force and the bounds.
   */
  public static final class WakeServlet extends ApiServlet {
    private static final long serialVersionUID = 1L;

    @Override
    protected void doGet(HttpServletRequest req, HttpServletResponse resp) throws IOException {
      json(resp, 200, SchedulerJson.wakes(daemon().scheduler(), daemon().clock().millis()));
    }

    @Override
    protected void doPost(HttpServletRequest req, HttpServletResponse resp) throws IOException {
      daemon().security().requireAdmin(req);
      WakeRequest request = WakeJson.readRequest(text(req,
          "a JSON object {\"node\": \"host:port\", \"ms\": 20000, \"reason\": \"...\"}"));
      PowerScheduler s = daemon().scheduler();
      WakeDecision d = s.requestWake(request);
      daemon().metrics().wakeAnswered(d.outcome());
      if (!d.isRefused()) {
        daemon().tickOnce();
      }
      WakeAnswer a = WakeAnswer.of(d, s.awakeEpoch(request.node(), daemon().clock().millis()),
          s.status().message());
      json(resp, a.httpStatus(), WakeJson.answerNode(a));
    }
  }

  /**
   * {@code GET/PUT /v1/popularity}: each ring node's read load for load-proportional blinking
   * (the NameNode sends it every popularity period); used from the next plan, no tick at once.
   */
  public static final class PopularityServlet extends ApiServlet {
    private static final long serialVersionUID = 1L;

    @Override
    protected void doGet(HttpServletRequest req, HttpServletResponse resp) throws IOException {
      json(resp, 200, PopularityJson.node(daemon().scheduler().popularity()));
    }

    @Override
    protected void doPut(HttpServletRequest req, HttpServletResponse resp) throws IOException {
      daemon().security().requireAdmin(req);
      daemon().scheduler().setPopularity(PopularityJson.read(text(req,
          "a JSON object {\"nodes\": {\"host:port\": 12.5, ...}}")));
      doGet(req, resp);
    }
  }

  /**
   * {@code GET/PUT /v1/held}: a read relay's held reads over its last report period ({@link
   * HeldReadsJson}), kept per proxy in the {@link LoadBook} for the {@code auto} policy; used from
   * the next plan, no tick at once. GET shows the fresh reports and the YARN reading.
   */
  public static final class HeldServlet extends ApiServlet {
    private static final long serialVersionUID = 1L;

    @Override
    protected void doGet(HttpServletRequest req, HttpServletResponse resp) throws IOException {
      json(resp, 200, SchedulerJson.held(daemon().load(), daemon().clock().millis()));
    }

    @Override
    protected void doPut(HttpServletRequest req, HttpServletResponse resp) throws IOException {
      daemon().security().requireAdmin(req);
      HeldReadsReport r = HeldReadsJson.read(text(req, "a JSON object {\"proxy\":"
          + " \"host:port\", \"readsHeld\": 4, \"heldMs\": 2000, \"periodMs\": 10000}"));
      daemon().load().recordHeld(r, daemon().clock().millis());
      doGet(req, resp);
    }
  }

  /**
   * {@code GET/PUT /v1/groups}: the application groups document ({@link GroupStore}); a PUT
   * carries the revision it was based on (409 when another change came first) and is answered
   * with what was stored, at the next revision.
   */
  public static final class GroupsServlet extends ApiServlet {
    private static final long serialVersionUID = 1L;

    @Override
    protected void doGet(HttpServletRequest req, HttpServletResponse resp) throws IOException {
      json(resp, 200, GroupsJson.node(daemon().groups().current()));
    }

    @Override
    protected void doPut(HttpServletRequest req, HttpServletResponse resp) throws IOException {
      daemon().security().requireAdmin(req);
      GroupSet proposed = GroupsJson.read(text(req,
          "the groups document read from GET /v1/groups, changed"));
      try {
        json(resp, 200, GroupsJson.node(daemon().groups().replace(proposed)));
      } catch (GroupStore.StaleRevision e) {
        throw new BadRequest(HttpServletResponse.SC_CONFLICT, e.getMessage());
      }
    }
  }

  /**
   * {@code GET/PUT /v1/groups/live}: the groups the NameNode saw read or written lately (it
   * sends them every {@code blink.groups.refresh.ms}); with {@code
   * blink.scheduler.groups.activation} they share the ACTIVE nodes, and a change is planned at
   * the next tick.
   */
  public static final class LiveGroupsServlet extends ApiServlet {
    private static final long serialVersionUID = 1L;

    @Override
    protected void doGet(HttpServletRequest req, HttpServletResponse resp) throws IOException {
      GroupActiveSet.Report r = daemon().groupActiveSet().lastReport();
      ObjectNode o = (ObjectNode) JSON.readTree(GroupsJson.writeLive(r.live()));
      o.put("reportedAtMs", r.atMs());
      ArrayNode counted = o.putArray("counted");
      daemon().groupActiveSet().live().forEach(counted::add);
      o.put("activation", daemon().config().groupsActivation);
      json(resp, 200, o);
    }

    @Override
    protected void doPut(HttpServletRequest req, HttpServletResponse resp) throws IOException {
      daemon().security().requireAdmin(req);
      boolean changed = daemon().groupActiveSet().report(GroupsJson.readLive(text(req,
          "a JSON object {\"live\": [\"group\", ...]}")));
      if (changed && daemon().config().groupsActivation) {
        daemon().scheduler().activeSetChanged(); // plan at the next tick, not the interval's end
      }
      doGet(req, resp);
    }
  }

  /**
   * {@code GET /v1/energy}: the energy books, cumulative since the scheduler started (a bench
   * takes differences); read-only, open like {@code /v1/nodes}.
   */
  public static final class EnergyServlet extends ApiServlet {
    private static final long serialVersionUID = 1L;

    @Override
    protected void doGet(HttpServletRequest req, HttpServletResponse resp) throws IOException {
      json(resp, 200, SchedulerJson.energy(daemon().scheduler().energy(
          daemon().clock().millis())));
    }
  }

  /** {@code GET /v1/nodes}: what the scheduler knows about each node. */
  public static final class NodesServlet extends ApiServlet {
    private static final long serialVersionUID = 1L;

    @Override
    protected void doGet(HttpServletRequest req, HttpServletResponse resp) throws IOException {
      long now = daemon().clock().millis();
      PowerScheduler s = daemon().scheduler();
      json(resp, 200, SchedulerJson.nodes(s, now, daemon().wakeDriver()));
    }
  }
}
