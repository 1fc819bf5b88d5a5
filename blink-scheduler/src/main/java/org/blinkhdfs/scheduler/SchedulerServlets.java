package org.blinkhdfs.scheduler;

import org.apache.hadoop.http.HttpServer2;
import org.blinkhdfs.model.wire.SchedulerApi;

/** Mounts the scheduler's endpoints on its {@link HttpServer2} ({@code docs/scheduler-api.md}). */
final class SchedulerServlets {
  private SchedulerServlets() {}

  static void register(HttpServer2 http) {
    http.addServlet("schedule", SchedulerApi.SCHEDULE, ApiServlets.ScheduleServlet.class);
    http.addServlet("power", SchedulerApi.POWER, ApiServlets.PowerServlet.class);
    http.addServlet("policy", SchedulerApi.POLICY, ApiServlets.PolicyServlet.class);
    http.addServlet("active", SchedulerApi.ACTIVE, ApiServlets.ActiveServlet.class);
    http.addServlet("status", SchedulerApi.STATUS, ApiServlets.StatusServlet.class);
    http.addServlet("nodes", SchedulerApi.NODES, ApiServlets.NodesServlet.class);
    http.addServlet("wake", SchedulerApi.WAKE, ApiServlets.WakeServlet.class);
    http.addServlet("energy", SchedulerApi.ENERGY, ApiServlets.EnergyServlet.class);
    http.addServlet("popularity", SchedulerApi.POPULARITY, ApiServlets.PopularityServlet.class);
    http.addServlet("held", SchedulerApi.HELD, ApiServlets.HeldServlet.class);
    http.addServlet("groups", SchedulerApi.GROUPS, ApiServlets.GroupsServlet.class);
    http.addServlet("live-groups", SchedulerApi.GROUPS_LIVE, ApiServlets.LiveGroupsServlet.class);
    http.addServlet("battery", SchedulerApi.BATTERY, ApiServlets.BatteryServlet.class);
    http.addServlet("page", "/status", StatusPageServlet.class);
  }
}
