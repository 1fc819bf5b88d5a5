package org.blinkhdfs.admin;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.BlockLocation;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.LocatedFileStatus;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.RemoteIterator;
import org.blinkhdfs.admin.BlinkAdmin.AdminException;
import org.blinkhdfs.layout.LayoutModel;
import org.blinkhdfs.layout.migrate.BlockReplicas;
import org.blinkhdfs.layout.migrate.ByteUnits;
import org.blinkhdfs.layout.migrate.DestinationRule;
import org.blinkhdfs.layout.migrate.RelayoutPace;
import org.blinkhdfs.layout.migrate.RelayoutPlan;
import org.blinkhdfs.layout.migrate.RelayoutPlanner;
import org.blinkhdfs.layout.migrate.RelayoutReport;
import org.blinkhdfs.layout.phase.PhaseGroupLayoutModel;
import org.blinkhdfs.layout.ring.RingLayoutModel;
import org.blinkhdfs.layout.ring.RingSpacing;
import org.blinkhdfs.model.schedule.Schedule;
import org.blinkhdfs.model.schedule.ScheduleJson;
import org.blinkhdfs.model.wire.SchedulerApi;
import org.blinkhdfs.model.wire.SchedulerHttp;

/**
 * {@code blinkadmin -relayout}: the dry run of a layout change on a cluster with data. It reads
 * the ring (the scheduler's schedule, or {@code ring=}) and every block's holders under a path
 * (the HDFS client's {@code listFiles}, one NameNode call per batch of files), plans the change
 * with {@link RelayoutPlanner} and prints {@link RelayoutReport}: what moves, how much, the time at
 * a bandwidth and the HDFS keys that pace it. It changes nothing.
 *
 * <p>Arguments: {@code <bisection|even|groups>} then {@code key=value}: {@code groups} (G, for
 * groups; default the key {@value #GROUPS_KEY}), {@code bandwidth} (each DataNode's, default
 * {@value #DEFAULT_BANDWIDTH}), {@code clientShare} (default {@value #DEFAULT_CLIENT_SHARE}),
 * {@code hours} (a target time), {@code path} (default {@code /}), {@code destinations}
 * ({@code balanced}, the default: the member that will hold the least, close to the NameNode's
 * correction, which copies to the least-used usable member of the group; or {@code check}, the
 * layout check's own suggestion, for comparison), {@code ring}
 * (comma-separated transfer addresses in ring order, instead of asking the scheduler).
 *
 * <p>The adapter is thin: {@link #blocks} converts the client's {@link LocatedFileStatus} records
 * to the planner's input (one {@link BlockReplicas} per block, holders by transfer address, the
 * file's replication; a corrupt block counts as held by no one); everything else is pure.
 */
final class RelayoutCommand {
  /** The phase-group count key of the NameNode and the scheduler (issue 39). */
  static final String GROUPS_KEY = "blink.phase.groups";
  static final String DEFAULT_BANDWIDTH = "100m";
  static final String DEFAULT_CLIENT_SHARE = "0.5";
  static final String ARGS = "<bisection|even|groups> [groups=G] [bandwidth=100m]"
      + " [clientShare=0.5] [hours=H] [path=/] [destinations=balanced|check]"
      + " [ring=host:port,...]";
  private static final List<String> KEYS = List.of("groups", "bandwidth", "clientShare",
      "hours", "path", "destinations", "ring");

  /** The parsed arguments. */
  record Options(String to, int groups, double bandwidth, double clientShare, double hours,
      String path, DestinationRule rule, List<String> ring) {
  }

  private RelayoutCommand() {
  }

  /** Plans and formats the report (the command's output). */
  static String run(Configuration conf, BlinkAdmin.Servers servers, List<String> params)
      throws AdminException, IOException {
    Options o = parse(params, conf);
    List<String> ring = o.ring().isEmpty() ? ring(servers.scheduler()) : o.ring();
    FileSystem fs = FileSystem.get(conf);
    if (!"hdfs".equals(fs.getScheme())) {
      throw new AdminException("-relayout: the default file system " + fs.getUri() + " is not"
          + " HDFS: give -fs hdfs://<namenode>:<port> or set fs.defaultFS");
    }
    List<BlockReplicas> blocks = blocks(fs.listFiles(new Path(o.path()), true));
    double interval = conf.getTimeDuration("dfs.namenode.redundancy.interval.seconds", 3,
        TimeUnit.SECONDS, TimeUnit.MILLISECONDS) / 1000.0;
    return "file system " + fs.getUri() + ", path " + o.path() + "\n"
        + report(o, ring, blocks, interval);
  }

  /** The report for blocks already read (pure apart from the parsing done). */
  static String report(Options o, List<String> ring, List<BlockReplicas> blocks,
      double intervalSeconds) throws AdminException {
    LayoutModel target = model(o, ring.size());
    RelayoutPlan plan;
    RelayoutPace pace;
    try {
      plan = new RelayoutPlanner(ring, target, o.rule()).plan(blocks);
      pace = RelayoutPace.of(plan, o.bandwidth(), o.clientShare(), o.hours(), ring.size(),
          intervalSeconds);
    } catch (IllegalArgumentException e) {
      throw new AdminException("-relayout: " + e.getMessage());
    }
    return RelayoutReport.format(plan, pace, o.rule());
  }

  /** The target layout on a ring of {@code n}. */
  static LayoutModel model(Options o, int n) {
    return switch (o.to()) {
      case "bisection" -> new RingLayoutModel(n, RingSpacing.BISECTION);
      case "even" -> new RingLayoutModel(n, RingSpacing.EVEN);
      default -> new PhaseGroupLayoutModel(n, o.groups());
    };
  }

  /**
   * One {@link BlockReplicas} per block of every file {@code files} lists, numbered in listing
   * order (the client API carries no block ID, and the plan needs only a key).
   */
  static List<BlockReplicas> blocks(RemoteIterator<LocatedFileStatus> files) throws IOException {
    List<BlockReplicas> out = new ArrayList<>();
    while (files.hasNext()) {
      LocatedFileStatus f = files.next();
      for (BlockLocation b : f.getBlockLocations()) {
        List<String> holders = b.isCorrupt() ? List.of()
            : Arrays.stream(b.getNames()).distinct().toList();
        out.add(new BlockReplicas(out.size(), b.getLength(), Math.max(1, f.getReplication()),
            holders));
      }
    }
    return out;
  }

  /** The ring of the schedule the scheduler publishes. */
  static List<String> ring(SchedulerHttp http) throws AdminException, IOException {
    SchedulerHttp.Response r = http.get(SchedulerApi.SCHEDULE, "application/json");
    if (r.status() == 404) {
      throw new AdminException("-relayout: the scheduler publishes no schedule, so the ring"
          + " order is unknown: give ring=host:port,host:port,... (the DataNodes' transfer"
          + " addresses in ring order)");
    }
    if (!r.isSuccess()) {
      throw new AdminException("-relayout: the scheduler answered " + r.status() + " ("
          + r.method() + " " + r.url() + "): " + r.errorMessage());
    }
    try {
      Schedule s = ScheduleJson.read(new ByteArrayInputStream(r.body()));
      return s.ring();
    } catch (IllegalArgumentException e) {
      throw new AdminException("-relayout: GET " + r.url() + " returned an invalid schedule: "
          + e.getMessage());
    }
  }

  /** Parses {@code <to> [key=value ...]} (class comment). */
  static Options parse(List<String> params, Configuration conf) throws AdminException {
    String to = params.get(0).trim().toLowerCase(Locale.ROOT);
    if (!List.of("bisection", "even", "groups").contains(to)) {
      throw new AdminException("-relayout '" + params.get(0) + "' is not a layout: use"
          + " bisection, even or groups (the values of blink.ring.spacing)");
    }
    Map<String, String> kv = new HashMap<>();
    for (String p : params.subList(1, params.size())) {
      int eq = p.indexOf('=');
      String key = eq < 0 ? p : p.substring(0, eq);
      if (eq < 0 || !KEYS.contains(key)) {
        throw new AdminException("-relayout: '" + p + "' is not one of " + String.join("=, ",
            KEYS) + "= (usage -relayout " + ARGS + ")");
      }
      if (kv.put(key, p.substring(eq + 1).trim()) != null) {
        throw new AdminException("-relayout: " + key + "= is given twice");
      }
    }
    int groups = 0;
    if (to.equals("groups")) {
      String g = kv.getOrDefault("groups", conf.getTrimmed(GROUPS_KEY, ""));
      String source = kv.containsKey("groups") ? "groups" : GROUPS_KEY;
      if (g.isEmpty()) {
        throw new AdminException("-relayout groups needs the group count: give groups=G (the"
            + " replication the design serves, e.g. 3) or set " + GROUPS_KEY);
      }
      try {
        groups = Integer.parseInt(g);
      } catch (NumberFormatException e) {
        groups = 0;
      }
      if (groups < 1) {
        throw new AdminException("-relayout " + source + "='" + g + "' must be a whole number"
            + " of phase groups, at least 1 (the replication the design serves, e.g. 3)");
      }
    }
    double bandwidth;
    try {
      bandwidth = ByteUnits.parseRate("bandwidth", kv.getOrDefault("bandwidth",
          DEFAULT_BANDWIDTH));
    } catch (IllegalArgumentException e) {
      throw new AdminException("-relayout " + e.getMessage());
    }
    double share = number("clientShare", kv.getOrDefault("clientShare", DEFAULT_CLIENT_SHARE),
        0, Math.nextDown(1.0), "0 up to below 1 (the share of each node's bandwidth kept for"
            + " clients)");
    double hours = number("hours", kv.getOrDefault("hours", "0"), 0, 1e6,
        "0 (as fast as the client share allows) up to 1e6");
    String path = kv.getOrDefault("path", "/");
    if (!path.startsWith("/")) {
      throw new AdminException("-relayout path='" + path + "' must be absolute, e.g. /data");
    }
    String d = kv.getOrDefault("destinations", "balanced").toLowerCase(Locale.ROOT);
    if (!d.equals("check") && !d.equals("balanced")) {
      throw new AdminException("-relayout destinations='" + d + "' must be balanced (the"
          + " least-used member, as the NameNode's correction picks) or check (the check's own"
          + " suggestion, for comparison)");
    }
    List<String> ring = kv.containsKey("ring") ? Arrays.stream(kv.get("ring").split(","))
        .map(String::trim).filter(s -> !s.isEmpty()).toList() : List.of();
    return new Options(to, groups, bandwidth, share, hours, path,
        DestinationRule.valueOf(d.toUpperCase(Locale.ROOT)), ring);
  }

  private static double number(String key, String value, double min, double max,
      String range) throws AdminException {
    double v;
    try {
      v = Double.parseDouble(value);
    } catch (NumberFormatException e) {
      v = Double.NaN;
    }
    if (!(v >= min && v <= max)) {
      throw new AdminException("-relayout " + key + "='" + value + "' must be a number from "
          + range);
    }
    return v;
  }
}
