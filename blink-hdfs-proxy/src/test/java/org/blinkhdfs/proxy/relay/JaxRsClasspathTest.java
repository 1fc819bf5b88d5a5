package org.blinkhdfs.proxy.relay;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.MalformedURLException;
import java.net.URL;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The classpath orders measured to work and to fail (see {@link JaxRsClasspath}). */
class JaxRsClasspathTest {
  static final String J2 = "file:/m2/jersey-server-2.46.jar";
  static final String J1 = "file:/m2/jersey-server-1.19.4.jar";
  static final String API2 = "file:/m2/jakarta.ws.rs-api-2.1.6.jar";
  static final String API1 = "file:/m2/jsr311-api-1.1.1.jar";

  static Map<String, URL> goodOrder() {
    Map<String, URL> m = new HashMap<>();
    m.put(JaxRsClasspath.HTTPFS_WEBAPP, jar("file:/m2/hadoop-hdfs-httpfs-3.4.2.jar",
        JaxRsClasspath.HTTPFS_WEBAPP));
    m.put(JaxRsClasspath.JERSEY1_SERVLET, jar("file:/m2/jersey-servlet-1.19.4.jar",
        JaxRsClasspath.JERSEY1_SERVLET));
    m.put(JaxRsClasspath.JERSEY2_SERVER, jar(J2, JaxRsClasspath.JERSEY2_SERVER));
    m.put(JaxRsClasspath.REPACKAGED_ASM, jar(J2, JaxRsClasspath.REPACKAGED_ASM));
    m.put(JaxRsClasspath.JAXRS_APPLICATION, jar(API2, JaxRsClasspath.JAXRS_APPLICATION));
    m.put(JaxRsClasspath.JAXRS2_ONLY, jar(API2, JaxRsClasspath.JAXRS2_ONLY));
    return m;
  }

  @Test
  void thisModulesTestClasspathIsInTheWorkingOrder() {
    assertEquals(Optional.empty(),
        JaxRsClasspath.problem(JaxRsClasspath.class.getClassLoader()::getResource));
  }

  @Test
  void hadoopsJerseyFirstIsFine() {
    assertEquals(Optional.empty(), JaxRsClasspath.problem(goodOrder()::get));
  }

  @Test
  void withoutJersey2OnlyHttpFsAndJersey1Matter() {
    Map<String, URL> m = goodOrder();
    m.remove(JaxRsClasspath.JERSEY2_SERVER);
    m.put(JaxRsClasspath.REPACKAGED_ASM, jar(J1, JaxRsClasspath.REPACKAGED_ASM));
    m.put(JaxRsClasspath.JAXRS_APPLICATION, jar(API1, JaxRsClasspath.JAXRS_APPLICATION));
    m.remove(JaxRsClasspath.JAXRS2_ONLY);
    assertEquals(Optional.empty(), JaxRsClasspath.problem(m::get));
  }

  @Test
  void jersey1sRepackagedAsmFirstIsNamedWithTheFix() {
    Map<String, URL> m = goodOrder();
    m.put(JaxRsClasspath.REPACKAGED_ASM, jar(J1, JaxRsClasspath.REPACKAGED_ASM));
    String p = JaxRsClasspath.problem(m::get).orElseThrow();
    assertTrue(p.contains(J1) && p.contains(J2) && p.contains("put Hadoop's jars before"), p);
  }

  @Test
  void jsr311FirstIsNamedWithTheFix() {
    Map<String, URL> m = goodOrder();
    m.put(JaxRsClasspath.JAXRS_APPLICATION, jar(API1, JaxRsClasspath.JAXRS_APPLICATION));
    String p = JaxRsClasspath.problem(m::get).orElseThrow();
    assertTrue(p.contains(API1) && p.contains("remove javax.ws.rs:jsr311-api"), p);
  }

  @Test
  void missingHttpFsOrJersey1IsNamed() {
    Map<String, URL> m = goodOrder();
    m.remove(JaxRsClasspath.JERSEY1_SERVLET);
    assertTrue(JaxRsClasspath.problem(m::get).orElseThrow().contains("jersey-servlet"));
    m.remove(JaxRsClasspath.HTTPFS_WEBAPP);
    assertTrue(JaxRsClasspath.problem(m::get).orElseThrow().contains("hadoop-hdfs-httpfs:3.4.2"));
  }

  @Test
  void directoriesAreNamedToo() throws MalformedURLException {
    assertEquals("file:/work/target/classes/", JaxRsClasspath.jarOf(
        new URL("file:/work/target/classes/" + JaxRsClasspath.JAXRS2_ONLY),
        JaxRsClasspath.JAXRS2_ONLY));
  }

  static URL jar(String jar, String resource) {
    try {
      return new URL("jar:" + jar + "!/" + resource);
    } catch (MalformedURLException e) {
      throw new IllegalArgumentException(e);
    }
  }
}
