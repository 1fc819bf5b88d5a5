package org.blinkhdfs.placement;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.hadoop.hdfs.protocol.DatanodeAdminProperties;
import org.apache.hadoop.hdfs.protocol.DatanodeInfo.AdminStates;
import org.apache.hadoop.hdfs.util.CombinedHostsFileReader;
import org.blinkhdfs.common.time.ManualClock;
import org.blinkhdfs.layout.maintenance.MaintenancePlan;
import org.blinkhdfs.layout.maintenance.MaintenancePlanner;
import org.blinkhdfs.layout.maintenance.MaintenanceSettings;
import org.blinkhdfs.model.schedule.NodeMode;
import org.blinkhdfs.model.schedule.NodeSchedule;
import org.blinkhdfs.model.schedule.Schedule;
import org.blinkhdfs.model.schedule.ScheduleState;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The keeper without a NameNode: the refresh and the silence test are plain lambdas. It writes
 * the hosts file Hadoop reads, refreshes only on change and gives up on a failing plan after a
 * bounded number of attempts.
 */
class MaintenanceKeeperTest {
  static final long T = 1_790_000_000_000L;
  static final String A = "127.0.0.1:9001";
  static final String B = "127.0.0.1:9002";

  @TempDir
  Path dir;

  final ManualClock clock = new ManualClock(T);
  ScheduleState state;
  final Set<String> silent = new HashSet<>();
  final AtomicInteger refreshes = new AtomicInteger();
  boolean refreshFails;

  static ScheduleState modes(NodeMode a, NodeMode b) {
    return new ScheduleState(ScheduleState.Status.OK, Optional.of(Schedule.builder().epoch(1)
        .intervalStartMs(T).intervalMs(60_000).add(NodeSchedule.of(A, a))
        .add(NodeSchedule.of(B, b)).build()), "test");
  }

  MaintenanceKeeper keeper(MaintenanceHostsFile file) {
    return new MaintenanceKeeper(() -> state, clock,
        new MaintenancePlanner(new MaintenanceSettings(5_000, 1_000, 600_000, 60_000)), file,
        () -> {
          refreshes.incrementAndGet();
          if (refreshFails) {
            throw new IOException("refresh refused");
          }
        }, silent::contains, n -> 0, 1_000, MaintenancePlan.empty());
  }

  @Test
  void writesTheCombinedHostsFileAndRefreshesOnlyOnChange() throws Exception {
    MaintenanceHostsFile file = new MaintenanceHostsFile(dir.resolve("hosts.json"));
    MaintenanceKeeper k = keeper(file);
    state = modes(NodeMode.OFF, NodeMode.ACTIVE);
    k.tick();
    assertEquals(1, refreshes.get());
    DatanodeAdminProperties[] entries = CombinedHostsFileReader.readFile(file.path().toString());
    assertEquals(1, entries.length);
    assertEquals("127.0.0.1", entries[0].getHostName());
    assertEquals(9001, entries[0].getPort());
    assertEquals(AdminStates.IN_MAINTENANCE, entries[0].getAdminState());
    assertEquals(T + 600_000, entries[0].getMaintenanceExpireTimeInMS());
    assertEquals(MaintenancePlan.of(Map.of(A, T + 600_000)), file.read());

    clock.advance(1_000);
    k.tick();
    assertEquals(1, refreshes.get(), "nothing changed: no rewrite, no refresh");

    state = modes(NodeMode.ACTIVE, NodeMode.ACTIVE);
    silent.add(A);
    k.tick();
    assertEquals(1, refreshes.get(), "awake in the schedule but not heard from: still held");
    silent.clear();
    k.tick();
    assertEquals(2, refreshes.get());
    assertEquals(MaintenancePlan.empty(), file.read());
    assertEquals("[]", Files.readString(file.path()).trim());
    assertEquals(0, CombinedHostsFileReader.readFile(file.path().toString()).length);
  }

  @Test
  void aFailingPlanIsRetriedAtMostMaxAttemptsUntilThePlanChanges() throws Exception {
    MaintenanceKeeper k = keeper(new MaintenanceHostsFile(dir.resolve("hosts.json")));
    state = modes(NodeMode.OFF, NodeMode.ACTIVE);
    refreshFails = true;
    for (int i = 0; i < 50; i++) {
      k.tick();
      clock.advance(1_000);
    }
    assertEquals(MaintenanceKeeper.MAX_ATTEMPTS, refreshes.get());
    assertEquals(MaintenanceKeeper.MAX_ATTEMPTS, k.failures());
    assertEquals(MaintenancePlan.empty(), k.applied(), "HDFS never took the plan");

    refreshFails = false;
    state = modes(NodeMode.OFF, NodeMode.OFF); // a new plan: tried again at once
    k.tick();
    assertEquals(MaintenanceKeeper.MAX_ATTEMPTS + 1, refreshes.get());
    assertEquals(Set.of(A, B), k.applied().nodes());
  }

  @Test
  void anOperatorsRuntimeEntriesSurviveEveryMaintenanceChangeAndWin() throws Exception {
    Path f = dir.resolve("hosts.json");
    MaintenanceHostsFile file = new MaintenanceHostsFile(f);
    MaintenanceKeeper k = keeper(file);
    state = modes(NodeMode.OFF, NodeMode.ACTIVE);
    k.tick();
    assertEquals(Set.of(A), file.read().nodes());
    // At run time the operator decommissions B and adds an include entry for a third node,
    // rewriting the file with BlinkHDFS's entry kept, as an operator would.
    String ours = Files.readString(f).trim();
    Files.writeString(f, ours.substring(0, ours.length() - 1) + ", {\"hostName\": \"127.0.0.1\","
        + " \"port\": 9002, \"adminState\": \"DECOMMISSIONED\"}, {\"hostName\":"
        + " \"127.0.0.1\", \"port\": 9003}]");

    state = modes(NodeMode.ACTIVE, NodeMode.OFF); // A wakes, B goes OFF: a maintenance change
    k.tick();
    Map<String, AdminStates> byNode = new java.util.TreeMap<>();
    for (DatanodeAdminProperties p : CombinedHostsFileReader.readFile(f.toString())) {
      byNode.put(p.getHostName() + ":" + p.getPort(), p.getAdminState());
    }
    assertEquals(Map.of(B, AdminStates.DECOMMISSIONED, "127.0.0.1:9003", AdminStates.NORMAL),
        byNode, "A released; B left decommissioned (not put in maintenance over it); the"
            + " include entry kept");
    assertEquals(MaintenancePlan.empty(), file.read(), "no entry of BlinkHDFS's is left");

    state = modes(NodeMode.OFF, NodeMode.OFF);
    k.tick();
    assertEquals(Set.of(A), file.read().nodes());
    assertEquals(3, refreshes.get(), "three plan changes, three refreshes");
    try (var tmp = Files.list(dir)) {
      assertEquals(1, tmp.count(), "no temporary file left beside " + f);
    }
  }

  @Test
  void atStartTheIn_MaintenanceEntriesAreBlinksAndTheRestIsReadNotRefused() throws Exception {
    Path f = dir.resolve("hosts.json");
    Files.writeString(f, "[{\"hostName\": \"127.0.0.1\", \"port\": 9001, \"adminState\":"
        + " \"DECOMMISSIONED\"}, {\"hostName\": \"127.0.0.1\"}, {\"hostName\": \"127.0.0.1\","
        + " \"port\": 9002, \"adminState\": \"IN_MAINTENANCE\","
        + " \"maintenanceExpireTimeInMS\": 7}]");
    assertEquals(MaintenancePlan.of(Map.of(B, 7L)), new MaintenanceHostsFile(f).read());
    assertEquals(MaintenancePlan.empty(),
        new MaintenanceHostsFile(dir.resolve("missing.json")).read());
  }
}
