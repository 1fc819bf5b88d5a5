package org.blinkhdfs.placement;

import java.io.FileNotFoundException;
import java.io.IOException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import org.apache.hadoop.hdfs.protocol.DirectoryListing;
import org.apache.hadoop.hdfs.protocol.HdfsFileStatus;
import org.apache.hadoop.hdfs.server.namenode.FSNamesystem;
import org.apache.hadoop.hdfs.server.protocol.NamenodeProtocols;

/**
 * {@link GroupReplicator}'s namespace on the NameNode's own methods, called in-process by the
 * popularity thread: directory listings through the RPC methods ({@code getListing}, paged, as
 * the NameNode's user), the owner's replication from {@link RpcNamespace} (the popularity xattr
 * when extras are held), block holders from {@link NamesystemBlockHolders}. Erasure-coded files,
 * symlinks and empty files are skipped: replication means nothing for them.
 */
final class NamenodeGroupFiles implements GroupReplicator.Namespace {
  private final NamenodeProtocols rpc;
  private final RpcNamespace files;
  private final NamesystemBlockHolders holders;

  NamenodeGroupFiles(NamenodeProtocols rpc, FSNamesystem namesystem) {
    this.rpc = rpc;
    this.files = new RpcNamespace(rpc);
    this.holders = new NamesystemBlockHolders(namesystem);
  }

  @Override
  public List<GroupReplicator.FileEntry> files(String root, int max) throws IOException {
    List<GroupReplicator.FileEntry> out = new ArrayList<>();
    Deque<String> dirs = new ArrayDeque<>();
    HdfsFileStatus top;
    try {
      top = rpc.getFileInfo(root);
    } catch (FileNotFoundException e) {
      return out;
    }
    if (top == null) {
      return out;
    }
    if (!top.isDirectory()) {
      add(root, top, out);
      return out;
    }
    dirs.add(root);
    while (!dirs.isEmpty() && out.size() < max) {
      String dir = dirs.poll();
      byte[] after = HdfsFileStatus.EMPTY_NAME;
      DirectoryListing page;
      do {
        try {
          page = rpc.getListing(dir, after, false);
        } catch (FileNotFoundException e) {
          break;
        }
        if (page == null) {
          break;
        }
        for (HdfsFileStatus st : page.getPartialListing()) {
          String path = st.getFullName(dir);
          if (st.isDirectory()) {
            dirs.add(path);
          } else if (out.size() < max) {
            add(path, st, out);
          }
        }
        after = page.getLastName();
      } while (page.hasMore() && out.size() < max);
    }
    return out;
  }

  private void add(String path, HdfsFileStatus st, List<GroupReplicator.FileEntry> out)
      throws IOException {
    if (st.isSymlink() || st.isErasureCoded() || st.getLen() == 0) {
      return;
    }
    PopularityReplicator.FileFacts facts = files.file(path);
    if (facts == null) {
      return;
    }
    out.add(new GroupReplicator.FileEntry(path, facts.length(), facts.replication(),
        facts.base().orElse(facts.replication())));
  }

  @Override
  public List<List<String>> blockHolders(String path) throws IOException {
    return holders.blockHolders(path);
  }

  @Override
  public long remainingBytes() throws IOException {
    return files.remainingBytes();
  }
}
