package org.blinkhdfs.proxy.relay;

import java.io.IOException;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import javax.servlet.Filter;
import javax.servlet.FilterChain;
import javax.servlet.FilterConfig;
import javax.servlet.ServletException;
import javax.servlet.ServletRequest;
import javax.servlet.ServletResponse;
import javax.servlet.http.HttpServletRequest;
import javax.servlet.http.HttpServletResponse;

/**
 * Sends a WebHDFS read for a file another relay owns to that relay: HTTP 307 with the same path
 * and query on the owner ({@link RelayAssignment}).
 *
 * <p>Why only {@code GET}: reads are what the relay exists for, and a stock client follows a 307
 * on a {@code GET} ({@code WebHdfsFileSystem} for {@code OPEN} by itself, {@code
 * HttpURLConnection} for the other {@code GET} operations, {@code curl -L}); {@code PUT}, {@code
 * POST} and {@code DELETE} are served where they arrive, as any relay can serve any path. The
 * hashed path is the decoded HDFS path after {@code /webhdfs/v1} ({@code +} is a plus sign, not a
 * space); the Location keeps the request's encoded path and query unchanged.
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
    String owner = ownerOf(http.getMethod(), http.getRequestURI());
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

  /** The relay owning a {@code GET} of {@code rawUri}, or null when it is not a WebHDFS read. */
  String ownerOf(String method, String rawUri) {
    if (!"GET".equals(method) || rawUri == null || !rawUri.startsWith(PREFIX)) {
      return null;
    }
    String rest = rawUri.substring(PREFIX.length());
    if (!rest.isEmpty() && !rest.startsWith("/")) {
      return null; // e.g. /webhdfs/v12: not ours to judge
    }
    String path = URLDecoder.decode(rest.replace("+", "%2B"), StandardCharsets.UTF_8);
    return RelayAssignment.owner(peers, path.isEmpty() ? "/" : path);
  }

  @Override
  public void destroy() {}
}
