package org.blinkhdfs.workload;

/**
 * Result of the {@link ZipfKvWorkload}'s get phase.
 *
 * @param config the configuration run
 * @param seed seed of the key sequence
 * @param gets the gets: counts, latency summary, every sample ({@code target} is {@code key-<k>})
 * @param datasetBytes sum of all object sizes
 * @param distinctKeys keys read at least once
 * @param topKeyShare fraction of attempted gets that asked for the rank-1 key
 * @param expectedTopKeyShare {@code P(rank 1)} of the Zipf distribution, for comparison
 */
public record ZipfKvResult(ZipfKvConfig config, long seed, PhaseResult gets, long datasetBytes,
    int distinctKeys, double topKeyShare, double expectedTopKeyShare) {}
