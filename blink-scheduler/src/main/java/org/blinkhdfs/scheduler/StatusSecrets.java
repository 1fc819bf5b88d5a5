package org.blinkhdfs.scheduler;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import javax.servlet.http.HttpServletResponse;
import org.apache.hadoop.conf.Configuration;
import org.blinkhdfs.common.config.ConfigKey;
import org.blinkhdfs.daemon.http.JsonServlet.BadRequest;
import org.blinkhdfs.model.wire.NodeStatus;
import org.blinkhdfs.model.wire.StatusSignature;

/**
 * Each node's status secret ({@code blink.scheduler.status.secrets.file}, docs/security.md "Node
 * statuses"): with the file set, a status is accepted only when signed ({@link StatusSignature})
 * with the secret of the node it names, and never older than the last one accepted for that node.
 *
 * <p>Why: under simple authentication the agents' ACL names one user that every agent (and
 * anyone who claims it) shares, so only a secret per node tells a node's own agent from another.
 * The age rule stops a captured status from being replayed later (the feed is plain HTTP): a
 * replay of the newest one restates what is true. The file has one {@code host:port secret} line
 * per node ({@code #} comments); every ring and staging node must have one.
 *
 * <p>Thread-safe.
 */
final class StatusSecrets {
  static final ConfigKey FILE =
      new ConfigKey("blink.scheduler.status.secrets.file", "", "path");

  private final String file;
  private final Map<String, String> secrets;
  private final ConcurrentHashMap<String, Long> lastAtMs = new ConcurrentHashMap<>();

  private StatusSecrets(String file, Map<String, String> secrets) {
    this.file = file;
    this.secrets = secrets;
  }

  /** The secrets in {@link #FILE}, for exactly {@code nodes}; empty when the key is unset. */
  static Optional<StatusSecrets> load(Configuration conf, List<String> nodes) {
    String file = conf.getTrimmed(FILE.name(), "");
    if (file.isEmpty()) {
      return Optional.empty();
    }
    List<String> lines;
    try {
      lines = Files.readAllLines(Path.of(file), StandardCharsets.UTF_8);
    } catch (IOException | RuntimeException e) {
      throw new IllegalArgumentException(FILE.name() + " = '" + file + "' is not a readable file"
          + " (" + e.getMessage() + "): give the file of 'host:port secret' lines, readable only"
          + " by the scheduler's user");
    }
    Map<String, String> secrets = new HashMap<>();
    for (int i = 0; i < lines.size(); i++) {
      String line = lines.get(i).trim();
      if (line.isEmpty() || line.startsWith("#")) {
        continue;
      }
      String[] parts = line.split("\\s+");
      String where = FILE.name() + " = '" + file + "' line " + (i + 1);
      if (parts.length != 2) {
        throw new IllegalArgumentException(where + " is not 'host:port secret': give one node"
            + " and its secret per line");
      }
      if (parts[1].length() < StatusSignature.MIN_SECRET_CHARS) {
        throw new IllegalArgumentException(where + ": the secret of " + parts[0] + " has "
            + parts[1].length() + " characters; give at least "
            + StatusSignature.MIN_SECRET_CHARS + ", e.g. the output of openssl rand -hex 32");
      }
      if (secrets.put(parts[0], parts[1]) != null) {
        throw new IllegalArgumentException(where + " lists " + parts[0] + " twice: keep one");
      }
    }
    for (String node : nodes) {
      if (!secrets.containsKey(node)) {
        throw new IllegalArgumentException(FILE.name() + " = '" + file + "' has no secret for "
            + node + ": add a line '" + node + " <secret>' and give that agent the same secret"
            + " in blink.agent.status.secret.file");
      }
    }
    return Optional.of(new StatusSecrets(file, Map.copyOf(secrets)));
  }

  /**
   * 403 unless {@code signature} is {@code body}'s under the secret of {@code status.node()};
   * 409 when {@code status} is older than the last one accepted from that node.
   */
  void verify(NodeStatus status, byte[] body, String signature) {
    String secret = secrets.get(status.node());
    if (secret == null || !StatusSignature.verify(secret, body, signature)) {
      throw new BadRequest(HttpServletResponse.SC_FORBIDDEN, "the status of " + status.node()
          + (signature == null ? " is not signed" : " has a signature that is not that node's")
          + ": " + FILE.name() + " is set, so its agent must sign with the node's secret from "
          + file + " (blink.agent.status.secret.file)");
    }
    Long[] previous = {null};
    lastAtMs.compute(status.node(), (node, last) -> {
      if (last != null && status.atMs() < last) {
        previous[0] = last;
        return last;
      }
      return status.atMs();
    });
    if (previous[0] != null) {
      throw new BadRequest(HttpServletResponse.SC_CONFLICT, "the status of " + status.node()
          + " at " + status.atMs() + " is older than the last accepted (" + previous[0]
          + "): a replay is refused; agents stamp each status with their clock");
    }
  }
}
