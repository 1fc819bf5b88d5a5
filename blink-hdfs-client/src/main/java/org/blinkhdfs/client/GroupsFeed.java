package org.blinkhdfs.client;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Supplier;
import org.apache.hadoop.conf.Configuration;
import org.blinkhdfs.common.config.ConfigKey;
import org.blinkhdfs.common.config.ConfigValues;
import org.blinkhdfs.group.GroupSet;
import org.blinkhdfs.group.GroupsJson;
import org.blinkhdfs.model.wire.SchedulerApi;
import org.blinkhdfs.model.wire.SchedulerHttp;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The NameNode's copy of the application groups document, for code on the hot path (placement,
 * the read order): read in the background every {@code blink.groups.refresh.ms} from {@code
 * blink.groups.file} or the scheduler's {@code GET /v1/groups}, so {@link #current()} never
 * waits for a disk or the network.
 *
 * <p><b>Failures.</b> A failed read keeps the last document read (groups do not vanish because
 * the scheduler restarts) and is logged once per distinct error; the first success after a
 * failure is logged too. Before the first successful read the document is empty: new blocks
 * then get the layout of files in no group, which is still a valid equal-work layout. A
 * document whose revision goes back (a restored file) is taken as it is and logged.
 *
 * <p><b>Live groups.</b> With a scheduler to tell ({@code blink.groups.report.address}, else
 * {@code blink.scheduler.address}: a NameNode that reads the schedule file the scheduler writes
 * on the same host has no scheduler address, but its scheduler still wants the report) and a
 * supplier given ({@link #reportLive}), each period also sends the groups read or written lately
 * ({@code PUT /v1/groups/live}), from which the scheduler's activation shares the ACTIVE nodes.
 * An empty set is sent once when the last group stops being live, not every period, so a
 * standby NameNode (which sees no client) does not keep clearing the active one's report.
 *
 * <p><b>Cost.</b> One small file read or HTTP call (two with live groups) per period on one
 * daemon thread.
 *
 * <p>Thread-safe.
 */
public final class GroupsFeed implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(GroupsFeed.class);
  /** The groups document on this host (the scheduler's {@code blink.scheduler.groups.file}). */
  public static final ConfigKey FILE = new ConfigKey("blink.groups.file", "", "path");
  public static final ConfigKey REFRESH_MS =
      new ConfigKey("blink.groups.refresh.ms", "5000", "ms");
  /** Where live groups are reported; empty: {@code blink.scheduler.address}. */
  public static final ConfigKey REPORT_ADDRESS =
      new ConfigKey("blink.groups.report.address", "", "host:port");

  /** Reads the document once. */
  @FunctionalInterface
  public interface Source {
    GroupSet read() throws IOException;
  }

  private final Source source;
  private final String describe;
  private final AtomicReference<GroupSet> current = new AtomicReference<>(GroupSet.empty());
  private final ScheduledExecutorService thread;
  private volatile String lastError;
  private final Optional<SchedulerHttp> scheduler;
  private volatile Supplier<Set<String>> live;
  private Set<String> lastSent = Set.of(); // feed thread only
  private String lastSendError; // feed thread only

  private GroupsFeed(Source source, String describe, long refreshMs,
      Optional<SchedulerHttp> scheduler) {
    this.source = source;
    this.describe = describe;
    this.scheduler = scheduler;
    this.thread = Executors.newSingleThreadScheduledExecutor(r -> {
      Thread t = new Thread(r, "blink-groups-feed");
      t.setDaemon(true);
      return t;
    });
    thread.scheduleWithFixedDelay(this::period, 0, refreshMs, TimeUnit.MILLISECONDS);
  }

  /**
   * Starts a feed from {@code conf}'s groups source.
   *
   * @throws IllegalArgumentException naming the keys when there is no source or a bad refresh
   */
  public static GroupsFeed start(Configuration conf, String why) {
    long refreshMs = ConfigValues.longIn(conf::get, REFRESH_MS, 100, 3_600_000);
    String file = conf.getTrimmed(FILE.name(), "");
    ClientConfig pc = ClientConfig.from(conf);
    if (file.isEmpty() && pc.schedulerAddress().isEmpty()) {
      throw new IllegalArgumentException(why + " needs the groups document: set "
          + FILE.name() + " to the scheduler's blink.scheduler.groups.file (same"
          + " host), or " + ClientConfig.SCHEDULER_ADDRESS.name() + " to read GET /v1/groups");
    }
    String report = conf.getTrimmed(REPORT_ADDRESS.name(), "");
    if (!report.isEmpty()) {
      SchedulerHttp.checkAddress(REPORT_ADDRESS.name(), report);
    } else {
      report = pc.schedulerAddress();
    }
    return new GroupsFeed(source(conf), file.isEmpty() ? "scheduler " + pc.schedulerAddress()
        : file, refreshMs, report.isEmpty() ? Optional.empty()
            : Optional.of(schedulerHttp(conf, report)));
  }

  private static SchedulerHttp schedulerHttp(Configuration conf, String address) {
    ClientConfig pc = ClientConfig.from(conf);
    return SchedulerClientAuth.client(conf, address, pc.schedulerTimeoutMs());
  }

  /**
   * Sends {@code liveGroups} to the scheduler every period from now on (nothing without a
   * scheduler address).
   */
  public void reportLive(Supplier<Set<String>> liveGroups) {
    this.live = liveGroups;
  }

  /** The groups document of {@code conf}: {@code blink.groups.file}, else the scheduler's. */
  public static Source source(Configuration conf) {
    String file = conf.getTrimmed(FILE.name(), "");
    if (!file.isEmpty()) {
      Path path = Path.of(file);
      return () -> GroupsJson.read(Files.readString(path, StandardCharsets.UTF_8));
    }
    SchedulerHttp http = schedulerHttp(conf, ClientConfig.from(conf).schedulerAddress());
    return () -> GroupsJson.read(http.get(SchedulerApi.GROUPS, "application/json").requireSuccess()
        .text());
  }

  /** The last document read; empty before the first successful read. */
  public GroupSet current() {
    return current.get();
  }

  /** One period: reads the document, then reports the live groups. */
  private void period() {
    refresh();
    Supplier<Set<String>> l = live;
    if (l == null || scheduler.isEmpty()) {
      return;
    }
    Set<String> now = Set.copyOf(l.get());
    if (now.isEmpty() && lastSent.isEmpty()) {
      return;
    }
    try {
      scheduler.get().putText(SchedulerApi.GROUPS_LIVE, GroupsJson.writeLive(now)).requireSuccess();
      lastSent = now;
      lastSendError = null;
    } catch (IOException | RuntimeException e) {
      if (!Objects.equals(e.getMessage(), lastSendError)) {
        LOG.warn("Cannot report the live groups {} to the scheduler: {}", now, e.toString());
        lastSendError = e.getMessage();
      }
    }
  }

  /** Reads now (also what the background thread does each period); true on success. */
  public boolean refresh() {
    try {
      GroupSet next = source.read();
      GroupSet before = current.getAndSet(next);
      if (lastError != null) {
        LOG.info("Groups document from {} readable again (revision {})", describe,
            next.revision());
        lastError = null;
      }
      if (next.revision() < before.revision()) {
        LOG.warn("Groups document from {} went back from revision {} to {}; following it",
            describe, before.revision(), next.revision());
      } else if (next.revision() != before.revision()) {
        LOG.info("Groups document from {}: revision {}, live groups {}", describe,
            next.revision(), next.live().stream().map(g -> g.name()).toList());
      }
      return true;
    } catch (IOException | RuntimeException e) {
      String error = String.valueOf(e.getMessage());
      if (!Objects.equals(error, lastError)) {
        LOG.warn("Cannot read the groups document from {} (keeping revision {}): {}", describe,
            current.get().revision(), e.toString());
        lastError = error;
      }
      return false;
    }
  }

  @Override
  public void close() {
    thread.shutdownNow();
  }
}
