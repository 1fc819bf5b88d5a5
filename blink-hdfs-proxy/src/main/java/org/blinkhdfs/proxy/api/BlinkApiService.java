package org.blinkhdfs.proxy.api;

import java.io.FileNotFoundException;
import java.io.IOException;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Function;
import java.util.function.Supplier;
import javax.servlet.http.HttpServletResponse;
import org.apache.hadoop.hdfs.DFSClient;
import org.apache.hadoop.hdfs.DFSUtilClient;
import org.apache.hadoop.hdfs.DistributedFileSystem;
import org.apache.hadoop.hdfs.protocol.HdfsFileStatus;
import org.apache.hadoop.hdfs.protocol.LocatedBlock;
import org.apache.hadoop.hdfs.protocol.LocatedBlocks;
import org.apache.hadoop.security.UserGroupInformation;
import org.blinkhdfs.daemon.http.JsonServlet.BadRequest;
import org.blinkhdfs.layout.LayoutModel;
import org.blinkhdfs.model.api.BlockInfo;
import org.blinkhdfs.model.api.FileBlocks;
import org.blinkhdfs.model.api.FileInfo;
import org.blinkhdfs.model.api.NodeState;
import org.blinkhdfs.model.api.NodeTiming;
import org.blinkhdfs.model.api.ScheduleRef;
import org.blinkhdfs.model.api.ServerLoad;
import org.blinkhdfs.model.schedule.InvalidScheduleException;
import org.blinkhdfs.model.schedule.NodeAddress;
import org.blinkhdfs.model.schedule.Schedule;
import org.blinkhdfs.model.schedule.ScheduleState;
import org.blinkhdfs.proxy.drain.LayoutContext;
import org.blinkhdfs.proxy.drain.LiveNodes;

/**
 * The Blink API of BlinkFS §4.3 as the proxy answers it ({@code /v1/state}, {@code /v1/blocks},
 * {@code /v1/file}, {@code /v1/load}; {@code docs/proxy.md}, "Blink API"): each answer joins the
 * schedule in force, the NameNode's view, the layout computed by the NameNode's layout classes,
 * the drain's pending copies and, for load, the DataNodes' metrics.
 *
 * <p>Who asks the NameNode: a path ({@code getFileInfo}, {@code getBlockLocations}) is looked up
 * as the authenticated caller ({@link CallerNameNode}: the proxy's login user impersonating him),
 * so HDFS's permissions decide what he sees: 401 without a caller, 403 where HDFS refuses him.
 * The proxy's own (superuser) client answers only what names no file: the DataNode reports for
 * {@code /v1/state} and {@code /v1/load} and the storage report the layout needs.
 *
 * <p>Errors are {@link BadRequest}s with the API's statuses and messages that name the field,
 * the value and the fix: 400 a malformed node or path, 401 a path asked for by no one, 403 a
 * path HDFS refuses the caller, 404 an unknown node or path, 503 the
 * NameNode failed or a DataNode's metrics were never readable. Nothing is retried: every answer
 * is computed fresh from one schedule at one instant ({@code nowMs}).
 *
 * <p>Thread-safe (servlet threads call it concurrently); the layout of the current ring is
 * cached, as the drain caches it.
 */
public final class BlinkApiService {
  /** Largest file, in blocks, one answer covers (12.8 TB at 128 MB blocks). */
  static final int MAX_BLOCKS = 100_000;

  private final DistributedFileSystem fs;
  private final DFSClient client;
  private final CallerNameNode asCaller;
  private final Supplier<ScheduleState> schedules;
  private final Function<Schedule, LayoutModel> layouts;
  private final Function<Long, List<BlockInfo.PendingMove>> moves;
  private final DataNodeLoad loads;
  private final Clock clock;
  private final AtomicReference<RingLayout> lastLayout = new AtomicReference<>();

  private record RingLayout(List<String> ring, LayoutModel layout) {}

  private record Located(HdfsFileStatus status, LocatedBlocks blocks) {}

  /**
   * @param fs the proxy's NameNode client (superuser, the drain's {@code NameNodeLink#fs}); its
   *     URI and configuration also build each caller's client
   * @param schedules the schedule reader's state now
   * @param layouts the configured layout on a schedule's ring
   * @param moves the drain's pending copies of a block ID ({@code DrainService#movesOf})
   */
  public BlinkApiService(DistributedFileSystem fs, Supplier<ScheduleState> schedules,
      Function<Schedule, LayoutModel> layouts, Function<Long, List<BlockInfo.PendingMove>> moves,
      ApiConfig config, Clock clock) throws IOException {
    this(fs, schedules, layouts, moves, config, clock, UserGroupInformation.getLoginUser());
  }

  /**
   * @param login the user that impersonates each caller for path lookups (the proxy's login
   *     user; the NameNode must allow it: {@code hadoop.proxyuser.<login>.hosts} and {@code
   *     .groups})
   */
  BlinkApiService(DistributedFileSystem fs, Supplier<ScheduleState> schedules,
      Function<Schedule, LayoutModel> layouts, Function<Long, List<BlockInfo.PendingMove>> moves,
      ApiConfig config, Clock clock, UserGroupInformation login) {
    this.fs = fs;
    this.client = fs.getClient();
    this.asCaller = new CallerNameNode(fs.getUri(), fs.getConf(), login);
    this.schedules = schedules;
    this.layouts = layouts;
    this.moves = moves;
    this.loads = new DataNodeLoad(config.dataNodeTimeoutMs(), clock);
    this.clock = clock;
  }

  /** {@code getBlinkState(node)}. */
  public NodeState state(String node) {
    checkNode(node);
    ScheduleState state = schedules.get();
    Optional<DataNodeReport.Entry> dn = dataNodes().find(node);
    boolean named = state.usable().map(s -> s.entry(node) != null).orElse(false);
    if (dn.isEmpty() && !named) {
      throw unknownNode(node);
    }
    return NodeStates.of(node, state, clock.millis(), dn);
  }

  /**
   * {@code getBlockInfo(path)}: every block of the file, as {@code caller} may see it.
   *
   * @param caller the authenticated user ({@code getRemoteUser()}), null for an anonymous call
   */
  public FileBlocks blocks(String path, String caller) {
    return blocks(path, locate(path, caller));
  }

  /** {@code getFileInfo(path)}, as {@code caller} may see it (null: an anonymous call). */
  public FileInfo file(String path, String caller) {
    Located l = locate(path, caller);
    HdfsFileStatus st = l.status();
    return FileInfo.of(blocks(path, l), new FileInfo.Status(st.getLen(), st.getReplication(),
        st.getBlockSize(), st.getModificationTime(), st.getOwner(), st.getGroup(),
        st.getPermission().toString(), l.blocks().isUnderConstruction()));
  }

  /** {@code getServerLoadStats(node)}. */
  public ServerLoad load(String node) {
    checkNode(node);
    DataNodeReport.Entry dn = dataNodes().find(node).orElseThrow(() -> unknownNode(node));
    long now = clock.millis();
    NodeTiming t = NodeTiming.of(schedules.get().usable(), node, now);
    String when = t.awakeNow() ? "the schedule has it awake now (is its DataNode down?)"
        : t.nextWakeMs() == null ? "the schedule keeps it asleep for the whole epoch (OFF)"
        : "the schedule wakes it at " + Instant.ofEpochMilli(t.nextWakeMs()) + " (in "
            + (t.nextWakeMs() - now) + " ms)";
    return loads.of(node, dn.info(), when);
  }

  private FileBlocks blocks(String path, Located located) {
    ScheduleState state = schedules.get();
    Optional<Schedule> schedule = state.usable();
    long now = clock.millis();
    Optional<LayoutContext> context = Optional.empty();
    if (schedule.isPresent() && !schedule.get().ring().isEmpty()) {
      context = Optional.of(new LayoutContext(schedule.get(), layoutOf(schedule.get()),
          liveNodes()));
    }
    BlockInfos infos = new BlockInfos(schedule, context, moves, now);
    List<BlockInfo> out = new ArrayList<>();
    for (LocatedBlock lb : located.blocks().getLocatedBlocks()) {
      out.add(infos.of(lb, located.status().getReplication()));
    }
    return new FileBlocks(path, now, ScheduleRef.of(state), out);
  }

  private LayoutModel layoutOf(Schedule s) {
    RingLayout cached = lastLayout.get();
    if (cached != null && cached.ring().equals(s.ring())) {
      return cached.layout();
    }
    RingLayout fresh = new RingLayout(s.ring(), layouts.apply(s));
    lastLayout.set(fresh);
    return fresh.layout();
  }

  private Located locate(String path, String caller) {
    if (caller == null || caller.isBlank()) {
      throw new BadRequest(HttpServletResponse.SC_UNAUTHORIZED, "authentication required for a"
          + " path: the proxy asks the NameNode as its caller, so send the user (user.name=<user>"
          + " with simple authentication, SPNEGO with Kerberos); the BlinkHDFS clients do");
    }
    if (path == null || path.isEmpty()) {
      throw new BadRequest(400, "path is required: give the file's absolute HDFS path, e.g."
          + " ?path=/data/part-00000");
    }
    if (!path.startsWith("/") || !DFSUtilClient.isValidName(path)) {
      throw new BadRequest(400, "path '" + path + "' is not an absolute HDFS path: give one"
          + " that starts with / (no . or .. parts), e.g. /data/part-00000");
    }
    try {
      return asCaller.as(caller, "path '" + path + "'", client -> locate(client, path));
    } catch (FileNotFoundException e) {
      throw notFound(path);
    } catch (IOException e) {
      throw nameNodeFailed("path '" + path + "'", e);
    }
  }

  /** The file's status and blocks through {@code client}, the caller's. */
  private static Located locate(DFSClient client, String path) throws IOException {
    HdfsFileStatus st = client.getFileInfo(path);
    if (st == null) {
      throw new FileNotFoundException(path);
    }
    if (st.isDirectory()) {
      throw new BadRequest(400, "path '" + path + "' is a directory: give a file in it (list"
          + " them with hdfs dfs -ls " + path + ")");
    }
    long blocks = st.getBlockSize() <= 0 ? 0 : (st.getLen() + st.getBlockSize() - 1)
        / st.getBlockSize();
    if (blocks > MAX_BLOCKS) {
      throw new BadRequest(400, "path '" + path + "' has " + blocks + " blocks, more than the"
          + " " + MAX_BLOCKS + " one answer covers: use hdfs fsck " + path
          + " -files -blocks -locations for it");
    }
    return new Located(st, client.getLocatedBlocks(path, 0, Math.max(1, st.getLen())));
  }

  private BadRequest notFound(String path) {
    return new BadRequest(404, "path '" + path
        + "' does not exist: give an existing file's absolute"
        + " path (hdfs dfs -ls lists them)");
  }

  private DataNodeReport dataNodes() {
    try {
      return DataNodeReport.of(client);
    } catch (IOException e) {
      throw nameNodeFailed("the DataNode report", e);
    }
  }

  private LiveNodes liveNodes() {
    try {
      return LiveNodes.of(fs);
    } catch (IOException e) {
      throw nameNodeFailed("the DataNode storage report", e);
    }
  }

  private static BadRequest nameNodeFailed(String what, IOException e) {
    return new BadRequest(503, "the NameNode did not answer for " + what + ": " + e.getMessage()
        + "; check that it is up (hdfs dfsadmin -report) and ask again");
  }

  private static void checkNode(String node) {
    if (node == null || node.isEmpty()) {
      throw new BadRequest(400, "node is required: give the DataNode transfer address host:port"
          + " as the schedule lists it, e.g. ?node=10.0.0.11:9866");
    }
    try {
      NodeAddress.validate("node", node);
    } catch (InvalidScheduleException e) {
      throw new BadRequest(400, "node '" + node + "' is not host:port with a port in 1..65535:"
          + " give the DataNode transfer address as the schedule and hdfs dfsadmin -report list"
          + " it, e.g. 10.0.0.11:9866");
    }
  }

  private static BadRequest unknownNode(String node) {
    return new BadRequest(404, "node '" + node + "' is neither in the schedule nor a DataNode"
        + " the NameNode knows: give a transfer address as hdfs dfsadmin -report lists it"
        + " (its Name: field)");
  }
}
