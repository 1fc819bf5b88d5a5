package org.blinkhdfs.layout.migrate;

/**
 * Where a missing replica goes when the target layout accepts more than one node for it (phase
 * groups accept any member of the needed group; a ring position accepts only itself).
 *
 * <ul>
 *   <li>{@link #CHECK}: the position the layout's {@code check} names, which is what the
 *       NameNode's correction demands today ({@code LayoutDemand} takes {@code check().missing()});
 *       the plan then predicts the NameNode.
 *   <li>{@link #BALANCED}: among the accepted nodes, the one that will hold the fewest bytes after
 *       the relayout (ties: fewest bytes received, then the check's own position, then ring
 *       order). The number of moves is the same; the load ends up even within each group.
 * </ul>
 */
public enum DestinationRule {
  CHECK, BALANCED
}
