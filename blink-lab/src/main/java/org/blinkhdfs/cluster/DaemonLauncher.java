package org.blinkhdfs.cluster;

import java.nio.file.Path;
import java.util.Optional;

/**
 * How a {@link LocalCluster}'s daemon JVMs are launched: under which cluster directory (their
 * logs, and the marker {@link ProcessReaper} finds them by) and on which classpath: the
 * launcher's own (the Maven build's, through {@code DaemonMain}), or a stock Hadoop
 * installation plus the BlinkHDFS tarball ({@link Installation}, the drop-in test). Immutable.
 *
 * @param clusterDir the cluster's base directory
 * @param installation the installation to run on, or empty for the launcher's classpath
 */
record DaemonLauncher(Path clusterDir, Optional<Installation> installation) {
  static DaemonLauncher of(ClusterSpec spec, Path clusterDir) {
    return new DaemonLauncher(clusterDir, spec.installation());
  }
}
