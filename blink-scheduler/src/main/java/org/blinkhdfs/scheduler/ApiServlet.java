package org.blinkhdfs.scheduler;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import javax.servlet.http.HttpServletRequest;
import javax.servlet.http.HttpServletResponse;
import org.blinkhdfs.daemon.http.JsonServlet;

/**
 * Base of the scheduler's {@code /v1} servlets: finds the daemon and reads request bodies
 * bounded in size, time and number in flight; JSON answers and {@code {"error": "..."}} bodies
 * come from {@link JsonServlet}, whose {@code service} turns {@link JsonServlet.BadRequest} and
 * {@link IllegalArgumentException} into error answers, so the daemon keeps serving.
 */
abstract class ApiServlet extends JsonServlet {
  private static final long serialVersionUID = 1L;
  /** Largest request body accepted (413 beyond). */
  static final int MAX_BODY_BYTES = 64 * 1024;
  static final String PROTOBUF = "application/x-protobuf";

  SchedulerDaemon daemon() {
    return (SchedulerDaemon) getServletContext().getAttribute(SchedulerDaemon.ATTRIBUTE);
  }

  /**
   * The request body, at most {@link #MAX_BODY_BYTES}, read within the daemon's {@link
   * org.blinkhdfs.daemon.http.BodyLimits} (429 too many in flight, 408 too slow).
   */
  byte[] body(HttpServletRequest req) throws IOException {
    return daemon().security().bodies().read(req, MAX_BODY_BYTES);
  }

  /** The request body as trimmed text, which must not be empty. */
  String text(HttpServletRequest req, String what) throws IOException {
    String t = new String(body(req), StandardCharsets.UTF_8).trim();
    if (t.isEmpty()) {
      throw new BadRequest(HttpServletResponse.SC_BAD_REQUEST, "empty body: send " + what);
    }
    return t;
  }
}
