package org.blinkhdfs.model.timeouts;

import java.util.Objects;

/**
 * One Hadoop key of a {@link TimeoutPlan}: where it goes, its value as {@code hdfs-site.xml}
 * takes it, and the formula that gave it, worked with the plan's numbers, so that an operator
 * who reads the value also reads why.
 *
 * @param role the processes whose site file carries the key
 * @param key the Hadoop key
 * @param value the value, in the key's own unit (ms, or whole seconds for {@code
 *     dfs.heartbeat.interval}; {@code true}; a count)
 * @param formula how the value follows from the interval and the transitions
 */
public record TimeoutSetting(Role role, String key, String value, String formula) {
  /** Where a key is set: the site file of conf/examples/ that carries it. */
  public enum Role {
    /** The NameNode's {@code hdfs-site.xml} ({@code conf/examples/namenode-hdfs-site.xml}). */
    NAMENODE("namenode-hdfs-site.xml"),
    /**
     * Every DataNode's and every client's {@code hdfs-site.xml} (MapReduce tasks and
     * NodeManagers included; {@code conf/examples/datanode-hdfs-site.xml}).
     */
    DATANODES_AND_CLIENTS("datanode-hdfs-site.xml");

    private final String exampleFile;

    Role(String exampleFile) {
      this.exampleFile = exampleFile;
    }

    /** The file name under {@code conf/examples/}. */
    public String exampleFile() {
      return exampleFile;
    }
  }

  public TimeoutSetting {
    Objects.requireNonNull(role, "role");
    Objects.requireNonNull(key, "key");
    Objects.requireNonNull(value, "value");
    Objects.requireNonNull(formula, "formula");
  }
}
