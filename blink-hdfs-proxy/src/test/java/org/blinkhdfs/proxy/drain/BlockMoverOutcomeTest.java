package org.blinkhdfs.proxy.drain;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/**
 * How a refused {@code replaceBlock} is read, on the messages HDFS 3.5.0 sends back
 * ({@code DataXceiver#replaceBlock} wraps {@code FsDatasetImpl#createTemporary}'s
 * {@code ReplicaAlreadyExistsException}). A replica still being received is not in place: taking
 * it for one left a block on its stand-in for good when a killed proxy's copy was cut.
 */
class BlockMoverOutcomeTest {
  private static String refused(String state) {
    return "Got error, status=ERROR, status message opReplaceBlock"
        + " BP-1:blk_1073741826_1002 received exception"
        + " org.apache.hadoop.hdfs.server.datanode.ReplicaAlreadyExistsException: Block"
        + " BP-1:blk_1073741826_1002 already exists in state " + state
        + " and thus cannot be created., block move is failed";
  }

  @Test
  void aFinalizedReplicaAtTheTargetIsInPlace() {
    assertEquals(BlockMover.Outcome.ALREADY_THERE, BlockMover.classify(refused("FINALIZED")));
  }

  @Test
  void aReplicaBeingReceivedIsNotInPlace() {
    assertEquals(BlockMover.Outcome.TARGET_BUSY, BlockMover.classify(refused("TEMPORARY")));
    assertEquals(BlockMover.Outcome.TARGET_BUSY, BlockMover.classify(refused("RBW")));
  }

  @Test
  void anyOtherRefusalIsAFailure() {
    assertEquals(BlockMover.Outcome.FAILED, BlockMover.classify("Got error, status=ERROR,"
        + " status message Not able to receive block 1073741826 from /127.0.0.1:4711 because"
        + " threads quota is exceeded."));
    assertEquals(BlockMover.Outcome.FAILED, BlockMover.classify("Read timed out"));
  }
}
