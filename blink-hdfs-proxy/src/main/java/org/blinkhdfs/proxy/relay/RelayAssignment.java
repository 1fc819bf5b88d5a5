package org.blinkhdfs.proxy.relay;

import java.nio.charset.StandardCharsets;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * Which of several read relays serves a file: BlinkFS's "files are assigned to proxies by hash of
 * path", as one pure function every proxy and client can compute without talking to anyone.
 *
 * <p>Goals: every path has exactly one owner; the assignment is stable (same proxies, same path,
 * same owner, in any process, on any JVM); the spread over proxies is even; and adding or removing
 * one of n proxies moves only the paths it gains or loses (about 1/n of them), so the other
 * proxies' caches and open streams stay put. A modulo-n hash meets the first three but moves almost
 * every path when n changes, so this uses rendezvous (highest-random-weight) hashing instead.
 *
 * <p>Algorithm: the path is normalized ({@link #normalize}: one slash between components, no
 * trailing slash, so {@code //a/b/} and {@code /a/b} are one file). Each proxy's weight for the
 * path is {@code mix(fnv1a64(utf8(proxy) + 0x00 + utf8(path)))}, FNV-1a 64 followed by the
 * SplitMix64 finalizer (FNV alone mixes the last bytes poorly). The owner is the proxy with the
 * largest weight, compared as unsigned 64-bit numbers; the order of the proxy list does not matter
 * (a tie, which needs a 64-bit collision, goes to the proxy listed first). Changing any constant
 * here reassigns every file.
 *
 * <p>Example: proxies {@code [p1:14000, p2:14000, p3:14000]}, path {@code /logs/day1}: the
 * weights are {@code 0x4323264b267f23cb}, {@code 0x1e8ca7162776b44f} and {@code
 * 0x8c3b5d68c04e5a49}, so {@code p3:14000} serves it; with {@code p3} gone, {@code p1} (the next
 * largest) does, and no other file moves except those {@code p3} owned.
 *
 * <p>Stateless and thread-safe.
 */
public final class RelayAssignment {
  static final long FNV_OFFSET = 0xcbf29ce484222325L;
  private static final long FNV_PRIME = 0x100000001b3L;

  private RelayAssignment() {}

  /**
   * The proxy (one element of {@code proxies}, as given) that serves {@code path}.
   *
   * @param proxies every relay's {@code host:port}, no duplicates, at least one
   * @param path an absolute HDFS path ({@code /...})
   * @throws IllegalArgumentException for an empty or duplicated proxy list or a relative path
   */
  public static String owner(List<String> proxies, String path) {
    Objects.requireNonNull(proxies, "proxies");
    if (proxies.isEmpty()) {
      throw new IllegalArgumentException("no relay proxies to assign " + path + " to");
    }
    Set<String> seen = new HashSet<>();
    for (String p : proxies) {
      if (!seen.add(Objects.requireNonNull(p, "proxy"))) {
        throw new IllegalArgumentException("relay proxy " + p + " is listed twice in " + proxies);
      }
    }
    String file = normalize(path);
    String best = null;
    long bestWeight = 0;
    for (String p : proxies) {
      long w = weight(p, file);
      if (best == null || Long.compareUnsigned(w, bestWeight) > 0) {
        best = p;
        bestWeight = w;
      }
    }
    return best;
  }

  /**
   * {@code path} with runs of slashes collapsed and no trailing slash ({@code /} stays {@code /}).
   *
   * @throws IllegalArgumentException when {@code path} does not start with {@code /}
   */
  public static String normalize(String path) {
    Objects.requireNonNull(path, "path");
    if (!path.startsWith("/")) {
      throw new IllegalArgumentException("relay paths are absolute (start with /), got '" + path
          + "'");
    }
    StringBuilder out = new StringBuilder(path.length());
    for (int i = 0; i < path.length(); i++) {
      char c = path.charAt(i);
      if (c != '/' || out.length() == 0 || out.charAt(out.length() - 1) != '/') {
        out.append(c);
      }
    }
    if (out.length() > 1 && out.charAt(out.length() - 1) == '/') {
      out.setLength(out.length() - 1);
    }
    return out.toString();
  }

  /** The weight of {@code proxy} for a normalized {@code path}. */
  static long weight(String proxy, String path) {
    long h = FNV_OFFSET;
    h = fnv(h, proxy.getBytes(StandardCharsets.UTF_8));
    h = (h ^ 0) * FNV_PRIME; // the separator byte 0x00
    h = fnv(h, path.getBytes(StandardCharsets.UTF_8));
    return mix(h);
  }

  /** FNV-1a 64 of {@code bytes}, continuing from {@code h}. */
  static long fnv(long h, byte[] bytes) {
    for (byte b : bytes) {
      h = (h ^ (b & 0xff)) * FNV_PRIME;
    }
    return h;
  }

  /** The SplitMix64 finalizer. */
  static long mix(long z) {
    z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
    z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
    return z ^ (z >>> 31);
  }
}
