package org.blinkhdfs.placement;

import java.net.InetAddress;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.hdfs.server.namenode.AuditLogger;
import org.blinkhdfs.client.BlinkRuntime;
import org.blinkhdfs.layout.popularity.AccessAverages;

/**
 * Counts what popularity replication and the node loads of load-proportional blinking need from
 * the NameNode's audit events: every successful
 * {@code open} of a path is a read, every {@code create} or {@code append} a write, and a
 * {@code delete} or {@code rename} forgets the path. Add it beside HDFS's own logger:
 * {@code dfs.namenode.audit.loggers = default,org.blinkhdfs.placement.PopularityAuditLogger}.
 *
 * <p>Why the audit log: it is HDFS's one hook that sees every client's {@code open} with its path
 * (a reader's {@code getBlockLocations}), from RPC and WebHDFS alike, and nothing the NameNode
 * does itself (internal calls are not audited). The read sort sees reads too, but without a path.
 *
 * <p>Cheap: one concurrent counter increment per event, no I/O. Does nothing when both {@code
 * blink.popularity.enabled} and {@code blink.popularity.nodes.publish} are false.
 */
public class PopularityAuditLogger implements AuditLogger {
  private volatile AccessAverages accesses;

  @Override
  public void initialize(Configuration conf) {
    PopularityConfig config = PopularityConfig.from(conf);
    accesses = config.anyPeriodWork()
        ? BlinkRuntime.forConf(conf).accesses(config.settings().alpha(), config.maxFiles())
        : null;
  }

  @Override
  public void logAuditEvent(boolean succeeded, String userName, InetAddress addr, String cmd,
      String src, String dst, FileStatus stat) {
    AccessAverages a = accesses;
    if (a == null || !succeeded || src == null || cmd == null) {
      return;
    }
    switch (cmd) {
      case "open":
        a.read(src);
        break;
      case "create":
      case "append":
        a.write(src);
        break;
      case "delete":
      case "rename":
        a.forget(src);
        break;
      default:
        break;
    }
  }
}
