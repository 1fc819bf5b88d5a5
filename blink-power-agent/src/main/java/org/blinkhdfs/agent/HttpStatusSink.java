package org.blinkhdfs.agent;

import java.io.IOException;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import org.apache.hadoop.conf.Configuration;
import org.blinkhdfs.common.config.ConfigKey;
import org.blinkhdfs.control.agent.StatusSink;
import org.blinkhdfs.model.wire.NodeStatus;
import org.blinkhdfs.model.wire.SchedulerApi;
import org.blinkhdfs.model.wire.SchedulerHttp;
import org.blinkhdfs.model.wire.StatusSignature;
import org.blinkhdfs.model.wire.WireCodec;

/**
 * The agent's {@link StatusSink}: {@code POST /v1/status} with a protobuf {@code NodeStatusProto}
 * body ({@link WireCodec#encodeStatus}). 2xx (the scheduler answers 204) is success; any other
 * status, or a scheduler that cannot be reached within the timeout of {@link SchedulerHttp}, is an
 * {@link IOException} naming the URL, the status and the scheduler's error (e.g. 400 "unknown
 * node": the agent's {@code --node} is not in {@code blink.scheduler.nodes}). Never retried: the
 * next transition or heartbeat posts again.
 *
 * <p>With {@code blink.agent.status.secret.file} set, each body is signed ({@link
 * StatusSignature}: HMAC-SHA256 in {@value StatusSignature#HEADER}) with this node's secret, so a
 * scheduler holding the secrets accepts this node's status from this agent only.
 *
 * <p>Thread-safe.
 */
public final class HttpStatusSink implements StatusSink {
  public static final String PATH = SchedulerApi.STATUS;
  /** The file holding this node's status secret; empty: statuses are not signed. */
  public static final ConfigKey SECRET_FILE =
      new ConfigKey("blink.agent.status.secret.file", "", "path");

  private final SchedulerHttp http;
  private final Optional<String> secret;

  public HttpStatusSink(SchedulerHttp http) {
    this(http, Optional.empty());
  }

  /** A sink signing every body with {@code secret} when present. */
  public HttpStatusSink(SchedulerHttp http, Optional<String> secret) {
    this.http = Objects.requireNonNull(http, "http");
    this.secret = Objects.requireNonNull(secret, "secret");
  }

  /** A sink signing with the secret in {@link #SECRET_FILE} when that key is set. */
  public static HttpStatusSink configured(SchedulerHttp http, Configuration conf) {
    String file = conf.getTrimmed(SECRET_FILE.name(), "");
    return new HttpStatusSink(http, file.isEmpty() ? Optional.empty()
        : Optional.of(StatusSignature.readSecret(SECRET_FILE.name(), file)));
  }

  @Override
  public void post(NodeStatus status) throws IOException {
    byte[] body = WireCodec.encodeStatus(status);
    Map<String, String> headers = secret.isEmpty() ? Map.of()
        : Map.of(StatusSignature.HEADER, StatusSignature.sign(secret.get(), body));
    http.post(PATH, SchedulerHttp.PROTOBUF, body, headers).requireSuccess();
  }

  @Override
  public String toString() {
    return "POST " + http.url(PATH) + (secret.isPresent() ? " (signed)" : "");
  }
}
