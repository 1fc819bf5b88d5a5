package org.blinkhdfs.scheduler;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import javax.servlet.http.HttpServletRequest;
import javax.servlet.http.HttpServletResponse;
import org.blinkhdfs.daemon.http.JsonServlet;

/**
 * Base of the scheduler's {@code /v1} servlets: finds the daemon and reads bounded request
 * bodies; JSON answers and {@code {"error": "..."}} bodies come from {@link JsonServlet}, whose
 * {@code service} turns {@link JsonServlet.BadRequest} and {@link IllegalArgumentException} into
 * error answers, so the daemon keeps serving.
 */
abstract class ApiServlet extends JsonServlet {
  private static final long serialVersionUID = 1L;
  /** Largest request body accepted (413 beyond). */
  static final int MAX_BODY_BYTES = 64 * 1024;
  static final String PROTOBUF = "application/x-protobuf";

  SchedulerDaemon daemon() {
    return (SchedulerDaemon) getServletContext().getAttribute(SchedulerDaemon.ATTRIBUTE);
  }

  /** The request body, at most {@link #MAX_BODY_BYTES}. */
  static byte[] body(HttpServletRequest req) throws IOException {
    try (InputStream in = req.getInputStream()) {
      byte[] b = in.readNBytes(MAX_BODY_BYTES + 1);
      if (b.length > MAX_BODY_BYTES) {
        throw new BadRequest(HttpServletResponse.SC_REQUEST_ENTITY_TOO_LARGE,
            "request body larger than " + MAX_BODY_BYTES + " bytes");
      }
      return b;
    }
  }

  /** The request body as trimmed text, which must not be empty. */
  static String text(HttpServletRequest req, String what) throws IOException {
    String t = new String(body(req), StandardCharsets.UTF_8).trim();
    if (t.isEmpty()) {
      throw new BadRequest(HttpServletResponse.SC_BAD_REQUEST, "empty body: send " + what);
    }
    return t;
  }
}
