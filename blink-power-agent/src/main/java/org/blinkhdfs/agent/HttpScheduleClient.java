package org.blinkhdfs.agent;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.util.Objects;
import java.util.Optional;
import org.blinkhdfs.core.agent.ScheduleClient;
import org.blinkhdfs.core.schedule.Schedule;
import org.blinkhdfs.core.schedule.ScheduleJson;
import org.blinkhdfs.core.wire.WireCodec;

/**
 * The agent's {@link ScheduleClient}: {@code GET /v1/schedule} with {@code Accept:
 * application/x-protobuf} (the compact form, {@link WireCodec}); a JSON answer is accepted too, so
 * a scheduler or proxy that ignores {@code Accept} still works.
 *
 * <p>Cases: 200 decodes the schedule; 404 is "no schedule published" and returns empty (everyone
 * awake); anything else, an unreachable scheduler (bounded by the connect/read timeout of {@link
 * SchedulerHttp}) and an undecodable body are {@link IOException}s naming the URL and the status,
 * so {@code AgentLoop} keeps the last schedule until its lease ends.
 *
 * <p>Thread-safe.
 */
public final class HttpScheduleClient implements ScheduleClient {
  public static final String PATH = "/v1/schedule";

  private final SchedulerHttp http;

  public HttpScheduleClient(SchedulerHttp http) {
    this.http = Objects.requireNonNull(http, "http");
  }

  @Override
  public Optional<Schedule> fetch() throws IOException {
    SchedulerHttp.Response r = http.get(PATH, SchedulerHttp.PROTOBUF);
    if (r.status() == 404) {
      return Optional.empty();
    }
    r.requireSuccess();
    try {
      if (r.contentType().startsWith(SchedulerHttp.PROTOBUF)) {
        return Optional.of(WireCodec.decodeSchedule(r.body()));
      }
      return Optional.of(ScheduleJson.read(new ByteArrayInputStream(r.body())));
    } catch (IllegalArgumentException e) {
      throw new IOException("GET " + r.url() + " returned " + r.status() + " ("
          + r.contentType() + ") with an invalid schedule: " + e.getMessage(), e);
    }
  }

  @Override
  public String toString() {
    return "GET " + http.url(PATH);
  }
}
