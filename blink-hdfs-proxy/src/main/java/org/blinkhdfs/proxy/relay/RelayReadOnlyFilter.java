package org.blinkhdfs.proxy.relay;

import java.io.IOException;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.Set;
import javax.servlet.Filter;
import javax.servlet.FilterChain;
import javax.servlet.FilterConfig;
import javax.servlet.ServletException;
import javax.servlet.ServletRequest;
import javax.servlet.ServletResponse;
import javax.servlet.http.HttpServletRequest;
import javax.servlet.http.HttpServletResponse;

/**
 * Refuses every request that could change HDFS ({@code PUT}, {@code POST}, {@code DELETE}) with
 * 403 and a WebHDFS {@code RemoteException} naming the key that allows writes, unless it renews
 * or cancels a delegation token.
 *
 * <p>Why here as well as HttpFS's {@code httpfs.access.mode = read-only}, which {@link ReadRelay}
 * also sets: HttpFS answers a refused write with an empty 403 that tells the caller nothing; this
 * answer says why and what to change, and a stock {@code WebHdfsFileSystem} turns it into an
 * {@code AccessControlException} with that message. Delegation-token renewal and cancellation
 * are {@code PUT}s that HttpFS's authentication filter serves (a Kerberos {@code
 * WebHdfsFileSystem} cancels its token when it closes); they change no file. The operation is
 * read from the query string, not {@code getParameter}, which would consume a form body.
 *
 * <p>Example: {@code POST /webhdfs/v1/data/t.txt?op=TRUNCATE&newlength=0} gets {@code 403} with
 * {@code {"RemoteException":{"exception":"AccessControlException",...,"message":"the WebHDFS
 * relay is read-only ..."}}}. Stateless and thread-safe.
 */
public final class RelayReadOnlyFilter implements Filter {
  static final Set<String> READS = Set.of("GET", "HEAD", "OPTIONS", "TRACE");
  static final Set<String> TOKEN_OPS = Set.of("RENEWDELEGATIONTOKEN", "CANCELDELEGATIONTOKEN");

  @Override
  public void init(FilterConfig config) {}

  @Override
  public void doFilter(ServletRequest request, ServletResponse response, FilterChain chain)
      throws IOException, ServletException {
    HttpServletRequest http = (HttpServletRequest) request;
    if (allowed(http.getMethod(), http.getQueryString())) {
      chain.doFilter(request, response);
      return;
    }
    String message = "the WebHDFS relay is read-only (" + RelayConfig.WRITES.name() + " = false)"
        + " and refuses every " + http.getMethod() + ": write through HDFS itself, or set "
        + RelayConfig.WRITES.name() + " = true on the proxy to let the relay write";
    HttpServletResponse out = (HttpServletResponse) response;
    out.setStatus(HttpServletResponse.SC_FORBIDDEN);
    out.setContentType("application/json;charset=utf-8");
    out.getOutputStream().write(("{\"RemoteException\":{\"exception\":\"AccessControlException\","
        + "\"javaClassName\":\"org.apache.hadoop.security.AccessControlException\",\"message\":\""
        + message + "\"}}\n").getBytes(StandardCharsets.UTF_8));
  }

  /** Whether a request with {@code method} and raw {@code query} leaves HDFS unchanged. */
  static boolean allowed(String method, String query) {
    if (READS.contains(method)) {
      return true;
    }
    if (!"PUT".equals(method) || query == null) {
      return false;
    }
    boolean tokenOp = false;
    for (String pair : query.split("&")) {
      if (pair.contains("%") && !pair.matches("([^%]|%[0-9A-Fa-f]{2})*")) {
        return false; // malformed escape: refused rather than guessed
      }
      int eq = pair.indexOf('=');
      String name = eq < 0 ? pair : pair.substring(0, eq);
      if (URLDecoder.decode(name, StandardCharsets.UTF_8).equalsIgnoreCase("op")) {
        String op = eq < 0 ? "" : URLDecoder.decode(pair.substring(eq + 1), StandardCharsets.UTF_8);
        if (!TOKEN_OPS.contains(op.toUpperCase(Locale.ROOT))) {
          return false; // every op parameter must be one: no second op behind a token op
        }
        tokenOp = true;
      }
    }
    return tokenOp;
  }

  @Override
  public void destroy() {}
}
