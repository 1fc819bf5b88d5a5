package org.blinkhdfs.placement;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.hdfs.server.blockmanagement.BlockInfo;
import org.apache.hadoop.hdfs.server.blockmanagement.BlockManager;
import org.apache.hadoop.hdfs.server.blockmanagement.DatanodeStorageInfo;
import org.apache.hadoop.hdfs.server.namenode.FSDirectory;
import org.apache.hadoop.hdfs.server.namenode.FSNamesystem;
import org.apache.hadoop.hdfs.server.namenode.INode;
import org.apache.hadoop.hdfs.util.RwLockMode;

/**
 * {@link NodeLoadPublisher}'s block holders, read straight from the namesystem under its read
 * lock: a file's blocks and the DataNodes whose storages hold them.
 *
 * <p>Why not the NameNode's {@code getBlockLocations}: that call is a client's read. It sorts
 * every block's replicas through the topology (Rabbit's read balancer would record each sort as a
 * read served), updates the file's access time (an edit-log entry), counts in the NameNode's
 * metrics and refuses in safe mode. Counting loads must not change what it counts.
 *
 * <p>Thread-safe (stateless apart from the namesystem).
 */
final class NamesystemBlockHolders implements NodeLoadPublisher.Holders {
  private final FSNamesystem namesystem;

  NamesystemBlockHolders(FSNamesystem namesystem) {
    this.namesystem = namesystem;
  }

  @Override
  public List<List<String>> blockHolders(String path) throws IOException {
    namesystem.readLock(RwLockMode.GLOBAL);
    try {
      INode inode = namesystem.getFSDirectory().getINode(path, FSDirectory.DirOp.READ);
      if (inode == null || !inode.isFile()) {
        return null;
      }
      BlockManager bm = namesystem.getBlockManager();
      List<List<String>> out = new ArrayList<>();
      for (BlockInfo b : inode.asFile().getBlocks()) {
        List<String> holders = new ArrayList<>();
        for (DatanodeStorageInfo s : bm.getStorages(b)) {
          holders.add(s.getDatanodeDescriptor().getXferAddr());
        }
        out.add(holders);
      }
      return out;
    } finally {
      namesystem.readUnlock(RwLockMode.GLOBAL, "blinkNodeLoads");
    }
  }
}
