package org.blinkhdfs.model.wire;

import com.google.protobuf.InvalidProtocolBufferException;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalLong;
import org.blinkhdfs.model.schedule.InvalidScheduleException;
import org.blinkhdfs.model.schedule.NodeMode;
import org.blinkhdfs.model.schedule.NodeSchedule;
import org.blinkhdfs.model.schedule.Schedule;
import org.blinkhdfs.model.schedule.ScheduleLimits;
import org.blinkhdfs.model.wire.proto.EnergyCountersProto;
import org.blinkhdfs.model.wire.proto.NodeScheduleProto;
import org.blinkhdfs.model.wire.proto.NodeStatusProto;
import org.blinkhdfs.model.wire.proto.ScheduleProto;

/**
 * Converts schedules and node statuses to and from the protobuf wire format
 * ({@code src/main/proto/blink_wire.proto}, version 1).
 *
 * <p>Decoding validates exactly like the JSON codec: a schedule goes through
 * {@link Schedule.Builder#build()}, so a window outside the interval or a duplicate node fails
 * with the same field path ({@code nodes[2].activeMs}), after the same {@link ScheduleLimits}
 * (interval 1 s..24 h, no time past the year 9999). Bytes that are not a message, a missing
 * or unknown version, and unspecified enum values fail with an {@link IllegalArgumentException}
 * naming what is wrong; unknown fields are ignored (protobuf's forward compatibility). Every
 * status error starts with {@code NodeStatusProto}, as every JSON one starts with {@code status}
 * ({@link StatusJson}), so a 400 from {@code POST /v1/status} says which decoder refused what.
 *
 * <p>Stateless and thread-safe.
 */
public final class WireCodec {
  /** The wire format version written and accepted. */
  public static final int VERSION = 1;

  private WireCodec() {}

  public static byte[] encodeSchedule(Schedule s) {
    ScheduleProto.Builder b = ScheduleProto.newBuilder().setVersion(VERSION).setEpoch(s.epoch())
        .setIntervalStartMs(s.intervalStartMs()).setIntervalMs(s.intervalMs());
    s.validUntilMs().ifPresent(b::setValidUntilMs);
    for (NodeSchedule n : s.nodes()) {
      NodeScheduleProto.Builder nb = NodeScheduleProto.newBuilder().setNode(n.node())
          .setMode(NodeScheduleProto.Mode.valueOf(n.mode().name()))
          .setRole(n.isStaging() ? NodeScheduleProto.Role.STAGING : NodeScheduleProto.Role.RING);
      if (n.mode() == NodeMode.BLINK) {
        nb.setActiveOffsetMs(n.activeOffsetMs()).setActiveMs(n.activeMs());
      }
      b.addNodes(nb);
    }
    return b.build().toByteArray();
  }

  public static Schedule decodeSchedule(byte[] bytes) {
    ScheduleProto p;
    try {
      p = ScheduleProto.parseFrom(bytes);
    } catch (InvalidProtocolBufferException e) {
      throw new InvalidScheduleException("$", "malformed protobuf ScheduleProto: "
          + e.getMessage(), e);
    }
    if (p.getVersion() != VERSION) {
      throw new InvalidScheduleException("version", "unsupported wire version " + p.getVersion()
          + ": this build reads version " + VERSION);
    }
    ScheduleLimits.checkWire(p.getIntervalStartMs(), p.getIntervalMs(), p.hasValidUntilMs()
        ? OptionalLong.of(p.getValidUntilMs()) : OptionalLong.empty());
    Schedule.Builder b = Schedule.builder().epoch(p.getEpoch())
        .intervalStartMs(p.getIntervalStartMs()).intervalMs(p.getIntervalMs());
    if (p.hasValidUntilMs()) {
      b.validUntilMs(p.getValidUntilMs());
    }
    for (int i = 0; i < p.getNodesCount(); i++) {
      b.add(node(p.getNodes(i), "nodes[" + i + "]"));
    }
    return b.build();
  }

  private static NodeSchedule node(NodeScheduleProto n, String path) {
    if (n.getMode() == NodeScheduleProto.Mode.MODE_UNSPECIFIED
        || n.getMode() == NodeScheduleProto.Mode.UNRECOGNIZED) {
      throw new InvalidScheduleException(path + ".mode", "mode is unspecified or unknown ("
          + n.getModeValue() + "): use ACTIVE, BLINK, IO_SERVER or OFF");
    }
    NodeMode mode = NodeMode.valueOf(n.getMode().name());
    if (n.getRole() == NodeScheduleProto.Role.STAGING) {
      if (mode != NodeMode.ACTIVE) {
        throw new InvalidScheduleException(path + ".mode",
            "staging node '" + n.getNode() + "' has mode " + mode + ": staging nodes are ACTIVE");
      }
      return NodeSchedule.staging(n.getNode());
    }
    if (n.getRole() != NodeScheduleProto.Role.RING) {
      throw new InvalidScheduleException(path + ".role", "unknown role " + n.getRoleValue());
    }
    return mode == NodeMode.BLINK
        ? NodeSchedule.blink(n.getNode(), n.getActiveOffsetMs(), n.getActiveMs())
        : NodeSchedule.of(n.getNode(), mode);
  }

  public static byte[] encodeStatus(NodeStatus s) {
    NodeStatusProto.Builder b = NodeStatusProto.newBuilder().setVersion(VERSION).setNode(s.node())
        .setState(NodeStatusProto.State.valueOf(s.state().name())).setEpoch(s.epoch())
        .setAtMs(s.atMs()).setMeasuredSleepMs(s.measuredSleepMs())
        .setUtilization(s.utilization()).setDetail(s.detail() == null ? "" : s.detail());
    s.energy().ifPresent(e -> b.setEnergy(EnergyCountersProto.newBuilder()
        .setSinceMs(e.sinceMs()).setAwakeMs(e.awakeMs()).setAsleepMs(e.asleepMs())
        .setTransitionMs(e.transitionMs()).setIoServerMs(e.ioServerMs())));
    return b.build().toByteArray();
  }

  public static NodeStatus decodeStatus(byte[] bytes) {
    NodeStatusProto p;
    try {
      p = NodeStatusProto.parseFrom(bytes);
    } catch (InvalidProtocolBufferException e) {
      throw new IllegalArgumentException("NodeStatusProto: malformed protobuf: " + e.getMessage(),
          e);
    }
    if (p.getVersion() != VERSION) {
      throw new IllegalArgumentException("NodeStatusProto.version " + p.getVersion()
          + " is not supported: this build reads version " + VERSION);
    }
    if (p.getState() == NodeStatusProto.State.STATE_UNSPECIFIED
        || p.getState() == NodeStatusProto.State.UNRECOGNIZED) {
      throw new IllegalArgumentException(String.format(Locale.ROOT,
          "NodeStatusProto.state %d is unspecified or unknown: use AWAKE, ASLEEP, IO_SERVER or"
              + " ERROR", p.getStateValue()));
    }
    try {
      Optional<EnergyCounters> energy = Optional.empty();
      if (p.hasEnergy()) {
        EnergyCountersProto e = p.getEnergy();
        energy = Optional.of(new EnergyCounters(e.getSinceMs(), e.getAwakeMs(), e.getAsleepMs(),
            e.getTransitionMs(), e.getIoServerMs()));
      }
      return new NodeStatus(p.getNode(), NodeStatus.State.valueOf(p.getState().name()),
          p.getEpoch(), p.getAtMs(), p.getMeasuredSleepMs(), p.getUtilization(), p.getDetail(),
          energy);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("NodeStatusProto: " + e.getMessage(), e);
    }
  }
}
