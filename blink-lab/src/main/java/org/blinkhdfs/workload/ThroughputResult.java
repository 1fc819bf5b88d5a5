package org.blinkhdfs.workload;

/**
 * Result of a {@link ThroughputWorkload#run}.
 *
 * @param config the configuration run
 * @param write the write phase
 * @param read the read phase (after the write phase has finished)
 */
public record ThroughputResult(ThroughputConfig config, ThroughputPhase write,
    ThroughputPhase read) {}
