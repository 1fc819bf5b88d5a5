package org.blinkhdfs.sim;

/**
 * What one sweep over the blocks under one schedule measured (definitions in docs/simulator.md).
 *
 * @param visits blocks visited
 * @param unavailableSum sum over visited blocks of the fraction of the interval with no replica
 *     awake
 * @param unavailableSquares sum of the squares of those fractions (for the confidence interval)
 * @param waitMsSum sum over visited blocks some replica serves of the block's mean wait in ms
 * @param servedBlocks visited blocks some replica serves at some time of the interval
 * @param throughputFraction mean over the read instants of the full-scan read throughput as a
 *     fraction of every node's bandwidth
 * @param awakeFraction mean over the read instants of the fraction of ring nodes usable
 * @param waits the wait distribution, mass in ms of arrivals per visited block
 */
public record EpochStats(long visits, double unavailableSum, double unavailableSquares,
    double waitMsSum, long servedBlocks, double throughputFraction, double awakeFraction,
    WaitHistogram waits) {}
