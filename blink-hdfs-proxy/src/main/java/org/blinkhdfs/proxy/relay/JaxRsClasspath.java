package org.blinkhdfs.proxy.relay;

import java.net.URL;
import java.util.Optional;
import java.util.function.Function;

/**
 * Checks, before the relay starts, that HttpFS 3.4.2's Jersey 1 can run in this JVM beside Hadoop
 * 3.5's Jersey 2, and names the fix when it cannot.
 *
 * <p>Why: HttpFS 3.5.0 is not published, so the relay runs HttpFS 3.4.2, whose web.xml names the
 * Jersey 1 servlet ({@code com.sun.jersey}), in a JVM whose Hadoop uses Jersey 2 ({@code
 * org.glassfish.jersey}; the NameNode's WebHDFS, {@code HttpServer2#addJerseyResourcePackage}).
 * Measured on Hadoop 3.5.0 with a MiniDFSCluster and HttpFS in one JVM: both work, and every
 * WebHDFS operation tried answers, when and only when
 * <ol>
 * <li>Jersey 2's {@code jersey-server} precedes Jersey 1's: both jars carry the classes {@code
 * jersey.repackaged.org.objectweb.asm.*}, and with Jersey 1's first Jersey 2 fails to scan
 * resources ({@code IllegalArgumentException at jersey.repackaged.org.objectweb.asm.ClassVisitor
 * .<init>}, "Unable to initialize WebAppContext" of the NameNode);</li>
 * <li>{@code javax.ws.rs} is the 2.x API ({@code jakarta.ws.rs-api} 2.1.6): with {@code
 * jsr311-api} 1.1 first Jersey 2 fails with {@code NoSuchMethodError: 'java.util.Map
 * javax.ws.rs.core.Application.getProperties()'}. Jersey 1.19 runs on the 2.x API, so {@code
 * jsr311-api} is not needed at all.</li>
 * </ol>
 * Both are questions of classpath order, answered here from where the class loader finds each
 * resource. When no Jersey 2 is present, only the presence of HttpFS and Jersey 1 is checked.
 *
 * <p>Stateless and thread-safe.
 */
final class JaxRsClasspath {
  static final String HTTPFS_WEBAPP = "webapps/webhdfs/WEB-INF/web.xml";
  static final String JERSEY1_SERVLET =
      "com/sun/jersey/spi/container/servlet/ServletContainer.class";
  static final String JERSEY2_SERVER = "org/glassfish/jersey/server/ResourceConfig.class";
  static final String REPACKAGED_ASM = "jersey/repackaged/org/objectweb/asm/ClassVisitor.class";
  static final String JAXRS_APPLICATION = "javax/ws/rs/core/Application.class";
  /** A class JAX-RS 2.0 added; absent from the 1.1 API. */
  static final String JAXRS2_ONLY = "javax/ws/rs/core/Link.class";

  private JaxRsClasspath() {}

  /** Throws {@link IllegalStateException} naming the fix when this JVM's classpath is unfit. */
  static void check() {
    ClassLoader cl = JaxRsClasspath.class.getClassLoader();
    problem(cl::getResource).ifPresent(p -> {
      throw new IllegalStateException(p);
    });
  }

  /** What is wrong with the classpath {@code resource} describes, if anything. */
  static Optional<String> problem(Function<String, URL> resource) {
    if (resource.apply(HTTPFS_WEBAPP) == null) {
      return Optional.of("HttpFS is not on the classpath (no " + HTTPFS_WEBAPP + "): add"
          + " org.apache.hadoop:hadoop-hdfs-httpfs:3.4.2 (all its dependencies excluded)");
    }
    if (resource.apply(JERSEY1_SERVLET) == null) {
      return Optional.of("Jersey 1 is not on the classpath (no " + JERSEY1_SERVLET + "), and"
          + " HttpFS 3.4.2's web.xml runs it: add com.sun.jersey:jersey-servlet, jersey-server and"
          + " jersey-core 1.19.4 (without jsr311-api) after Hadoop's jars");
    }
    URL jersey2 = resource.apply(JERSEY2_SERVER);
    if (jersey2 == null) {
      return Optional.empty();
    }
    URL asm = resource.apply(REPACKAGED_ASM);
    if (asm != null && !jarOf(asm, REPACKAGED_ASM).equals(jarOf(jersey2, JERSEY2_SERVER))) {
      return Optional.of("Jersey 1's jersey-server (" + jarOf(asm, REPACKAGED_ASM) + ")"
          + " precedes Jersey 2's (" + jarOf(jersey2, JERSEY2_SERVER) + ") on the classpath;"
          + " both carry jersey.repackaged.org.objectweb.asm and Jersey 2 (NameNode WebHDFS,"
          + " HttpServer2 resources) then fails: put Hadoop's jars before the Jersey 1 jars");
    }
    URL application = resource.apply(JAXRS_APPLICATION);
    URL link = resource.apply(JAXRS2_ONLY);
    if (application != null && (link == null
        || !jarOf(application, JAXRS_APPLICATION).equals(jarOf(link, JAXRS2_ONLY)))) {
      return Optional.of("the JAX-RS 1.1 API (" + jarOf(application, JAXRS_APPLICATION) + ")"
          + " precedes the 2.x API Jersey 2 needs (NoSuchMethodError"
          + " javax.ws.rs.core.Application.getProperties()): remove javax.ws.rs:jsr311-api from"
          + " the classpath (Jersey 1.19 runs on jakarta.ws.rs-api 2.1)");
    }
    return Optional.empty();
  }

  /** The jar (or directory) {@code url} was found in, as a string. */
  static String jarOf(URL url, String resource) {
    String s = url.toString();
    int bang = s.indexOf("!/");
    if (s.startsWith("jar:") && bang > 0) {
      return s.substring("jar:".length(), bang);
    }
    return s.endsWith(resource) ? s.substring(0, s.length() - resource.length()) : s;
  }
}
