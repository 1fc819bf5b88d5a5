package org.blinkhdfs.proxy.drain;

import java.io.IOException;

/**
 * Asks the power scheduler for an extra window for a DataNode now ({@code strong} consistency).
 * The daemon's implementation calls the scheduler's {@code POST /v1/wake}; tests may record the
 * calls.
 */
@FunctionalInterface
public interface WakeRequester {
  /**
   * Asks for {@code node} to be awake for the next {@code ms}; returns when the node can be
   * reached (a suspended node hears of its extra window only when its own alarm wakes it);
   * throws when the scheduler says no.
   */
  long requestWake(String node, long ms, String reason) throws IOException;
}
