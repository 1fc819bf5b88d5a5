package org.blinkhdfs.proxy.drain;

import org.blinkhdfs.layout.drain.DrainMove;

/** A planned move with what the protocol needs beyond the planner's view: the generation stamp. */
record StagedMove(DrainMove move, long genStamp) {}
