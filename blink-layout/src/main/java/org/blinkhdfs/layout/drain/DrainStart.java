package org.blinkhdfs.layout.drain;

import java.util.Objects;

/** A move the planner started (or the proxy has in flight): the move and the DataNode it reads. */
public record DrainStart(DrainMove move, String source) {
  public DrainStart {
    Objects.requireNonNull(move, "move must not be null");
    Objects.requireNonNull(source, "source must not be null");
  }
}
