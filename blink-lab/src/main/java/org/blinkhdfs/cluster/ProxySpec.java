package org.blinkhdfs.cluster;

import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * Whether a {@link LocalCluster} runs the write proxy ({@code bin/blink proxy}, {@code
 * org.blinkhdfs.proxy.ProxyDaemon}) and how: when its JVM starts, whether the NameNode's own
 * layout correction runs beside it, and the proxy's own {@code blink.proxy.*} keys.
 *
 * <p>Why a spec and not a flag: the proxy is only meaningful with a BlinkHDFS layout policy
 * (anything else stages nothing, and the daemon refuses to start), a test that watches the proxy
 * alone must switch the NameNode's correction off, and a kill-and-restart test wants the JVM
 * started by hand after the data is written. Everything else the proxy needs (the NameNode's
 * address, the layout's keys, the schedule file, its move rate) is the cluster's and comes from
 * {@link HdfsSite}, so the proxy always agrees with the NameNode.
 *
 * <p>Why {@link #relays(int)}: several proxies serve WebHDFS reads as one set of relays, each
 * path owned by one of them by hash (docs/relay.md), and the redirect from a non-owner to the
 * owner can only be seen with two live relays; HttpFS allows one relay per JVM, so each proxy
 * is a JVM of its own. Every one of them also drains: the drains do not fight (they want the
 * same copies, and a copy another got to first ends as already in place or target busy at the
 * target, as with the NameNode's correction).
 *
 * <p>Example: {@code ProxySpec.withCluster().keys(Map.of("blink.proxy.scan.interval.ms",
 * "1000"))} starts the proxy once the scheduler runs, scanning every second, with the
 * NameNode's correction as the fallback. Immutable.
 *
 * @param launch when the proxy JVM starts
 * @param fallback whether the NameNode corrects layouts too
 * @param keys {@code blink.proxy.*} settings, applied over the cluster's (the proxy itself
 *     validates their values at start)
 * @param relays how many proxy JVMs, each with its own relay, all peers of each other (1..{@value
 *     #MAX_RELAYS})
 */
public record ProxySpec(Launch launch, Fallback fallback, Map<String, String> keys, int relays) {
  /** The most proxy JVMs a local cluster runs (each is a JVM of its own, on a small machine). */
  public static final int MAX_RELAYS = 4;

  /** No proxy. */
  public static final ProxySpec NONE =
      new ProxySpec(Launch.NONE, Fallback.NAMENODE, Map.of(), 1);

  /** When the proxy's JVM starts. */
  public enum Launch {
    /** The cluster has no proxy. */
    NONE,
    /** Started by {@link LocalCluster#start} once the scheduler publishes schedules. */
    WITH_CLUSTER,
    /** Configured (conf dir, port, log) but started by the caller: {@link ProxyProcess#start}. */
    BY_CALLER
  }

  /** Who else moves staged replicas into their layout. */
  public enum Fallback {
    /** The NameNode's reconstruction corrects layouts too (production; whoever is first). */
    NAMENODE,
    /**
     * Nobody: {@code dfs.namenode.replication.max-streams = 0}, so the moves seen are the
     * proxy's alone (tests). Also stops ordinary re-replication below the highest priority.
     */
    NONE
  }

  public ProxySpec {
    Objects.requireNonNull(launch, "launch");
    Objects.requireNonNull(fallback, "fallback");
    keys = Map.copyOf(new TreeMap<>(keys));
    for (Map.Entry<String, String> e : keys.entrySet()) {
      if (!e.getKey().startsWith("blink.proxy.")) {
        throw new IllegalArgumentException("proxy key " + e.getKey() + " = " + e.getValue()
            + " is not a blink.proxy.* key; the proxy's other settings are the cluster's"
            + " (ClusterSpec, HdfsSite): set them there");
      }
    }
    if (relays < 1 || relays > MAX_RELAYS) {
      throw new IllegalArgumentException("ProxySpec relays = " + relays + " is out of range; give"
          + " relays(n) a number of proxy JVMs from 1 to " + MAX_RELAYS);
    }
  }

  /** A proxy started with the cluster, the NameNode's correction as fallback, default keys. */
  public static ProxySpec withCluster() {
    return new ProxySpec(Launch.WITH_CLUSTER, Fallback.NAMENODE, Map.of(), 1);
  }

  /** A proxy the caller starts ({@link ProxyProcess#start}). */
  public static ProxySpec byCaller() {
    return new ProxySpec(Launch.BY_CALLER, Fallback.NAMENODE, Map.of(), 1);
  }

  public ProxySpec fallback(Fallback f) {
    return new ProxySpec(launch, f, keys, relays);
  }

  public ProxySpec keys(Map<String, String> k) {
    return new ProxySpec(launch, fallback, k, relays);
  }

  /**
   * {@code n} proxy JVMs instead of one, each with its own HTTP and relay port, all with {@code
   * blink.proxy.relay.peers} = every relay and {@code blink.proxy.relay.self} = its own ({@link
   * LocalCluster#proxies()}).
   */
  public ProxySpec relays(int n) {
    return new ProxySpec(launch, fallback, keys, n);
  }

  /** Whether the cluster has a proxy at all. */
  public boolean configured() {
    return launch != Launch.NONE;
  }
}
