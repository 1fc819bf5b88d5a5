package org.blinkhdfs.yarn;

import java.util.List;
import java.util.Optional;
import java.util.function.Function;
import org.blinkhdfs.common.config.ConfigKey;
import org.blinkhdfs.common.config.ConfigValues;
import org.blinkhdfs.model.schedule.InvalidScheduleException;
import org.blinkhdfs.model.schedule.NodeAddress;
import org.blinkhdfs.model.wire.SchedulerHttp;

/**
 * Where the scheduler reads YARN's pending containers, the {@code auto} policy's "compute work
 * waiting" signal ({@link PendingContainersPoller}): {@code blink.yarn.pending.address}, the
 * ResourceManager's web address ({@code yarn.resourcemanager.webapp.address}, {@code host:port};
 * empty, the default: not read), polled every {@code blink.yarn.pending.period.ms} (default
 * 10 s). Under Kerberos the reads authenticate as the scheduler's login, the keytab of {@code
 * blink.yarn.publisher.kerberos.principal} and {@code .keytab} ({@link
 * YarnPublisher#loginIfEnabled}), with SPNEGO to {@code HTTP/<ResourceManager host>}.
 *
 * <p>Not supported: an {@code https://} address (a ResourceManager with {@code yarn.http.policy
 * = HTTPS_ONLY}) is refused at start with that message; and a ResourceManager HA pair is read at
 * the one address given (give the active one's, or a load balancer's).
 *
 * <p>Immutable.
 */
public final class PendingContainersConfig {
  public static final ConfigKey ADDRESS = new ConfigKey("blink.yarn.pending.address", "",
      "host:port");
  public static final ConfigKey PERIOD_MS =
      new ConfigKey("blink.yarn.pending.period.ms", "10000", "ms");
  /** Every key this class reads. */
  public static final List<ConfigKey> KEYS = List.of(ADDRESS, PERIOD_MS);

  private final Optional<String> address;
  private final long periodMs;

  /** Reads and validates the keys through {@code lookup} (e.g. {@code conf::get}). */
  public PendingContainersConfig(Function<String, String> lookup) {
    String a = ConfigValues.raw(lookup, ADDRESS);
    if (SchedulerHttp.isHttps(a)) {
      throw new IllegalArgumentException(ADDRESS.name() + " = '" + a + "': an https"
          + " ResourceManager web address is not supported; give its http address"
          + " (yarn.resourcemanager.webapp.address), or leave the key empty");
    }
    if (!a.isEmpty()) {
      try {
        NodeAddress.validate(ADDRESS.name(), SchedulerHttp.hostPort(a));
      } catch (InvalidScheduleException e) {
        throw new IllegalArgumentException(ADDRESS.name() + " = '" + a + "' is not host:port"
            + " with a port in 1..65535: give the ResourceManager's web address"
            + " (yarn.resourcemanager.webapp.address), e.g. rm.example.com:8088", e);
      }
    }
    this.address = a.isEmpty() ? Optional.empty() : Optional.of(SchedulerHttp.hostPort(a));
    this.periodMs = ConfigValues.longIn(lookup, PERIOD_MS, 100, 600_000L);
  }

  /** The ResourceManager's web {@code host:port}; empty when pending containers are not read. */
  public Optional<String> address() {
    return address;
  }

  public long periodMs() {
    return periodMs;
  }
}
