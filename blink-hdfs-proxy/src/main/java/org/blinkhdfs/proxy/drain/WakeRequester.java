package org.blinkhdfs.proxy.drain;

import java.io.IOException;

/**
 * Asks the power scheduler for an extra window for a DataNode now ({@code strong} consistency).
 * The daemon's implementation calls the scheduler's HTTP API; tests may record the calls.
 */
@FunctionalInterface
public interface WakeRequester {
  /** Asks for {@code node} to be awake for the next {@code ms}; throws when the scheduler says no. */
  void requestWake(String node, long ms, String reason) throws IOException;
}
