package org.blinkhdfs.agent;

import java.io.IOException;
import java.util.Objects;
import org.blinkhdfs.control.agent.StatusSink;
import org.blinkhdfs.model.wire.NodeStatus;
import org.blinkhdfs.model.wire.SchedulerApi;
import org.blinkhdfs.model.wire.SchedulerHttp;
import org.blinkhdfs.model.wire.WireCodec;

/**
 * The agent's {@link StatusSink}: {@code POST /v1/status} with a protobuf {@code NodeStatusProto}
 * body ({@link WireCodec#encodeStatus}). 2xx (the scheduler answers 204) is success; any other
 * status, or a scheduler that cannot be reached within the timeout of {@link SchedulerHttp}, is an
 * {@link IOException} naming the URL, the status and the scheduler's error (e.g. 400 "unknown
 * node": the agent's {@code --node} is not in {@code blink.scheduler.nodes}). Never retried: the
 * next transition or heartbeat posts again.
 *
 * <p>Thread-safe.
 */
public final class HttpStatusSink implements StatusSink {
  public static final String PATH = SchedulerApi.STATUS;

  private final SchedulerHttp http;

  public HttpStatusSink(SchedulerHttp http) {
    this.http = Objects.requireNonNull(http, "http");
  }

  @Override
  public void post(NodeStatus status) throws IOException {
    http.post(PATH, SchedulerHttp.PROTOBUF, WireCodec.encodeStatus(status)).requireSuccess();
  }

  @Override
  public String toString() {
    return "POST " + http.url(PATH);
  }
}
