package org.blinkhdfs.proxy.api;

import java.io.IOException;
import javax.servlet.http.HttpServletRequest;
import javax.servlet.http.HttpServletResponse;
import org.apache.hadoop.http.HttpServer2;
import org.blinkhdfs.core.api.ApiJson;
import org.blinkhdfs.http.JsonServlet;

/**
 * The Blink API's endpoints on the proxy's HTTP server, one small servlet each, all {@code GET}
 * with one query parameter and a JSON answer ({@link ApiJson}); errors in the scheduler's style
 * ({@link JsonServlet}). The answers come from the {@link BlinkApiService} that {@link #register}
 * puts in the servlet context.
 *
 * <pre>
 * GET /v1/state?node=host:port    NodeState    getBlinkState
 * GET /v1/blocks?path=/abs/file   FileBlocks   getBlockInfo
 * GET /v1/file?path=/abs/file     FileInfo     getFileInfo
 * GET /v1/load?node=host:port     ServerLoad   getServerLoadStats
 * </pre>
 */
public final class ApiServlets {
  /** The servlet-context attribute holding the {@link BlinkApiService}. */
  public static final String ATTRIBUTE = "blink.api.service";

  private ApiServlets() {}

  /** Registers the four endpoints on {@code http} (before it starts), answered by {@code api}. */
  public static void register(HttpServer2 http, BlinkApiService api) {
    http.setAttribute(ATTRIBUTE, api);
    http.addServlet("blinkApiState", "/v1/state", StateServlet.class);
    http.addServlet("blinkApiBlocks", "/v1/blocks", BlocksServlet.class);
    http.addServlet("blinkApiFile", "/v1/file", FileServlet.class);
    http.addServlet("blinkApiLoad", "/v1/load", LoadServlet.class);
  }

  /** Base: the service and the one query parameter. */
  abstract static class ApiServlet extends JsonServlet {
    private static final long serialVersionUID = 1L;

    BlinkApiService api() {
      return (BlinkApiService) getServletContext().getAttribute(ATTRIBUTE);
    }

    static String param(HttpServletRequest req, String name) {
      String v = req.getParameter(name);
      return v == null ? null : v.trim();
    }
  }

  /** {@code GET /v1/state?node=}. */
  public static final class StateServlet extends ApiServlet {
    private static final long serialVersionUID = 1L;

    @Override
    protected void doGet(HttpServletRequest req, HttpServletResponse resp) throws IOException {
      json(resp, ApiJson.write(api().state(param(req, "node"))));
    }
  }

  /** {@code GET /v1/blocks?path=}. */
  public static final class BlocksServlet extends ApiServlet {
    private static final long serialVersionUID = 1L;

    @Override
    protected void doGet(HttpServletRequest req, HttpServletResponse resp) throws IOException {
      json(resp, ApiJson.write(api().blocks(param(req, "path"))));
    }
  }

  /** {@code GET /v1/file?path=}. */
  public static final class FileServlet extends ApiServlet {
    private static final long serialVersionUID = 1L;

    @Override
    protected void doGet(HttpServletRequest req, HttpServletResponse resp) throws IOException {
      json(resp, ApiJson.write(api().file(param(req, "path"))));
    }
  }

  /** {@code GET /v1/load?node=}. */
  public static final class LoadServlet extends ApiServlet {
    private static final long serialVersionUID = 1L;

    @Override
    protected void doGet(HttpServletRequest req, HttpServletResponse resp) throws IOException {
      json(resp, ApiJson.write(api().load(param(req, "node"))));
    }
  }
}
