package org.blinkhdfs.cluster;

/**
 * A DataNode JVM of the local cluster with its transfer address (the name the schedule uses)
 * and whether it is a ring node (blinks, has an agent) or a staging node (always on).
 */
public record DataNodeProcess(String xferAddress, boolean staging, JavaDaemon daemon) {
  public long pid() {
    return daemon.pid();
  }
}
