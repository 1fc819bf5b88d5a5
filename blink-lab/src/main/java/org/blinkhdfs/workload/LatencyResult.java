package org.blinkhdfs.workload;

/**
 * Result of a {@link LatencyWorkload#run} : the read and the write phase.
 *
 * @param config the configuration run
 * @param seed the seed of the request sequence
 * @param read random positioned reads of {@code requestBytes} from the read set
 * @param write new files of {@code requestBytes}, each hsync'ed and closed
 */
public record LatencyResult(LatencyConfig config, long seed, PhaseResult read,
    PhaseResult write) {}
