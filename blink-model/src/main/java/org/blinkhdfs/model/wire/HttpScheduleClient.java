package org.blinkhdfs.model.wire;

import java.io.IOException;
import java.util.Objects;
import java.util.Optional;
import org.blinkhdfs.model.schedule.Schedule;
import org.blinkhdfs.model.schedule.ScheduleJson;

/**
 * {@code GET /v1/schedule} from the scheduler, the one fetch both the power agents ({@code
 * AgentLoop}) and the NameNode ({@link SchedulerSource}) use. It asks for protobuf ({@code Accept:
 * application/x-protobuf}, the compact form, {@link WireCodec}) and accepts a JSON answer too, so
 * a scheduler or proxy that ignores {@code Accept} still works.
 *
 * <p>Cases:
 *
 * <table>
 *   <caption>answer and result</caption>
 *   <tr><th>answer</th><th>result</th></tr>
 *   <tr><td>200, valid schedule (protobuf or JSON)</td><td>the schedule</td></tr>
 *   <tr><td>404 (no schedule published)</td><td>empty: everyone awake</td></tr>
 *   <tr><td>200 with a body that is not a valid schedule</td><td>{@link InvalidAnswerException}
 *       naming the URL, the content type and the field</td></tr>
 *   <tr><td>any other status; unreachable; timeout ({@link SchedulerHttp}'s bound)</td>
 *       <td>{@link IOException} naming the URL and the status</td></tr>
 * </table>
 *
 * <p>Callers keep their last schedule on an exception until its lease ends.
 *
 * <p>Thread-safe.
 */
public final class HttpScheduleClient implements ScheduleClient {
  public static final String PATH = SchedulerApi.SCHEDULE;

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
      return Optional.of(ScheduleJson.read(r.text()));
    } catch (IllegalArgumentException e) {
      throw new InvalidAnswerException("GET " + r.url() + " returned " + r.status() + " ("
          + (r.contentType().isEmpty() ? "no content type" : r.contentType())
          + ") with an invalid schedule: " + e.getMessage(), e);
    }
  }

  @Override
  public String toString() {
    return "GET " + http.url(PATH);
  }
}
