package org.blinkhdfs.layout.migrate;

/**
 * Where a missing replica goes, and which of two interchangeable replicas leaves, when the target
 * layout accepts more than one node (phase groups accept any member of the needed group; a ring
 * position accepts only itself).
 *
 * <ul>
 *   <li>{@link #CHECK}: the positions the layout's {@code check} names, for copies and deletions
 *       alike: what a NameNode placing by position alone would do, and a worst case for balance.
 *   <li>{@link #BALANCED}: what the NameNode's layout correction does ({@code
 *       LayoutBlockPlacementPolicy}: it copies to the least loaded member and deletes on the most
 *       loaded one). Deletions first: of a replica outside the layout and a held layout replica
 *       in the same group, the one on the node holding more bytes after the deletions planned so
 *       far leaves (ties: the check's extra); then copies: among the accepted nodes, the one that
 *       will hold the fewest bytes after the relayout (ties: fewest bytes received, then the
 *       check's own position, then ring order); blocks largest first. The number of moves is the
 *       same; the load ends up even within each group. The NameNode decides online, copies
 *       before deletions, so it lands near this end state, not on it (RelayoutInClusterTest).
 * </ul>
 */
public enum DestinationRule {
  CHECK, BALANCED
}
