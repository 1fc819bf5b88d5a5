package org.blinkhdfs.cluster;

import java.io.IOException;

/**
 * A DataNode JVM of the local cluster with its transfer address (the name the schedule uses),
 * its HTTP address, and whether it is a ring node (blinks, has an agent) or a staging node
 * (always on).
 */
public record DataNodeProcess(String xferAddress, String httpAddress, boolean staging,
    JavaDaemon daemon) {
  /** The host's name in the cluster directory ({@code datanode-0}, {@code staging-0}, ...). */
  public String host() {
    return daemon.name();
  }

  public long pid() {
    return daemon.pid();
  }

  /** A counter of the DataNode's activity metrics, e.g. {@code BlocksReplicated}. */
  public long activityMetric(String attribute) throws IOException {
    return Jmx.read(httpAddress, "Hadoop:service=DataNode,name=DataNodeActivity*", attribute);
  }
}
