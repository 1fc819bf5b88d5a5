package org.blinkhdfs.layout;

import java.util.Random;
import java.util.function.Function;

/**
 * The part of a {@link NewBlockView} every implementation shares: a mask of the positions that
 * can take a replica now, the writer's position and the seeded random. Subclasses say how a
 * candidate layout is counted ({@link #takeable}, {@link #fillable}): the NameNode's view counts
 * racks and storage types, {@link ScheduleView} counts positions.
 *
 * <p>The mask is the subclass's, filled in its constructor; not thread-safe except {@link
 * #withRandom}.
 */
public abstract class MaskedNewBlockView implements NewBlockView {
  /**
   * True at the positions that can take a replica now (alone); filled by the subclass, or given
   * filled and shared.
   */
  protected final boolean[] usable;
  private final int writer;
  private final Random random;

  /** A view of {@code ringSize} positions, all unusable until the subclass fills the mask. */
  protected MaskedNewBlockView(int ringSize, int writerPosition, Random random) {
    this(new boolean[ringSize], writerPosition, random);
  }

  /**
   * A view over {@code usable}, a mask computed once and shared by many decisions (not copied:
   * nobody may change it afterwards).
   */
  protected MaskedNewBlockView(boolean[] usable, int writerPosition, Random random) {
    this.usable = usable;
    this.writer = writerPosition;
    this.random = random;
  }

  @Override
  public final int ringSize() {
    return usable.length;
  }

  @Override
  public final int writerPosition() {
    return writer;
  }

  @Override
  public final boolean usable(int position) {
    return usable[position];
  }

  @Override
  public final <T> T withRandom(Function<Random, T> draw) {
    synchronized (random) {
      return draw.apply(random);
    }
  }
}
