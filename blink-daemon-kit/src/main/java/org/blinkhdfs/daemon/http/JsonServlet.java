package org.blinkhdfs.daemon.http;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import javax.servlet.ServletException;
import javax.servlet.http.HttpServlet;
import javax.servlet.http.HttpServletRequest;
import javax.servlet.http.HttpServletResponse;

/**
 * Base of every BlinkHDFS {@code /v1} servlet (the scheduler's, {@code docs/scheduler-api.md},
 * and the proxy's Blink API, {@code docs/proxy.md}): JSON answers and the one error style, a 4xx
 * or 5xx with {@code {"error": "<message naming the field, the value and the fix>"}}. A bad
 * request never escapes as an exception: {@link #service} turns {@link BadRequest} (any status)
 * and {@link IllegalArgumentException} (400) into that body, so the daemon keeps serving.
 */
public abstract class JsonServlet extends HttpServlet {
  private static final long serialVersionUID = 1L;
  /** The mapper of every answer (configured once here, never changed). */
  public static final ObjectMapper JSON = new ObjectMapper();

  /** A request the servlet refuses, with its HTTP status and the message for the error body. */
  public static final class BadRequest extends RuntimeException {
    private static final long serialVersionUID = 1L;
    public final int status;

    public BadRequest(int status, String message) {
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
    } catch (ServletException e) {
      error(resp, HttpServletResponse.SC_INTERNAL_SERVER_ERROR, String.valueOf(e.getMessage()));
    }
  }

  protected static void json(HttpServletResponse resp, int status, JsonNode body)
      throws IOException {
    resp.setStatus(status);
    resp.setContentType("application/json;charset=utf-8");
    resp.getOutputStream().write(JSON.writerWithDefaultPrettyPrinter().writeValueAsBytes(body));
  }

  /** A 200 with a JSON text written elsewhere (e.g. by a shared codec). */
  protected static void json(HttpServletResponse resp, String body) throws IOException {
    resp.setStatus(HttpServletResponse.SC_OK);
    resp.setContentType("application/json;charset=utf-8");
    resp.getOutputStream().write(body.getBytes(StandardCharsets.UTF_8));
  }

  protected static void error(HttpServletResponse resp, int status, String message)
      throws IOException {
    json(resp, status, JSON.createObjectNode().put("error", message));
  }
}
