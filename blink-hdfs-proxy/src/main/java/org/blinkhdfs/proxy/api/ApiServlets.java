package org.blinkhdfs.proxy.api;

import java.io.IOException;
import javax.servlet.http.HttpServletRequest;
import javax.servlet.http.HttpServletResponse;
import org.apache.hadoop.http.HttpServer2;
import org.blinkhdfs.daemon.http.JsonServlet;
import org.blinkhdfs.model.api.ApiJson;
import org.blinkhdfs.model.wire.SchedulerApi;

/**
 * The Blink API's endpoints on the proxy's HTTP server, one servlet for the four, all {@code GET}
 * with one query parameter and a JSON answer ({@link ApiJson}); errors in the scheduler's style
 * ({@link JsonServlet}). The answers come from the {@link BlinkApiService} that {@link #register}
 * puts in the servlet context. The path endpoints answer as the authenticated caller (Hadoop's
 * {@code AuthenticationFilter} gives him as {@code getRemoteUser()}; 401 without one); the node
 * endpoints show no file and answer every caller the filter lets through.
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

  static final String STATE = SchedulerApi.PROXY_STATE;
  static final String BLOCKS = SchedulerApi.PROXY_BLOCKS;
  static final String FILE = SchedulerApi.PROXY_FILE;
  static final String LOAD = SchedulerApi.PROXY_LOAD;

  private ApiServlets() {}

  /** Registers the four endpoints on {@code http} (before it starts), answered by {@code api}. */
  public static void register(HttpServer2 http, BlinkApiService api) {
    http.setAttribute(ATTRIBUTE, api);
    for (String path : new String[] {STATE, BLOCKS, FILE, LOAD}) {
      http.addServlet("blinkApi" + path.substring(path.lastIndexOf('/')), path,
          EndpointServlet.class);
    }
  }

  /** Every endpoint: the one query parameter in, the service's answer out as JSON. */
  public static final class EndpointServlet extends JsonServlet {
    private static final long serialVersionUID = 1L;

    @Override
    protected void doGet(HttpServletRequest req, HttpServletResponse resp) throws IOException {
      BlinkApiService api = (BlinkApiService) getServletContext().getAttribute(ATTRIBUTE);
      String endpoint = req.getServletPath();
      Object answer = switch (endpoint) {
        case STATE -> api.state(param(req, "node"));
        case BLOCKS -> api.blocks(param(req, "path"), req.getRemoteUser());
        case FILE -> api.file(param(req, "path"), req.getRemoteUser());
        case LOAD -> api.load(param(req, "node"));
        default -> throw new BadRequest(404, "no Blink API endpoint " + endpoint + ": use "
            + String.join(", ", STATE, BLOCKS, FILE, LOAD));
      };
      json(resp, ApiJson.write(answer));
    }

    private static String param(HttpServletRequest req, String name) {
      String v = req.getParameter(name);
      return v == null ? null : v.trim();
    }
  }
}
