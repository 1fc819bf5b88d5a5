package org.blinkhdfs.rabbit;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Optional;
import org.apache.hadoop.fs.XAttr;
import org.apache.hadoop.hdfs.server.namenode.FSDirectory;
import org.apache.hadoop.hdfs.server.namenode.FSNamesystem;
import org.apache.hadoop.hdfs.server.namenode.INode;
import org.apache.hadoop.hdfs.server.namenode.INodesInPath;
import org.apache.hadoop.hdfs.server.namenode.XAttrStorage;
import org.apache.hadoop.hdfs.util.RwLockMode;
import org.blinkhdfs.rabbit.dataset.DatasetDirectory;
import org.blinkhdfs.rabbit.dataset.DatasetResolver;

/**
 * Resolves a file's dataset inside the NameNode: the xattr {@value
 * DatasetResolver#OVERRIDE_XATTR} of the file or its nearest ancestor that has one, else the
 * configured roots ({@link DatasetResolver}).
 *
 * <p>Locking: HDFS 3.5 chooses a new block's targets outside the namesystem lock ({@code
 * FSNamesystem#getAdditionalBlock} validates under the read lock, releases it, then calls
 * {@code FSDirWriteFileOp.chooseTargetForNewBlock}), and reconstruction chooses targets outside
 * it too. So this takes the FS read lock itself for the path walk; a caller that already holds
 * the lock re-enters it (reentrant read, or read under write). The walk is O(path depth), reads
 * no permissions (the NameNode's own look-up, not the user's) and writes no audit record.
 *
 * <p>{@code /.reserved/.inodes/<id>} paths are resolved to the real path first, so the
 * configured roots match them too. A path that no longer resolves (deleted while being written)
 * falls back to the configured roots on the given path.
 *
 * <p>Example: {@code setfattr -n user.blink.dataset -v web /import}; a block of
 * {@code /import/2024/f} resolves to {@code web} (from {@code /import}) even though {@code /import}
 * is under no configured root.
 *
 * <p>Thread-safe (stateless apart from the namesystem).
 */
final class NamespaceDatasets {
  private final FSNamesystem namesystem;

  NamespaceDatasets(FSNamesystem namesystem) {
    this.namesystem = namesystem;
  }

  /** The dataset of the file at {@code src}, by {@code datasets}' rules. */
  Optional<String> resolve(String src, DatasetDirectory datasets) {
    namesystem.readLock(RwLockMode.FS);
    try {
      FSDirectory dir = namesystem.getFSDirectory();
      INodesInPath iip;
      try {
        iip = dir.resolvePath(null, src, FSDirectory.DirOp.READ);
      } catch (IOException e) { // no longer resolvable (deleted, a link): no xattr to read
        return datasets.resolve(src, Optional.empty());
      }
      return datasets.resolve(iip.getPath(), nearestOverride(iip));
    } finally {
      namesystem.readUnlock(RwLockMode.FS, "blinkDatasetOf");
    }
  }

  /** The override on the deepest inode of the path that carries one. */
  private static Optional<String> nearestOverride(INodesInPath iip) {
    for (int i = iip.length() - 1; i >= 0; i--) {
      INode inode = iip.getINode(i);
      if (inode == null) {
        continue;
      }
      XAttr x = XAttrStorage.readINodeXAttrByPrefixedName(inode, iip.getPathSnapshotId(),
          DatasetResolver.OVERRIDE_XATTR);
      if (x != null && x.getValue() != null) {
        return Optional.of(new String(x.getValue(), StandardCharsets.UTF_8));
      }
    }
    return Optional.empty();
  }
}
