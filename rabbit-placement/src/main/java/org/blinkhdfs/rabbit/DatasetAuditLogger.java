package org.blinkhdfs.rabbit;

import java.net.InetAddress;
import java.util.Optional;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.hdfs.server.namenode.AuditLogger;
import org.apache.hadoop.ipc.Server;

/**
 * Tells the read order which file a reader opened ({@code dfs.namenode.audit.loggers =
 * default,org.blinkhdfs.rabbit.DatasetAuditLogger}), so {@link EqualWorkNetworkTopology} can
 * serve a dataset's blocks from the dataset's own nodes A(d) (Rabbit §3.4).
 *
 * <p><b>Why the audit log.</b> HDFS sorts a file's block locations for the reader without
 * telling the sorter the path. In {@code FSNamesystem#getBlockLocations} (3.5) the audit event
 * {@code open} of the path is logged on the RPC handler thread <em>before</em> the locations
 * are sorted on the same thread, and audit loggers are called synchronously. So this logger
 * keeps the path of the current call in a thread-local, and the sorter takes it when it sorts
 * for that same call ({@link #openedByCurrentCall}). The block's replicas alone cannot say
 * which dataset it belongs to: a block often fits two datasets' layouts at once.
 *
 * <p>Cheap: one thread-local write per successful {@code open}; nothing else is looked at.
 *
 * <p>Thread-safe (thread-local state only).
 */
public class DatasetAuditLogger implements AuditLogger {
  private static final ThreadLocal<Opened> OPENED = new ThreadLocal<>();

  @Override
  public void initialize(Configuration conf) {
    // Nothing to configure.
  }

  @Override
  public void logAuditEvent(boolean succeeded, String userName, InetAddress addr, String cmd,
      String src, String dst, FileStatus stat) {
    if (succeeded && "open".equals(cmd) && src != null) {
      OPENED.set(new Opened(Server.getCurCall().get(), src));
    }
  }

  /**
   * The path the current RPC call opened, when this logger saw its {@code open}; empty for any
   * other call (a sort for a write pipeline, the NameNode's own work, no logger configured).
   */
  static Optional<String> openedByCurrentCall() {
    Opened o = OPENED.get();
    return o != null && o.call == Server.getCurCall().get() ? Optional.of(o.src)
        : Optional.empty();
  }

  /** One open: the RPC call it came in (null over WebHDFS) and its path. */
  private record Opened(Object call, String src) {}
}
