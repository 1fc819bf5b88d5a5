package org.blinkhdfs.placement;

import java.io.FileNotFoundException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.EnumSet;
import java.util.List;
import java.util.OptionalInt;
import org.apache.hadoop.fs.XAttr;
import org.apache.hadoop.fs.XAttrSetFlag;
import org.apache.hadoop.hdfs.XAttrHelper;
import org.apache.hadoop.hdfs.protocol.ClientProtocol;
import org.apache.hadoop.hdfs.protocol.HdfsFileStatus;
import org.apache.hadoop.hdfs.server.protocol.NamenodeProtocols;

/**
 * {@link PopularityReplicator}'s namespace on the NameNode's own RPC methods, called in-process by
 * the plugin's thread: as the NameNode's user (the superuser), not audited (no RPC call is in
 * progress), with HDFS's own permission and safe-mode checks.
 */
final class RpcNamespace implements PopularityReplicator.Namespace {
  private final NamenodeProtocols rpc;

  RpcNamespace(NamenodeProtocols rpc) {
    this.rpc = rpc;
  }

  @Override
  public PopularityReplicator.FileFacts file(String path) throws IOException {
    HdfsFileStatus st;
    try {
      st = rpc.getFileInfo(path);
    } catch (FileNotFoundException e) {
      return null;
    }
    if (st == null || st.isDirectory() || st.isSymlink() || st.isErasureCoded()) {
      return null;
    }
    OptionalInt base = OptionalInt.empty();
    XAttr name = XAttrHelper.buildXAttr(PopularityReplicator.BASE_XATTR);
    try {
      List<XAttr> found = rpc.getXAttrs(path, List.of(name));
      if (!found.isEmpty() && found.get(0).getValue() != null) {
        base = OptionalInt.of(Integer.parseInt(
            new String(found.get(0).getValue(), StandardCharsets.UTF_8).trim()));
      }
    } catch (IOException | NumberFormatException e) {
      // No xattr (getXAttrs refuses a name the file lacks) or not ours: no recorded base.
    }
    long blockSize = Math.max(1, st.getBlockSize());
    long blocks = (st.getLen() + blockSize - 1) / blockSize;
    return new PopularityReplicator.FileFacts(st.getLen(), blocks, st.getReplication(), base);
  }

  @Override
  public void setReplication(String path, int replication) throws IOException {
    rpc.setReplication(path, (short) replication);
  }

  @Override
  public void setBase(String path, int base) throws IOException {
    rpc.setXAttr(path, XAttrHelper.buildXAttr(PopularityReplicator.BASE_XATTR,
        Integer.toString(base).getBytes(StandardCharsets.UTF_8)),
        EnumSet.of(XAttrSetFlag.CREATE, XAttrSetFlag.REPLACE));
  }

  @Override
  public void clearBase(String path) throws IOException {
    try {
      rpc.removeXAttr(path, XAttrHelper.buildXAttr(PopularityReplicator.BASE_XATTR));
    } catch (IOException e) {
      // Already gone: nothing to clear.
    }
  }

  @Override
  public long remainingBytes() throws IOException {
    return rpc.getStats()[ClientProtocol.GET_STATS_REMAINING_IDX];
  }
}
