package org.blinkhdfs.admin;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.function.UnaryOperator;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.conf.Configured;
import org.apache.hadoop.util.Tool;
import org.apache.hadoop.util.ToolRunner;
import org.blinkhdfs.common.cli.CommandLineTool;
import org.blinkhdfs.common.cli.Durations;
import org.blinkhdfs.common.config.ConfigKey;
import org.blinkhdfs.common.config.ConfigValues;
import org.blinkhdfs.daemon.http.HadoopHttpAuthenticator;
import org.blinkhdfs.group.GroupSet;
import org.blinkhdfs.model.api.BlinkApiClient;
import org.blinkhdfs.model.power.PowerLevel;
import org.blinkhdfs.model.schedule.GanttText;
import org.blinkhdfs.model.schedule.Schedule;
import org.blinkhdfs.model.schedule.ScheduleJson;
import org.blinkhdfs.model.wire.BatteryTargetJson;
import org.blinkhdfs.model.wire.SchedulerApi;
import org.blinkhdfs.model.wire.SchedulerHttp;
import org.blinkhdfs.model.wire.WakeAnswer;

/**
 * The BlinkHDFS admin tool, {@code hdfs blinkadmin} and {@code bin/blink admin}: a Hadoop {@link
 * Tool} in the style of {@code hdfs dfsadmin} that drives the power scheduler over its HTTP API
 * ({@code docs/scheduler-api.md}), and asks the write proxy's Blink API ({@code -blinkState},
 * {@code -blockInfo}, {@code -fileInfo}, {@code -serverLoad}: BlinkFS §4.3, through {@link
 * BlinkApiClient}; {@code docs/proxy.md}). One command per run; generic options ({@code -D},
 * {@code -conf}) come first, then optionally {@code -scheduler host:port} and {@code -proxy
 * host:port} (or the keys {@value SchedulerHttp#ADDRESS_KEY} and {@value
 * BlinkApiClient#ADDRESS_KEY}), then the command.
 *
 * <p><b>Exit codes and errors</b>: 0 on success and for {@code -help}/{@code --help}/{@code -h}
 * (usage on stdout); 2 on a usage error (no command, an unknown command or flag, a missing or
 * extra argument, two commands), with one line and the usage on stderr, parsed by {@link
 * CommandLineTool} like every {@code bin/blink} subcommand; -1 on any other error, with one line
 * on stderr that names the command, the argument and what is accepted. Arguments are checked
 * before anything is
 * sent where the tool can (a power level outside 0..100%, a node count outside the ring's size,
 * read from {@code GET /v1/nodes}); everything else the scheduler checks and its {@code
 * {"error": ...}} text is passed on. A missing scheduler address names {@value
 * SchedulerHttp#ADDRESS_KEY}.
 *
 * <p>Example: {@code hdfs blinkadmin -scheduler 10.0.0.5:9877 -setPower 60%} prints {@code Power
 * override set to 60%.} and the {@code -getPower} report; {@code -wake 10.0.0.13:9866 20s} asks
 * for a wake request ({@code POST /v1/wake}) and prints the hold and its epoch; a refusal (a
 * bound of the scheduler) exits -1 with the scheduler's reason.
 *
 * <p>Not thread-safe (one run at a time); holds no state between runs besides its streams.
 */
public final class BlinkAdmin extends Configured implements Tool {
  public static final ConfigKey HTTP_TIMEOUT_MS =
      new ConfigKey("blink.admin.http.timeout.ms", "10000", "ms");
  static final int GANTT_COLUMNS = 60;

  static final String USAGE = String.join("\n",
      "Usage: hdfs blinkadmin [generic options] [-scheduler <host:port>] [-proxy <host:port>]"
          + " <command>",
      "       bin/blink admin [-scheduler <host:port>] [-proxy <host:port>] <command>",
      "",
      "Commands:",
      "  -setPower <watts>W | <percent>% | signal",
      "        override the available power: whole-cluster watts (>= 0, e.g. 150W) or percent",
      "        of all DataNodes awake (0..100%, e.g. 50%); 'signal' clears the override",
      "  -getPower",
      "        available and planned power, override, signal, scheduler status, epoch and lease",
      "  -setPolicy <name>",
      "        switch the blink policy (staggered, synchronous, activation, ...)",
      "  -setRideThrough <duration>",
      "        with the battery signal: how long the UPS should carry the cluster from the",
      "        start of an outage (e.g. 90m, 2h; 1m..168h); replans at once",
      "  -schedule",
      "        the current blink interval as a text Gantt chart (# awake, . asleep)",
      "  -report",
      "        per node: role, mode, window, last status, measured sleep, silent ms, FAILED",
      "  -setActive <n> | auto",
      "        keep n ring nodes ACTIVE and the rest OFF (0..ring size); 'auto' clears it",
      "  -wake <node> <duration> [reason]",
      "        keep a DataNode (host:port) awake from now for the duration (20s, 20000ms, 1m),",
      "        even above the power budget, up to blink.scheduler.wake.max.ms and .max.nodes;",
      "        a node asleep now wakes at its next alarm (the time is printed)",
      "",
      "Application group commands (flexStore groups, Rabbit datasets; docs/groups.md):",
      "  -groups",
      "        the groups: priority, p90 target, minimum availability, roots; retired ones",
      "  -addGroup <name> [roots=/a,/b] [priority=N] [p90=<duration>] [minAvailability=F]",
      "        a new group at the end (priority 1..1000, default 1; p90 e.g. 500ms)",
      "  -setGroup <name> [priority=N] [p90=<duration>|none] [minAvailability=F|none]",
      "        change a group's priority or targets (none clears a target)",
      "  -mergeGroups <into> <from>",
      "        <into> takes <from>'s roots, the higher priority and the tighter targets",
      "  -splitGroup <group> <new-name> <root>[,<root>...]",
      "        a new group takes these roots of <group>, or directories under them",
      "  -removeGroup <name>",
      "        retire a group: its files then belong to no group",
      "",
      "Blink API commands (the proxy's /v1 API, BlinkFS getBlinkState ... getServerLoadStats):",
      "  -blinkState <node>",
      "        a DataNode (host:port): role, mode, window, awake now, remaining, next wake,",
      "        schedule epoch, and what the NameNode says (live/dead, admin state)",
      "  -blockInfo <path>",
      "        each block of an HDFS file: replicas with their windows, layout targets, missing",
      "        targets and the proxy's pending moves",
      "  -fileInfo <path>",
      "        an HDFS file's attributes, blocks in layout / staged / readable now, and the time",
      "        by which every block has had an awake replica",
      "  -serverLoad <node>",
      "        a DataNode's bytes and block operations read and written (from its metrics;",
      "        the last known values, marked STALE, while it sleeps)",
      "",
      "Layout change on a cluster with data (dry run, reads the NameNode; docs/operations.md):",
      "  -relayout <bisection|even|groups> [groups=G] [bandwidth=100m] [clientShare=0.5]",
      "            [hours=H] [path=/] [destinations=check|balanced] [ring=host:port,...]",
      "        what a change of blink.ring.spacing moves: blocks, replicas and bytes per node,",
      "        the time at each node's bandwidth minus the clients' share (or the rate for",
      "        hours=H), and the HDFS keys that pace it; changes nothing",
      "  -help, --help, -h",
      "        this text",
      "",
      "The scheduler address is -scheduler <host:port> or the key " + SchedulerHttp.ADDRESS_KEY
          + ", the proxy's",
      "-proxy <host:port> or the key " + BlinkApiClient.ADDRESS_KEY
          + " (hdfs-site.xml, -conf FILE or -D).",
      "Exit code 0 on success, 2 on a usage error (unknown command or flag, missing or extra",
      "argument; usage on stderr), -1 on any other error.");

  static final org.blinkhdfs.common.cli.Manual MANUAL = new org.blinkhdfs.common.cli.Manual(
      "hdfs blinkadmin", "administer the BlinkHDFS power scheduler and query the Blink API",
      java.util.List.of("hdfs blinkadmin [generic options] [-scheduler <host:port>]"
          + " [-proxy <host:port>] <command>", "bin/blink admin [-scheduler <host:port>]"
          + " [-proxy <host:port>] <command>"),
      java.util.List.of(
          "In the style of hdfs dfsadmin: one command per run against the scheduler's",
          "HTTP API (power, policy, active nodes, wake requests, the schedule, -report,",
          "application groups: -groups, -addGroup, ...) or the proxy's Blink API (-blinkState,",
          "-blockInfo, -fileInfo, -serverLoad). Changes need the",
          "scheduler's admin ACL; the user is the caller's Hadoop identity (simple or Kerberos)."),
      java.util.List.of("0    success (also for -help)", "2    usage error: unknown command or"
          + " flag, missing or extra argument (usage on stderr)", "255  the command failed (-1):"
          + " the scheduler or proxy unreachable, refused or answered an error"),
      java.util.List.of("hdfs blinkadmin -scheduler nn:9877 -report",
          "hdfs blinkadmin -scheduler nn:9877 -setPower 40%",
          "hdfs blinkadmin -proxy nn:9878 -fileInfo /data/part-0000",
          "hdfs blinkadmin -scheduler nn:9877 -relayout groups groups=3 bandwidth=100m"),
      java.util.List.of("docs/operations.md (The admin tool), docs/scheduler-api.md,"
          + " docs/proxy.md"));

  private static final CommandLineTool TOOL = tool();

  private final PrintStream out;
  private final PrintStream err;

  public BlinkAdmin() {
    this(null, System.out, System.err);
  }

  public BlinkAdmin(Configuration conf, PrintStream out, PrintStream err) {
    super(conf);
    this.out = out;
    this.err = err;
  }

  /** An error to print on stderr before exiting with -1. */
  static final class AdminException extends Exception {
    private static final long serialVersionUID = 1L;

    AdminException(String message) {
      super(message);
    }
  }

  private static CommandLineTool tool() {
    CommandLineTool.Builder b = CommandLineTool.builder("blinkadmin").usage(USAGE)
        .manual(MANUAL)
        .shortFlag("scheduler", "<host:port>")
        .shortFlag("proxy", "<host:port>")
        .operands(Integer.MAX_VALUE, "") // a command's extra arguments: Command#checkArity
        .unknownMessage(flag -> "unknown command '" + flag + "': use one of " + commandList());
    for (Command c : Command.values()) {
      b.shortFlag(c.optionName(), c.argsText.isEmpty() ? null : c.argsText);
    }
    return b.build();
  }

  private static String commandList() {
    List<String> flags = new ArrayList<>();
    for (Command c : Command.values()) {
      flags.add(c.flag);
    }
    return String.join(", ", flags) + ", -help";
  }

  @Override
  public int run(String[] argv) {
    return TOOL.run(argv, out, err, a -> {
      Command c = command(a);
      List<String> params = new ArrayList<>();
      if (a.has(c.optionName()) && a.get(c.optionName()) != null) {
        params.add(a.get(c.optionName()));
      }
      params.addAll(a.operands());
      c.checkArity(params);
      try {
        c.run(this, new Servers(a.get("scheduler"), a.get("proxy")), params);
        return 0;
      } catch (AdminException | IOException e) {
        err.println("blinkadmin: " + e.getMessage());
        return -1;
      }
    });
  }

  /** The one command on the command line; a usage error for none or two. */
  private static Command command(CommandLineTool.Args a) {
    List<Command> given = new ArrayList<>();
    for (Command c : Command.values()) {
      if (a.has(c.optionName())) {
        given.add(c);
      }
    }
    if (given.size() > 1) {
      throw CommandLineTool.usage("one command per run: got " + given.get(0).flag + " and "
          + given.get(1).flag);
    }
    if (given.isEmpty()) {
      throw CommandLineTool.usage(a.operands().isEmpty()
          ? "no command given: use one of " + commandList()
          : "unknown command '" + a.operands().get(0) + "': use one of " + commandList());
    }
    return given.get(0);
  }

  private SchedulerHttp http(String flagAddress) throws AdminException {
    Configuration conf = getConf() == null ? new Configuration() : getConf();
    String address = flagAddress != null ? flagAddress.trim()
        : conf.getTrimmed(SchedulerHttp.ADDRESS_KEY, "");
    String source = flagAddress != null ? "-scheduler" : SchedulerHttp.ADDRESS_KEY;
    if (address.isEmpty()) {
      throw new AdminException("no scheduler address: give -scheduler <host:port> or set "
          + SchedulerHttp.ADDRESS_KEY + " to the scheduler's HTTP address (host:port, e.g."
          + " 10.0.0.5:9877) in hdfs-site.xml, a -conf file or -D");
    }
    try {
      return HadoopHttpAuthenticator.schedulerClient(conf, address, timeoutMs(conf));
    } catch (IllegalArgumentException e) {
      throw new AdminException(source + " '" + address + "': " + e.getMessage());
    }
  }

  /** The scheduler's and the proxy's clients, built when a command first needs one. */
  final class Servers {
    private final String schedulerFlag;
    private final String proxyFlag;

    Servers(String schedulerFlag, String proxyFlag) {
      this.schedulerFlag = schedulerFlag;
      this.proxyFlag = proxyFlag;
    }

    SchedulerHttp scheduler() throws AdminException {
      return http(schedulerFlag);
    }

    BlinkApiClient proxy() throws AdminException {
      Configuration conf = getConf() == null ? new Configuration() : getConf();
      String address = proxyFlag != null ? proxyFlag.trim()
          : conf.getTrimmed(BlinkApiClient.ADDRESS_KEY, "");
      if (address.isEmpty()) {
        throw new AdminException("no proxy address: give -proxy <host:port> or set "
            + BlinkApiClient.ADDRESS_KEY + " to the proxy's HTTP address (its"
            + " blink.proxy.http.address, e.g. 10.0.0.5:9878) in hdfs-site.xml, a -conf file or"
            + " -D");
      }
      try {
        return new BlinkApiClient(address, timeoutMs(conf), HadoopHttpAuthenticator.INSTANCE);
      } catch (IllegalArgumentException e) {
        throw new AdminException((proxyFlag != null ? "-proxy" : BlinkApiClient.ADDRESS_KEY)
            + ": " + e.getMessage());
      }
    }
  }

  private static int timeoutMs(Configuration conf) {
    return (int) ConfigValues.longIn(conf::get, HTTP_TIMEOUT_MS, 10, 600_000);
  }

  // ---- commands ---------------------------------------------------------------------------

  void setPower(SchedulerHttp http, String arg) throws AdminException, IOException {
    String body;
    if (arg.equalsIgnoreCase("signal")) {
      body = "signal";
    } else {
      try {
        body = PowerLevel.parse("-setPower", arg).toString();
      } catch (IllegalArgumentException e) {
        throw new AdminException(e.getMessage());
      }
    }
    JsonNode p = expectOk(http.putText(SchedulerApi.POWER, body), "-setPower " + arg).json();
    out.println(body.equals("signal") ? "Power override cleared: following the signal."
        : "Power override set to " + body + ".");
    out.print(AdminFormat.power(p));
  }

  void getPower(SchedulerHttp http) throws AdminException, IOException {
    out.print(AdminFormat.power(expectOk(http.get(SchedulerApi.POWER, "application/json"),
        "-getPower").json()));
  }

  void setPolicy(SchedulerHttp http, String name) throws AdminException, IOException {
    SchedulerHttp.Response r = http.putText(SchedulerApi.POLICY, name);
    if (r.status() == 400) {
      String msg = r.errorMessage();
      String known = knownPolicies(http);
      boolean listed = msg.contains(known.split(", ")[0]);
      throw new AdminException("-setPolicy '" + name + "' was refused: " + msg
          + (listed ? "" : " (known policies: " + known + ")"));
    }
    JsonNode p = expectOk(r, "-setPolicy " + name).json();
    out.println("Policy set to " + p.path("policy").asText(name) + ".");
  }

  void setRideThrough(SchedulerHttp http, String arg) throws AdminException, IOException {
    long ms;
    try {
      ms = BatteryTargetJson.checked("-setRideThrough", arg);
    } catch (IllegalArgumentException e) {
      throw new AdminException(e.getMessage());
    }
    JsonNode b = expectOk(http.putText(SchedulerApi.BATTERY, BatteryTargetJson.write(ms)),
        "-setRideThrough " + arg).json();
    out.println("Ride-through target set to " + arg + " (" + ms + " ms).");
    out.print(AdminFormat.battery(b));
  }

  private static String knownPolicies(SchedulerHttp http) {
    try {
      List<String> names = new ArrayList<>();
      http.get(SchedulerApi.POLICY, "application/json").requireSuccess().json().path("policies")
          .forEach(n -> names.add(n.asText()));
      return String.join(", ", names);
    } catch (IOException e) {
      return "unavailable: " + e.getMessage();
    }
  }

  void setActive(SchedulerHttp http, String arg) throws AdminException, IOException {
    String body = arg.trim().toLowerCase(Locale.ROOT);
    if (!body.equals("auto")) {
      int ring = ringSize(http);
      int n;
      try {
        n = Integer.parseInt(body);
      } catch (NumberFormatException e) {
        throw new AdminException("-setActive '" + arg + "' is not a node count: give a whole"
            + " number in 0.." + ring + " (the ring has " + ring + " nodes) or auto");
      }
      if (n < 0 || n > ring) {
        throw new AdminException("-setActive " + n + " is outside 0.." + ring + " (the ring has "
            + ring + " nodes): give a count in that range, or auto to clear the override");
      }
      body = Integer.toString(n);
    }
    JsonNode a = expectOk(http.putText(SchedulerApi.ACTIVE, body), "-setActive " + arg).json();
    JsonNode v = a.get("activeOverride");
    out.println(v == null || v.isNull() ? "Active-node override cleared: the policy decides."
        : "Active nodes set to " + v.asInt() + ": the other ring nodes are OFF.");
  }

  void wake(SchedulerHttp http, List<String> p) throws AdminException, IOException {
    String node = p.get(0);
    long ms;
    try {
      ms = Durations.parseMs(p.get(1));
    } catch (IllegalArgumentException e) {
      throw new AdminException("-wake duration " + e.getMessage());
    }
    String reason = p.size() > 2 ? p.get(2) : "blinkadmin -wake";
    WakeAnswer a;
    try {
      a = http.requestWake(node, ms, reason);
    } catch (IllegalArgumentException e) {
      throw new AdminException("-wake " + String.join(" ", p) + ": " + e.getMessage());
    }
    if (a.isRefused()) {
      throw new AdminException("-wake " + node + " " + p.get(1) + " was refused: " + a.message());
    }
    out.print(AdminFormat.wake(a, System.currentTimeMillis()));
  }

  private static int ringSize(SchedulerHttp http) throws AdminException, IOException {
    int ring = 0;
    for (JsonNode n : expectOk(http.get(SchedulerApi.NODES, "application/json"), "-setActive")
        .json().path("nodes")) {
      ring += "STAGING".equals(n.path("role").asText()) ? 0 : 1;
    }
    return ring;
  }

  void schedule(SchedulerHttp http) throws AdminException, IOException {
    SchedulerHttp.Response r = http.get(SchedulerApi.SCHEDULE, "application/json");
    if (r.status() == 404) {
      out.println("No schedule published: every DataNode is awake.");
      return;
    }
    Schedule s;
    try {
      s = ScheduleJson.read(new ByteArrayInputStream(expectOk(r, "-schedule").body()));
    } catch (IllegalArgumentException e) {
      throw new AdminException("-schedule: GET " + r.url() + " returned an invalid schedule: "
          + e.getMessage());
    }
    out.print(GanttText.render(s, GANTT_COLUMNS));
    long now = System.currentTimeMillis();
    out.println(s.validUntilMs().isEmpty() ? "lease: none (no expiry)"
        : "lease: until " + Instant.ofEpochMilli(s.validUntilMs().getAsLong())
            + (s.isExpired(now) ? " (EXPIRED: every node counts as awake)" : ""));
  }

  void report(SchedulerHttp http) throws AdminException, IOException {
    JsonNode power = expectOk(http.get(SchedulerApi.POWER, "application/json"), "-report").json();
    out.print(AdminFormat.report(power,
        expectOk(http.get(SchedulerApi.NODES, "application/json"), "-report").json()));
  }

  void editGroups(Servers s, String flag, String done,
      UnaryOperator<GroupSet> edit)
      throws AdminException, IOException {
    GroupSet stored = GroupCommands.edit(s.scheduler(), flag, edit);
    out.println(done + " (revision " + stored.revision() + ").");
    out.print(GroupCommands.format(stored));
  }

  private static SchedulerHttp.Response expectOk(SchedulerHttp.Response r, String what)
      throws AdminException {
    if (!r.isSuccess()) {
      throw new AdminException(what + ": the scheduler answered " + r.status() + " ("
          + r.method() + " " + r.url() + "): " + r.errorMessage());
    }
    return r;
  }

  /** The commands, their flags and argument counts. */
  enum Command {
    SET_POWER("-setPower", "<watts>W | <percent>% | signal") {
      @Override
      void run(BlinkAdmin a, Servers s, List<String> p) throws AdminException, IOException {
        a.setPower(s.scheduler(), p.get(0));
      }
    },
    GET_POWER("-getPower", "") {
      @Override
      void run(BlinkAdmin a, Servers s, List<String> p) throws AdminException, IOException {
        a.getPower(s.scheduler());
      }
    },
    SET_POLICY("-setPolicy", "<name>") {
      @Override
      void run(BlinkAdmin a, Servers s, List<String> p) throws AdminException, IOException {
        a.setPolicy(s.scheduler(), p.get(0));
      }
    },
    SET_RIDE_THROUGH("-setRideThrough", "<duration>") {
      @Override
      void run(BlinkAdmin a, Servers s, List<String> p) throws AdminException, IOException {
        a.setRideThrough(s.scheduler(), p.get(0));
      }
    },
    SCHEDULE("-schedule", "") {
      @Override
      void run(BlinkAdmin a, Servers s, List<String> p) throws AdminException, IOException {
        a.schedule(s.scheduler());
      }
    },
    REPORT("-report", "") {
      @Override
      void run(BlinkAdmin a, Servers s, List<String> p) throws AdminException, IOException {
        a.report(s.scheduler());
      }
    },
    SET_ACTIVE("-setActive", "<n> | auto") {
      @Override
      void run(BlinkAdmin a, Servers s, List<String> p) throws AdminException, IOException {
        a.setActive(s.scheduler(), p.get(0));
      }
    },
    WAKE("-wake", "<node> <duration> [reason]", 2, 3) {
      @Override
      void run(BlinkAdmin a, Servers s, List<String> p) throws AdminException, IOException {
        a.wake(s.scheduler(), p);
      }
    },
    GROUPS("-groups", "") {
      @Override
      void run(BlinkAdmin a, Servers s, List<String> p) throws AdminException, IOException {
        a.out.print(GroupCommands.format(GroupCommands.read(s.scheduler(), "-groups")));
      }
    },
    ADD_GROUP("-addGroup", "<name> [roots=/a,/b] [priority=N] [p90=D] [minAvailability=F]",
        1, 5) {
      @Override
      void run(BlinkAdmin a, Servers s, List<String> p) throws AdminException, IOException {
        a.editGroups(s, flag, "Group '" + p.get(0) + "' added", GroupCommands.add(p));
      }
    },
    SET_GROUP("-setGroup", "<name> [priority=N] [p90=D|none] [minAvailability=F|none]", 2, 4) {
      @Override
      void run(BlinkAdmin a, Servers s, List<String> p) throws AdminException, IOException {
        a.editGroups(s, flag, "Group '" + p.get(0) + "' changed", GroupCommands.set(p));
      }
    },
    MERGE_GROUPS("-mergeGroups", "<into> <from>", 2, 2) {
      @Override
      void run(BlinkAdmin a, Servers s, List<String> p) throws AdminException, IOException {
        a.editGroups(s, flag, "Group '" + p.get(1) + "' merged into '" + p.get(0) + "'",
            set -> set.merge(p.get(0), p.get(1)));
      }
    },
    SPLIT_GROUP("-splitGroup", "<group> <new-name> <root>[,<root>...]", 3, 3) {
      @Override
      void run(BlinkAdmin a, Servers s, List<String> p) throws AdminException, IOException {
        List<String> roots = Arrays.stream(p.get(2).split(",")).map(String::trim)
            .filter(r -> !r.isEmpty()).toList();
        a.editGroups(s, flag, "Group '" + p.get(1) + "' split from '" + p.get(0) + "'",
            set -> set.split(p.get(0), p.get(1), roots));
      }
    },
    REMOVE_GROUP("-removeGroup", "<name>") {
      @Override
      void run(BlinkAdmin a, Servers s, List<String> p) throws AdminException, IOException {
        a.editGroups(s, flag, "Group '" + p.get(0) + "' removed", set -> set.remove(p.get(0)));
      }
    },
    BLINK_STATE("-blinkState", "<node>") {
      @Override
      void run(BlinkAdmin a, Servers s, List<String> p) throws AdminException, IOException {
        a.out.print(ApiFormat.state(s.proxy().getBlinkState(p.get(0))));
      }
    },
    BLOCK_INFO("-blockInfo", "<path>") {
      @Override
      void run(BlinkAdmin a, Servers s, List<String> p) throws AdminException, IOException {
        a.out.print(ApiFormat.blocks(s.proxy().getBlockInfo(p.get(0))));
      }
    },
    FILE_INFO("-fileInfo", "<path>") {
      @Override
      void run(BlinkAdmin a, Servers s, List<String> p) throws AdminException, IOException {
        a.out.print(ApiFormat.file(s.proxy().getFileInfo(p.get(0))));
      }
    },
    SERVER_LOAD("-serverLoad", "<node>") {
      @Override
      void run(BlinkAdmin a, Servers s, List<String> p) throws AdminException, IOException {
        a.out.print(ApiFormat.load(s.proxy().getServerLoadStats(p.get(0))));
      }
    },
    RELAYOUT("-relayout", RelayoutCommand.ARGS, 1, 8) {
      @Override
      void run(BlinkAdmin a, Servers s, List<String> p) throws AdminException, IOException {
        a.out.print(RelayoutCommand.run(a.getConf() == null ? new Configuration() : a.getConf(),
            s, p));
      }
    };

    final String flag;
    final String argsText;
    final int minArgs;
    final int maxArgs;

    /** A command with no argument, or exactly one when {@code argsText} is not empty. */
    Command(String flag, String argsText) {
      this(flag, argsText, argsText.isEmpty() ? 0 : 1, argsText.isEmpty() ? 0 : 1);
    }

    Command(String flag, String argsText, int minArgs, int maxArgs) {
      this.flag = flag;
      this.argsText = argsText;
      this.minArgs = minArgs;
      this.maxArgs = maxArgs;
    }

    abstract void run(BlinkAdmin admin, Servers servers, List<String> params)
        throws AdminException, IOException;

    /** The commons-cli option name: the flag without its dash. */
    String optionName() {
      return flag.substring(1);
    }

    /** {@link #minArgs}..{@link #maxArgs} arguments; a usage error otherwise. */
    void checkArity(List<String> params) {
      if (params.size() < minArgs || params.size() > maxArgs) {
        String want = maxArgs == 0 ? " takes no arguments"
            : minArgs == 1 && maxArgs == 1 ? " needs exactly one argument"
            : " needs " + minArgs + " to " + maxArgs + " arguments";
        throw CommandLineTool.usage(flag + want + ", got " + (params.isEmpty() ? "none" : params)
            + ": usage " + flag + (argsText.isEmpty() ? "" : " " + argsText));
      }
    }
  }

  public static void main(String[] args) throws Exception {
    Configuration conf = new Configuration();
    conf.addResource("hdfs-site.xml");
    System.exit(ToolRunner.run(conf, new BlinkAdmin(conf, System.out, System.err), args));
  }
}
