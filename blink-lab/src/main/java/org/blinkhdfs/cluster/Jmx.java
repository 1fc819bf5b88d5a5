package org.blinkhdfs.cluster;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.net.HttpURLConnection;
import java.net.URI;

/**
 * Reads a numeric attribute from a Hadoop daemon's {@code /jmx} servlet. The query is a JMX
 * object-name pattern, so {@code name=DataNodeActivity*} matches a DataNode's activity bean
 * whatever its host-port suffix. Stateless.
 */
final class Jmx {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final int TIMEOUT_MS = 5_000;

  private Jmx() {}

  /** The attribute of the first bean matching {@code query} at {@code httpAddress}. */
  static long read(String httpAddress, String query, String attribute) throws IOException {
    return attribute(httpAddress, query, attribute).asLong();
  }

  /** The attribute as text, e.g. a metrics tag ({@code tag.GroupPlan}). */
  static String readText(String httpAddress, String query, String attribute) throws IOException {
    return attribute(httpAddress, query, attribute).asText();
  }

  private static JsonNode attribute(String httpAddress, String query, String attribute)
      throws IOException {
    URI uri = URI.create("http://" + httpAddress + "/jmx?qry=" + query);
    HttpURLConnection c = (HttpURLConnection) uri.toURL().openConnection();
    c.setConnectTimeout(TIMEOUT_MS);
    c.setReadTimeout(TIMEOUT_MS);
    JsonNode root;
    try (InputStream in = c.getInputStream()) {
      root = JSON.readTree(in);
    } finally {
      c.disconnect();
    }
    JsonNode beans = root.path("beans");
    if (beans.size() == 0 || !beans.get(0).has(attribute)) {
      throw new IOException("metric " + attribute + " not found at " + uri);
    }
    return beans.get(0).get(attribute);
  }
}
