package org.blinkhdfs.cluster;

import java.util.List;

/**
 * JVM options of the daemons: the module openings Hadoop 3.5 needs on JDK 17, and small-footprint
 * heap and JIT settings (a DataNode with these runs in about 125 MB RSS and is live in ~4 s).
 */
final class JvmFlags {
  static final List<String> ADD_OPENS = List.of(
      "--add-opens", "java.base/java.lang=ALL-UNNAMED",
      "--add-opens", "java.base/java.util=ALL-UNNAMED",
      "--add-opens", "java.base/java.io=ALL-UNNAMED",
      "--add-opens", "java.base/java.net=ALL-UNNAMED",
      "--add-opens", "java.base/java.util.concurrent=ALL-UNNAMED",
      "--add-opens", "java.base/java.lang.reflect=ALL-UNNAMED",
      "--add-opens", "java.base/sun.security.util=ALL-UNNAMED",
      "--add-opens", "java.base/sun.nio.ch=ALL-UNNAMED");

  static final List<String> DATANODE = List.of("-Xmx128m", "-XX:+UseSerialGC",
      "-XX:TieredStopAtLevel=1", "-Xss256k");

  static final List<String> NAMENODE = List.of("-Xmx512m", "-XX:+UseSerialGC",
      "-XX:TieredStopAtLevel=1");

  /** The write proxy: a DFS client, an HTTP server and a few copy threads. */
  static final List<String> PROXY = List.of("-Xmx192m", "-XX:+UseSerialGC",
      "-XX:TieredStopAtLevel=1");

  /** The power scheduler and an agent in JVMs of their own ({@link BlinkProcesses}): small. */
  static final List<String> CONTROL = List.of("-Xmx96m", "-XX:+UseSerialGC",
      "-XX:TieredStopAtLevel=1", "-Xss256k");

  /** The ResourceManager: scheduler, RPC servers and the web UI of a handful of hosts. */
  static final List<String> RESOURCE_MANAGER = List.of("-Xmx384m", "-XX:+UseSerialGC",
      "-XX:TieredStopAtLevel=1");

  /** A NodeManager: launches a few containers and serves their map outputs (shuffle). */
  static final List<String> NODE_MANAGER = List.of("-Xmx256m", "-XX:+UseSerialGC",
      "-XX:TieredStopAtLevel=1", "-Xss256k");

  private JvmFlags() {}
}
