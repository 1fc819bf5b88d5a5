package org.blinkhdfs.control.agent;

import java.time.Clock;
import java.util.ArrayList;
import java.util.List;

/**
 * A {@link ProcessFreezer} that records when it froze and thawed, by its clock, so tests can ask
 * whether the node was frozen at any instant. Bounded: at most {@link #MAX_TRANSITIONS}.
 */
public final class FakeFreezer implements ProcessFreezer {
  public static final int MAX_TRANSITIONS = 1_000_000;

  /** One change of state at {@code atMs}. */
  public record Transition(long atMs, boolean frozen) {}

  private final Clock clock;
  private final List<Transition> transitions = new ArrayList<>();
  private boolean frozen;
  private ActuatorException failNextFreeze;

  public FakeFreezer(Clock clock) {
    this.clock = clock;
  }

  public void failNextFreeze(ActuatorException e) {
    failNextFreeze = e;
  }

  @Override
  public void freeze() throws ActuatorException {
    if (failNextFreeze != null) {
      ActuatorException e = failNextFreeze;
      failNextFreeze = null;
      throw e;
    }
    record(true);
  }

  @Override
  public void thaw() {
    if (frozen) {
      record(false);
    }
  }

  private void record(boolean state) {
    if (transitions.size() >= MAX_TRANSITIONS) {
      throw new IllegalStateException("more than " + MAX_TRANSITIONS + " transitions");
    }
    long at = clock.millis();
    if (!transitions.isEmpty() && transitions.get(transitions.size() - 1).atMs() > at) {
      throw new IllegalStateException("time went backwards: " + at);
    }
    transitions.add(new Transition(at, state));
    frozen = state;
  }

  /** The state now (after the last recorded transition). */
  public boolean isFrozen() {
    return frozen;
  }

  /** The state at {@code atMs}: the last transition at or before it decides. */
  public boolean frozenAt(long atMs) {
    boolean state = false;
    for (int i = transitions.size() - 1; i >= 0; i--) {
      if (transitions.get(i).atMs() <= atMs) {
        state = transitions.get(i).frozen();
        break;
      }
    }
    return state;
  }

  /** Milliseconds frozen within {@code [fromMs, toMs)}. */
  public long frozenMs(long fromMs, long toMs) {
    long total = 0;
    boolean state = false;
    long since = fromMs;
    for (Transition t : transitions) {
      if (t.atMs() <= fromMs) {
        state = t.frozen();
        continue;
      }
      if (t.atMs() >= toMs) {
        break;
      }
      if (state) {
        total += t.atMs() - since;
      }
      state = t.frozen();
      since = t.atMs();
    }
    if (state) {
      total += toMs - since;
    }
    return total;
  }

  public List<Transition> transitions() {
    return List.copyOf(transitions);
  }

  @Override
  public String describe() {
    return "fake freezer";
  }
}
