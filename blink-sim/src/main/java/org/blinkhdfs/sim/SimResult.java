package org.blinkhdfs.sim;

import java.util.OptionalDouble;

/**
 * The simulator's answer, time-averaged over the epochs (definitions in docs/simulator.md).
 *
 * @param unavailableFraction mean over blocks and time of the fraction with no replica awake
 * @param unavailableCi95 half-width of the 95% confidence interval of {@code unavailableFraction}
 *     from block sampling (0 when every block is visited)
 * @param meanWaitMs mean wait of the reads some replica serves within their epoch
 * @param p90WaitMs the 90th percentile wait over all reads; empty when more than 10% of reads are
 *     never served (infinite)
 * @param unservedReadFraction reads of blocks no replica serves in their epoch
 * @param readThroughputFraction full-scan read throughput as a fraction of N nodes' bandwidth
 * @param awakeNodeFraction mean fraction of ring nodes usable at the read instants
 * @param bytesMigrated bytes moved between nodes by power changes (0: blinking moves none)
 * @param migrationSeconds how long those moves took ({@link MigrationCost}; 0 for blinking)
 * @param rhoMax the largest ρ of the run's power changes: one change's move time over the epoch
 *     (the power step); 0 for blinking
 * @param epochs epochs simulated
 * @param distinctLevels distinct power levels among them (each swept once)
 * @param belowMinimumEpochs epochs whose power was below every DataNode asleep (all asleep)
 * @param visitedBlocks blocks visited per level
 * @param waitBinMs the p90's resolution (its error is below one bin)
 */
public record SimResult(double unavailableFraction, double unavailableCi95, double meanWaitMs,
    OptionalDouble p90WaitMs, double unservedReadFraction, double readThroughputFraction,
    double awakeNodeFraction, long bytesMigrated, double migrationSeconds, double rhoMax,
    long epochs, int distinctLevels,
    long belowMinimumEpochs, long visitedBlocks, long waitBinMs) {}
