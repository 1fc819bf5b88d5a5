package org.blinkhdfs.model.api;

import java.io.IOException;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.blinkhdfs.common.config.ConfigKey;
import org.blinkhdfs.model.schedule.InvalidScheduleException;
import org.blinkhdfs.model.schedule.NodeAddress;
import org.blinkhdfs.model.wire.HttpAuthenticator;
import org.blinkhdfs.model.wire.SchedulerApi;
import org.blinkhdfs.model.wire.SchedulerHttp;

/**
 * The Java client of the Blink API (BlinkFS §4.3) that the proxy serves at {@code /v1} on its
 * {@code blink.proxy.http.address} ({@code docs/proxy.md}, "Blink API"): {@link #getBlinkState},
 * {@link #getBlockInfo}, {@link #getFileInfo}, {@link #getServerLoadStats}. The admin tool's
 * {@code -blinkState}, {@code -blockInfo}, {@code -fileInfo} and {@code -serverLoad} use it, and
 * so can any application that wants to schedule its reads around the windows.
 *
 * <p>Why through the proxy rather than the NameNode: the answers join the schedule, the layout
 * (computed by the NameNode's own layout classes), the drain's queue and the DataNodes' metrics,
 * and only the proxy holds all four; the NameNode's RPC stays untouched.
 *
 * <p>Whose view: {@link #getBlockInfo} and {@link #getFileInfo} show a file only as the user the
 * {@link HttpAuthenticator} sends may see it in HDFS (the proxy asks the NameNode as that user:
 * 403 where HDFS refuses him, 401 with no user at all); the node calls show no file.
 *
 * <p>Every call is one bounded HTTP GET ({@link SchedulerHttp}: connect and read timeouts, a
 * bounded body, no retries). Every failure is an {@link IOException} whose message names the
 * URL, the status and the proxy's {@code {"error": ...}} text (the field, the value and the fix),
 * e.g. {@code GET http://10.0.0.5:9878/v1/file?path=%2Fnope returned 404: path '/nope' does not
 * exist ...}; an unreachable proxy names {@value #ADDRESS_KEY}.
 *
 * <p>Immutable and thread-safe.
 */
public final class BlinkApiClient {
  /** The key naming the proxy's HTTP address for clients ({@code host:port}). */
  public static final String ADDRESS_KEY = "blink.proxy.address";
  public static final ConfigKey ADDRESS = new ConfigKey(ADDRESS_KEY, "", "host:port");
  /** The keys clients of the API read (for the defaults-file check). */
  public static final List<ConfigKey> KEYS = List.of(ADDRESS);

  private final SchedulerHttp http;

  /**
   * @param address the proxy's HTTP address {@code host:port} (its {@code
   *     blink.proxy.http.address})
   * @param timeoutMs connect and read timeout of each call, {@code >= 1}
   * @throws IllegalArgumentException naming the address and the fix when it is not host:port
   */
  public BlinkApiClient(String address, int timeoutMs) {
    this(address, timeoutMs, HttpAuthenticator.processUser());
  }

  /**
   * A client sending each call through {@code authenticator} (the caller's Hadoop identity, SPNEGO
   * when the proxy runs with Kerberos; docs/security.md).
   */
  public BlinkApiClient(String address, int timeoutMs, HttpAuthenticator authenticator) {
    try {
      NodeAddress.validate("proxy address", address);
    } catch (InvalidScheduleException e) {
      throw new IllegalArgumentException("proxy address '" + address + "' is not host:port with"
          + " a port in 1..65535: give the proxy's HTTP address (its blink.proxy.http.address),"
          + " e.g. 10.0.0.5:9878", e);
    }
    this.http = SchedulerHttp.toServer(address, timeoutMs, "is the proxy (bin/blink proxy)"
        + " running at " + address + "? check " + ADDRESS_KEY + " or the admin tool's -proxy")
        .withAuthenticator(authenticator);
  }

  /** The proxy's {@code host:port}. */
  public String address() {
    return http.address();
  }

  /** {@code GET /v1/state?node=}: the schedule's and the NameNode's view of one DataNode. */
  public NodeState getBlinkState(String node) throws IOException {
    return get(SchedulerApi.PROXY_STATE + "?node=" + encode(node), NodeState.class);
  }

  /** {@code GET /v1/blocks?path=}: every block of a file with its replicas and layout. */
  public FileBlocks getBlockInfo(String path) throws IOException {
    return get(SchedulerApi.PROXY_BLOCKS + "?path=" + encode(path), FileBlocks.class);
  }

  /** {@code GET /v1/file?path=}: a file's attributes and block availability. */
  public FileInfo getFileInfo(String path) throws IOException {
    return get(SchedulerApi.PROXY_FILE + "?path=" + encode(path), FileInfo.class);
  }

  /** {@code GET /v1/load?node=}: a DataNode's I/O counters, possibly stale (it may sleep). */
  public ServerLoad getServerLoadStats(String node) throws IOException {
    return get(SchedulerApi.PROXY_LOAD + "?node=" + encode(node), ServerLoad.class);
  }

  private <T> T get(String pathAndQuery, Class<T> type) throws IOException {
    SchedulerHttp.Response r = http.get(pathAndQuery, "application/json").requireSuccess();
    try {
      return ApiJson.read(r.text(), type);
    } catch (IllegalArgumentException e) {
      throw new IOException(r.method() + " " + r.url() + " returned " + r.status() + " with a"
          + " body that is " + e.getMessage() + " (is " + http.address() + " a BlinkHDFS proxy of"
          + " this version?)", e);
    }
  }

  private static String encode(String value) {
    return URLEncoder.encode(value, StandardCharsets.UTF_8);
  }
}
