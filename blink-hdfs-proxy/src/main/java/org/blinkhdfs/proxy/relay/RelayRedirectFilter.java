package org.blinkhdfs.proxy.relay;

import java.io.IOException;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import javax.servlet.Filter;
import javax.servlet.FilterChain;
import javax.servlet.FilterConfig;
import javax.servlet.ServletException;
import javax.servlet.ServletRequest;
import javax.servlet.ServletResponse;
import javax.servlet.http.HttpServletRequest;
import javax.servlet.http.HttpServletResponse;
import org.apache.hadoop.hdfs.web.resources.GetOpParam;

/**
 * Sends a WebHDFS read of file data for a file another relay owns to that relay: HTTP 307 with
 * the same path and query on the owner ({@link RelayAssignment}).
 *
 * <p>Why only the {@code GET} operations WebHDFS itself redirects ({@code OPEN} and {@code
 * GETFILECHECKSUM}, those whose {@link GetOpParam.Op#getRedirect()} is true): they read blocks
 * from DataNodes, which is what the relay exists for, and they are the only ones a stock {@code
 * WebHdfsFileSystem} follows a 307 for. It answers any other 307 with "Unexpected HTTP response:
 * code=307 != 200", and it sends one of them itself before every read: {@code open} asks {@code
 * GETFILESTATUS} of the relay it was given (measured with two live relays, {@code TwoRelaysTest}
 * in integration-tests). The other {@code GET} operations only ask the NameNode, and they, {@code
 * PUT}, {@code POST} and {@code DELETE} are served where they arrive, as any relay can serve any
 * path. The hashed path is the decoded HDFS path after {@code /webhdfs/v1} ({@code +} is a plus
 * sign, not a space); the Location keeps the request's encoded path and query unchanged.
 *
 * <p>Example: peers {@code [a:14000, b:14000]}, this relay {@code a:14000}, a request {@code GET
 * /webhdfs/v1/logs/day1?op=OPEN&user.name=alice} for a file {@code b} owns is answered {@code 307}
 * with {@code Location: http://b:14000/webhdfs/v1/logs/day1?op=OPEN&user.name=alice}.
 *
 * <p>Init parameters {@value #PEERS} (comma-separated) and {@value #SELF}, set by {@link
 * ReadRelay} from {@link RelayConfig}. Thread-safe after {@link #init}.
 */
public final class RelayRedirectFilter implements Filter {
  static final String PEERS = "peers";
  static final String SELF = "self";
  static final String PREFIX = "/webhdfs/v1";

  private volatile List<String> peers;
  private volatile String self;

  @Override
  public void init(FilterConfig config) {
    peers = List.copyOf(Arrays.asList(config.getInitParameter(PEERS).split(",")));
    self = config.getInitParameter(SELF);
  }

  @Override
  public void doFilter(ServletRequest request, ServletResponse response, FilterChain chain)
      throws IOException, ServletException {
    HttpServletRequest http = (HttpServletRequest) request;
    // Only a GET's parameters: on a form-encoded PUT or POST, asking would consume the body.
    String op = "GET".equals(http.getMethod()) ? http.getParameter("op") : null;
    String owner = ownerOf(http.getMethod(), op, http.getRequestURI());
    if (owner == null || owner.equals(self)) {
      chain.doFilter(request, response);
      return;
    }
    String query = http.getQueryString();
    String location = http.getScheme() + "://" + owner + http.getRequestURI()
        + (query == null ? "" : "?" + query);
    HttpServletResponse out = (HttpServletResponse) response;
    out.setStatus(HttpServletResponse.SC_TEMPORARY_REDIRECT);
    out.setHeader("Location", location);
  }

  /**
   * The relay owning a {@code GET} of {@code rawUri} with operation {@code op}, or null when it is
   * not a WebHDFS read of file data (see the class comment).
   */
  String ownerOf(String method, String op, String rawUri) {
    if (!"GET".equals(method) || !readsData(op) || rawUri == null
        || !rawUri.startsWith(PREFIX)) {
      return null;
    }
    String rest = rawUri.substring(PREFIX.length());
    if (!rest.isEmpty() && !rest.startsWith("/")) {
      return null; // e.g. /webhdfs/v12: not ours to judge
    }
    String path = URLDecoder.decode(rest.replace("+", "%2B"), StandardCharsets.UTF_8);
    return RelayAssignment.owner(peers, path.isEmpty() ? "/" : path);
  }

  /**
   * Whether {@code op} (case-insensitive, as WebHDFS takes it) is a {@code GET} that WebHDFS
   * redirects to a DataNode; an unknown or missing op is left to HttpFS to refuse.
   */
  static boolean readsData(String op) {
    if (op == null) {
      return false;
    }
    try {
      return GetOpParam.Op.valueOf(op.toUpperCase(Locale.ROOT)).getRedirect();
    } catch (IllegalArgumentException e) {
      return false;
    }
  }

  @Override
  public void destroy() {}
}
