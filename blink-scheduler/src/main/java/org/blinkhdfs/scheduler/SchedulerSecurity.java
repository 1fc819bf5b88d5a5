package org.blinkhdfs.scheduler;

import java.io.IOException;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.security.Principal;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import javax.servlet.http.HttpServletRequest;
import javax.servlet.http.HttpServletResponse;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.security.authorize.AccessControlList;
import org.blinkhdfs.common.config.ConfigKey;
import org.blinkhdfs.daemon.http.BodyLimits;
import org.blinkhdfs.daemon.http.HttpSecurity;
import org.blinkhdfs.daemon.http.JsonServlet.BadRequest;
import org.blinkhdfs.model.wire.NodeStatus;
import org.blinkhdfs.model.wire.StatusSignature;

/**
 * Who may change the scheduler (docs/security.md): Hadoop's authentication, admin ACL and CSRF
 * rules of {@link HttpSecurity} with the scheduler's keys, plus the agents' ACL.
 *
 * <p>A mutation ({@code PUT /v1/power|policy|active|popularity}, {@code POST /v1/wake}) without
 * an identity is 401, from a user outside {@link #ADMIN_ACL} 403. A status post needs a user in
 * {@link #AGENT_ACL}; under Kerberos a host-based principal ({@code blink/dn1@REALM}) may post
 * only its own host's status; with {@link StatusSecrets#FILE} set, under any authentication, a
 * status must be signed with the secret of the node it names. An unset admin ACL means the user
 * running the scheduler, an unset agent ACL the admin ACL: a cluster run by one user (the local
 * cluster, tests) works unchanged, and nobody else can turn nodes off until the operator lists
 * them. Request bodies are read within {@link #BODY_KEYS} ({@link BodyLimits}).
 */
final class SchedulerSecurity {
  static final ConfigKey ADMIN_ACL =
      new ConfigKey("blink.scheduler.admin.acl", "", "Hadoop ACL: users groups");
  static final ConfigKey AGENT_ACL =
      new ConfigKey("blink.scheduler.agent.acl", "", "Hadoop ACL: users groups");
  static final HttpSecurity.Keys HTTP_KEYS = new HttpSecurity.Keys(ADMIN_ACL,
      new ConfigKey("blink.scheduler.http.kerberos.principal", "", "Kerberos principal"),
      new ConfigKey("blink.scheduler.http.kerberos.keytab", "", "path"),
      new ConfigKey("blink.scheduler.http.rest-csrf.enabled", "true", "boolean"));
  /** Request bodies in flight per identity and in all, and their read deadline. */
  static final BodyLimits.Keys BODY_KEYS = BodyLimits.Keys.of("blink.scheduler.http");
  static final List<ConfigKey> KEYS = keys();

  final HttpSecurity http;
  private final AccessControlList agents;
  private final BodyLimits bodies;
  private final Optional<StatusSecrets> statusSecrets;

  /** {@code nodes}: every ring and staging node, each of which needs a status secret if any. */
  SchedulerSecurity(Configuration conf, List<String> nodes) throws IOException {
    this.http = new HttpSecurity(conf, HTTP_KEYS);
    this.bodies = new BodyLimits(conf, BODY_KEYS);
    this.statusSecrets = StatusSecrets.load(conf, nodes);
    this.agents = conf.getTrimmed(AGENT_ACL.name(), "").isEmpty() ? http.admins()
        : HttpSecurity.acl(conf, AGENT_ACL, "");
  }

  private static List<ConfigKey> keys() {
    List<ConfigKey> all = new ArrayList<>(HTTP_KEYS.list());
    all.add(AGENT_ACL);
    all.addAll(BODY_KEYS.list());
    all.add(StatusSecrets.FILE);
    return List.copyOf(all);
  }

  /** The bounds every request body is read within. */
  BodyLimits bodies() {
    return bodies;
  }

  /** 401 without an identity, 403 unless the caller is in {@link #ADMIN_ACL}. */
  void requireAdmin(HttpServletRequest req) {
    http.requireAdmin(req, "change the scheduler");
  }

  /** 401 without an identity, 403 unless the caller is in {@link #AGENT_ACL}. */
  void requireAgent(HttpServletRequest req) {
    HttpSecurity.require(req, agents, AGENT_ACL, "post node statuses");
  }

  /**
   * With {@link StatusSecrets#FILE} set: 403 unless {@code body} carries the signature of the
   * node it names ({@code StatusSignature.HEADER}), 409 for a status older than that node's
   * last; without it every identity in {@link #AGENT_ACL} may post any node's status
   * (docs/security.md).
   */
  void requireSignedByNode(HttpServletRequest req, NodeStatus status, byte[] body) {
    statusSecrets.ifPresent(s -> s.verify(status, body,
        req.getHeader(StatusSignature.HEADER)));
  }

  /**
   * 403 when a host-based Kerberos principal ({@code blink/dn1@REALM}) posts the status of a
   * node on another host; a principal without a host (and simple authentication) is not bound.
   */
  void requireOwnNode(HttpServletRequest req, String node) {
    Principal p = req.getUserPrincipal();
    String host = p == null ? null : principalHost(p.getName());
    if (host != null && !sameHost(host, hostOf(node))) {
      throw new BadRequest(HttpServletResponse.SC_FORBIDDEN, "principal "
          + p.getName() + " may post only the status of a node on " + host + ", not of "
          + node + ": run each agent with its own host's principal");
    }
  }

  /** The host part of {@code service/host@REALM}, or null for a principal without one. */
  static String principalHost(String principal) {
    int slash = principal.indexOf('/');
    if (slash < 0) {
      return null;
    }
    int at = principal.indexOf('@', slash);
    return principal.substring(slash + 1, at < 0 ? principal.length() : at);
  }

  private static String hostOf(String node) {
    int colon = node.lastIndexOf(':');
    return colon < 0 ? node : node.substring(0, colon);
  }

  /** Equal names, or names that resolve to one address (a status may name the node by IP). */
  static boolean sameHost(String a, String b) {
    if (a.equalsIgnoreCase(b)) {
      return true;
    }
    try {
      return InetAddress.getByName(a).equals(InetAddress.getByName(b));
    } catch (UnknownHostException e) {
      return false;
    }
  }
}
