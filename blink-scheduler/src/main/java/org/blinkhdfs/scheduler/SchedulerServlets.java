package org.blinkhdfs.scheduler;

import org.apache.hadoop.http.HttpServer2;

/** Mounts the scheduler's endpoints on its {@link HttpServer2} ({@code docs/scheduler-api.md}). */
final class SchedulerServlets {
  private SchedulerServlets() {}

  static void register(HttpServer2 http) {
    http.addServlet("schedule", "/v1/schedule", ApiServlets.ScheduleServlet.class);
    http.addServlet("power", "/v1/power", ApiServlets.PowerServlet.class);
    http.addServlet("policy", "/v1/policy", ApiServlets.PolicyServlet.class);
    http.addServlet("active", "/v1/active", ApiServlets.ActiveServlet.class);
    http.addServlet("status", "/v1/status", ApiServlets.StatusServlet.class);
    http.addServlet("nodes", "/v1/nodes", ApiServlets.NodesServlet.class);
    http.addServlet("wake", "/v1/wake", ApiServlets.WakeServlet.class);
    http.addServlet("popularity", "/v1/popularity", ApiServlets.PopularityServlet.class);
    http.addServlet("groups", "/v1/groups", ApiServlets.GroupsServlet.class);
    http.addServlet("live-groups", "/v1/groups/live", ApiServlets.LiveGroupsServlet.class);
    http.addServlet("page", "/status", StatusPageServlet.class);
  }
}
