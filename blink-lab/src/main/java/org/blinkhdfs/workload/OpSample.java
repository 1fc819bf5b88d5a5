package org.blinkhdfs.workload;

/**
 * One timed operation of a latency or key-value phase.
 *
 * @param target what was accessed, e.g. {@code f-00003@131072} (file and offset) or {@code
 *     key-17}
 * @param startMs start of the operation relative to the phase start ({@link
 *     PhaseResult#startEpochMs()} plus this is its wall-clock time)
 * @param durationMs time from issuing the request to having all bytes (verification excluded)
 * @param bytes bytes transferred (0 for an error)
 * @param outcome how it ended
 * @param error for {@code ERROR}, the exception's simple class name (e.g. {@code
 *     BlockMissingException}, {@code SocketTimeoutException}), so failures can be told apart per
 *     operation; empty otherwise
 */
public record OpSample(String target, double startMs, double durationMs, long bytes,
    OpOutcome outcome, String error) {}
