package org.blinkhdfs.proxy.drain;

import static org.apache.hadoop.hdfs.protocolPB.PBHelperClient.vintPrefixed;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import org.apache.hadoop.fs.StorageType;
import org.apache.hadoop.hdfs.protocol.Block;
import org.apache.hadoop.hdfs.protocol.DatanodeInfo;
import org.apache.hadoop.hdfs.protocol.ExtendedBlock;
import org.apache.hadoop.hdfs.protocol.HdfsConstants;
import org.apache.hadoop.hdfs.protocol.datatransfer.DataTransferProtoUtil;
import org.apache.hadoop.hdfs.protocol.datatransfer.IOStreamPair;
import org.apache.hadoop.hdfs.protocol.datatransfer.Sender;
import org.apache.hadoop.hdfs.protocol.proto.DataTransferProtos.BlockOpResponseProto;
import org.apache.hadoop.hdfs.protocol.proto.DataTransferProtos.Status;
import org.apache.hadoop.hdfs.security.token.block.BlockTokenIdentifier;
import org.apache.hadoop.io.IOUtils;
import org.apache.hadoop.net.NetUtils;
import org.apache.hadoop.security.token.Token;

/**
 * Copies one replica into its layout with the data transfer protocol's {@code replaceBlock},
 * exactly as HDFS's Mover and Balancer do ({@code Dispatcher.PendingMove#dispatch}, whose
 * protocol classes this reuses: {@link Sender}, the SASL client, block tokens from the
 * {@code KeyManager}, {@link BlockOpResponseProto}): the target DataNode pulls the block from
 * the source, stores it, and reports it to the NameNode with the stand-in as the delete hint, so
 * the NameNode removes the stand-in as excess.
 *
 * <p>Why not the Dispatcher itself: it chooses its own moves (by utilization), checks them with
 * the placement policy's {@code isMovable}, which refuses moves onto ring nodes because from part
 * of a block a layout replica cannot be told from a stand-in (the proxy sees every replica and
 * the schedule), and it has no notion of windows. The protocol is reused; the choice of moves
 * and their timing are the {@code DrainPlanner}'s.
 *
 * <p>A move waits for the target's answer at most {@code timeoutMs} (the planner only starts
 * copies that fit the window; a frozen target would otherwise hold the thread for minutes).
 * Thread-safe: one call per copy, on the drain's worker threads.
 */
public final class BlockMover {
  /** How a move ended. */
  public enum Outcome {
    /** The target holds the replica; the NameNode deletes the stand-in. */
    MOVED,
    /** The target already held the block (the NameNode's own correction got there first). */
    ALREADY_THERE,
    /**
     * The target is receiving the block already (a replica in state TEMPORARY or RBW): an
     * earlier copy still runs or was cut (e.g. by a proxy killed mid-copy; the DataNode drops
     * a cut copy's temporary replica). Nothing is in place yet: retried after the next scan.
     */
    TARGET_BUSY,
    /** Anything else: timeout, refused, source gone; retried after the next scan. */
    FAILED
  }

  private final NameNodeLink link;
  private final int timeoutMs;

  public BlockMover(NameNodeLink link, int timeoutMs) {
    this.link = link;
    this.timeoutMs = timeoutMs;
  }

  /**
   * Moves block {@code block} ({@code bytes}, generation stamp {@code genStamp}) to
   * {@code target}'s {@code storageType} storage, read from {@code source}, with {@code standIn}
   * as the delete hint. Returns how it ended; {@code error} receives the failure, if any.
   */
  public Outcome move(long blockId, long bytes, long genStamp, DatanodeInfo target,
      StorageType storageType, DatanodeInfo source, DatanodeInfo standIn,
      StringBuilder error) {
    ExtendedBlock eb = new ExtendedBlock(link.blockPoolId(), new Block(blockId, bytes, genStamp));
    Socket sock = new Socket();
    DataOutputStream out = null;
    DataInputStream in = null;
    try {
      sock.connect(NetUtils.createSocketAddr(target.getXferAddr(link.connectViaHostname())),
          HdfsConstants.READ_TIMEOUT);
      sock.setSoTimeout(timeoutMs);
      sock.setKeepAlive(true);
      OutputStream unbufOut = sock.getOutputStream();
      InputStream unbufIn = sock.getInputStream();
      Token<BlockTokenIdentifier> token = link.keys().getAccessToken(eb,
          new StorageType[] {storageType}, new String[0]);
      IOStreamPair sasl = link.sasl().socketSend(sock, unbufOut, unbufIn, link.keys(), token,
          target);
      out = new DataOutputStream(new BufferedOutputStream(sasl.out, link.ioBufferSize()));
      in = new DataInputStream(new BufferedInputStream(sasl.in, link.ioBufferSize()));
      new Sender(out).replaceBlock(eb, storageType, token, standIn.getDatanodeUuid(), source,
          null);
      out.flush();
      BlockOpResponseProto response = BlockOpResponseProto.parseFrom(vintPrefixed(in));
      while (response.getStatus() == Status.IN_PROGRESS) {
        response = BlockOpResponseProto.parseFrom(vintPrefixed(in));
      }
      DataTransferProtoUtil.checkBlockOpStatus(response, "replaceBlock of " + eb + " to "
          + target.getXferAddr() + " from " + source.getXferAddr(), true);
      return Outcome.MOVED;
    } catch (IOException e) {
      error.append(e.getMessage());
      return classify(String.valueOf(e.getMessage()));
    } finally {
      IOUtils.closeStream(out);
      IOUtils.closeStream(in);
      IOUtils.closeSocket(sock);
    }
  }

  /**
   * What a refused {@code replaceBlock} means, from the target's message. HDFS's {@code
   * FsDatasetImpl#createTemporary} refuses a block it holds in any state with "Block ... already
   * exists in state S and thus cannot be created": only {@code FINALIZED} means the replica is
   * in place; a {@code TEMPORARY} or {@code RBW} one is a copy in progress that may still fail,
   * so treating it as in place would leave the block on its stand-in for good.
   */
  static Outcome classify(String message) {
    if (!message.contains("already exists") && !message.contains("ReplicaAlreadyExists")) {
      return Outcome.FAILED;
    }
    return message.contains("in state FINALIZED") ? Outcome.ALREADY_THERE : Outcome.TARGET_BUSY;
  }
}
