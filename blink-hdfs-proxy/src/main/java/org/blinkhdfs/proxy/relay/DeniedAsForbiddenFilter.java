package org.blinkhdfs.proxy.relay;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.servlet.Filter;
import javax.servlet.FilterChain;
import javax.servlet.FilterConfig;
import javax.servlet.ServletException;
import javax.servlet.ServletOutputStream;
import javax.servlet.ServletRequest;
import javax.servlet.ServletResponse;
import javax.servlet.WriteListener;
import javax.servlet.http.HttpServletResponse;
import javax.servlet.http.HttpServletResponseWrapper;
import org.apache.hadoop.security.AccessControlException;

/**
 * Turns HttpFS's {@code 500} for a permission error into {@code 403}, as the NameNode's WebHDFS
 * answers it; the body (a WebHDFS {@code RemoteException}) is kept.
 *
 * <p>Why: HttpFS 3.4.2's {@code HttpFSExceptionProvider} maps {@code FileNotFoundException} to
 * 404 and every other {@code IOException} to 500, so a read HDFS denies ({@link
 * AccessControlException}, unwrapped from the NameNode's {@code RemoteException} by the client)
 * looked like a server fault. The relay cannot change HttpFS's Jersey providers (its web.xml is
 * fixed inside its jar), so this filter holds back a {@code 500} response's body, and when the
 * {@code javaClassName} it names is {@link AccessControlException} or a subclass ({@code
 * AuthorizationException} for a refused impersonation too) it sends the same body with {@code
 * 403}. Any other response, including every successful read, passes through unbuffered.
 *
 * <p>Stateless and thread-safe; one wrapper per request.
 */
public final class DeniedAsForbiddenFilter implements Filter {
  private static final Pattern CLASS_NAME =
      Pattern.compile("\"javaClassName\"\\s*:\\s*\"([\\w.$]+)\"");

  @Override
  public void init(FilterConfig config) {}

  @Override
  public void doFilter(ServletRequest request, ServletResponse response, FilterChain chain)
      throws IOException, ServletException {
    Held held = new Held((HttpServletResponse) response);
    chain.doFilter(request, held);
    held.finish();
  }

  /** Whether a WebHDFS error body names an {@link AccessControlException}. */
  static boolean denied(String body) {
    Matcher m = CLASS_NAME.matcher(body);
    if (!m.find()) {
      return false;
    }
    try {
      return AccessControlException.class.isAssignableFrom(Class.forName(m.group(1), false,
          DeniedAsForbiddenFilter.class.getClassLoader()));
    } catch (ClassNotFoundException | LinkageError e) {
      return false;
    }
  }

  @Override
  public void destroy() {}

  /** A response whose status 500 and body are held until {@link #finish}. */
  private static final class Held extends HttpServletResponseWrapper {
    private ByteArrayOutputStream body;
    private PrintWriter writer;

    Held(HttpServletResponse response) {
      super(response);
    }

    @Override
    public void setStatus(int sc) {
      if (sc == SC_INTERNAL_SERVER_ERROR && !isCommitted()) {
        body = new ByteArrayOutputStream();
      } else {
        super.setStatus(sc);
      }
    }

    /** Jersey 1 sets the status with its reason phrase; a held 500 gets the standard one. */
    @Override
    @SuppressWarnings("deprecation")
    public void setStatus(int sc, String reason) {
      if (sc == SC_INTERNAL_SERVER_ERROR && !isCommitted()) {
        body = new ByteArrayOutputStream();
      } else {
        super.setStatus(sc, reason);
      }
    }

    @Override
    public ServletOutputStream getOutputStream() throws IOException {
      if (body == null) {
        return super.getOutputStream();
      }
      return new ServletOutputStream() {
        @Override
        public void write(int b) {
          body.write(b);
        }

        @Override
        public void write(byte[] b, int off, int len) {
          body.write(b, off, len);
        }

        @Override
        public boolean isReady() {
          return true;
        }

        @Override
        public void setWriteListener(WriteListener listener) {
          throw new UnsupportedOperationException("a held error body is written blocking");
        }
      };
    }

    @Override
    public PrintWriter getWriter() throws IOException {
      if (body == null) {
        return super.getWriter();
      }
      if (writer == null) {
        writer = new PrintWriter(new OutputStreamWriter(getOutputStream(), charset()));
      }
      return writer;
    }

    @Override
    public void flushBuffer() throws IOException {
      if (body == null) {
        super.flushBuffer();
      }
    }

    private Charset charset() {
      String name = getCharacterEncoding();
      return name == null ? StandardCharsets.ISO_8859_1 : Charset.forName(name);
    }

    /** Sends a held response with 403 when it reports a permission error, else with 500. */
    void finish() throws IOException {
      if (body == null) {
        return;
      }
      if (writer != null) {
        writer.flush();
      }
      byte[] bytes = body.toByteArray();
      body = null;
      super.setStatus(denied(new String(bytes, StandardCharsets.UTF_8)) ? SC_FORBIDDEN
          : SC_INTERNAL_SERVER_ERROR);
      super.getOutputStream().write(bytes);
    }
  }
}
