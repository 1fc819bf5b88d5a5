package org.blinkhdfs.scheduler;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import javax.servlet.http.HttpServlet;
import javax.servlet.http.HttpServletRequest;
import javax.servlet.http.HttpServletResponse;

/**
 * Base of the scheduler's {@code /v1} servlets: finds the daemon, reads bounded request bodies,
 * and writes JSON answers and {@code {"error": "..."}} bodies. A bad request never escapes as an
 * exception: {@link #service} turns {@link BadRequest} and {@link IllegalArgumentException} into
 * 400 with the message, so the daemon keeps serving.
 */
abstract class ApiServlet extends HttpServlet {
  private static final long serialVersionUID = 1L;
  static final ObjectMapper JSON = new ObjectMapper();
  /** Largest request body accepted (413 beyond). */
  static final int MAX_BODY_BYTES = 64 * 1024;
  static final String PROTOBUF = "application/x-protobuf";

  /** A client error with its HTTP status. */
  static final class BadRequest extends RuntimeException {
    private static final long serialVersionUID = 1L;
    final int status;

    BadRequest(int status, String message) {
      super(message);
      this.status = status;
    }
  }

  @Override
  protected void service(HttpServletRequest req, HttpServletResponse resp) throws IOException {
    try {
      super.service(req, resp);
    } catch (BadRequest e) {
      error(resp, e.status, e.getMessage());
    } catch (IllegalArgumentException e) {
      error(resp, HttpServletResponse.SC_BAD_REQUEST, e.getMessage());
    } catch (javax.servlet.ServletException e) {
      error(resp, HttpServletResponse.SC_INTERNAL_SERVER_ERROR, String.valueOf(e.getMessage()));
    }
  }

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

  static void json(HttpServletResponse resp, int status, JsonNode body) throws IOException {
    resp.setStatus(status);
    resp.setContentType("application/json;charset=utf-8");
    resp.getOutputStream().write(JSON.writerWithDefaultPrettyPrinter().writeValueAsBytes(body));
  }

  static void error(HttpServletResponse resp, int status, String message) throws IOException {
    json(resp, status, JSON.createObjectNode().put("error", message));
  }
}
