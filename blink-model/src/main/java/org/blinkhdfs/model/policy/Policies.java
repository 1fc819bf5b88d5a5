package org.blinkhdfs.model.policy;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/**
 * The blink policies by name, as used on the command line ({@code --policy}) and in config
 * ({@code blink.scheduler.policy}). Unknown names fail with the list of known ones.
 *
 * <p>Two families: {@link #names()} are the power-following policies, pure functions of the
 * request that spend the whole budget (the set the policy property tests and {@code blink
 * schedule} iterate); {@link #loadDrivenNames()} ({@code gear-shifting}, {@code io-server}) also
 * depend on load inputs the scheduler feeds them and may deliberately leave power unused;
 * {@link #layoutBoundNames()} ({@code covering}) switch the whole node groups a layout dictates,
 * so they leave power unused between groups and have a minimum of their own (one group on).
 * {@link #byName} accepts all three.
 *
 * <p>{@code phase-groups} comes with its default G ({@link PhaseGroupsPolicy#DEFAULT_GROUPS});
 * {@code CoreConfig#policy(String, String)} builds it with the configured {@code
 * blink.phase.groups}, as every process that reads configuration must.
 */
public final class Policies {
  private static final Map<String, Supplier<BlinkPolicy>> BY_NAME = new LinkedHashMap<>();
  private static final Map<String, Supplier<BlinkPolicy>> LOAD_DRIVEN = new LinkedHashMap<>();
  private static final Map<String, Supplier<BlinkPolicy>> LAYOUT_BOUND = new LinkedHashMap<>();

  static {
    BY_NAME.put(StaggeredPolicy.NAME, StaggeredPolicy::new);
    BY_NAME.put(StaggeredCircularPolicy.NAME, StaggeredCircularPolicy::new);
    BY_NAME.put(AlignedPolicy.NAME, AlignedPolicy::new);
    BY_NAME.put(PhaseGroupsPolicy.NAME,
        () -> new PhaseGroupsPolicy(PhaseGroupsPolicy.DEFAULT_GROUPS));
    BY_NAME.put(SynchronousPolicy.NAME, SynchronousPolicy::new);
    BY_NAME.put(ActivationPolicy.NAME, ActivationPolicy::new);
    BY_NAME.put(LoadProportionalPolicy.NAME, LoadProportionalPolicy::new);
    LOAD_DRIVEN.put(GearShiftingPolicy.NAME, GearShiftingPolicy::new);
    LOAD_DRIVEN.put(IoServerPolicy.NAME, IoServerPolicy::new);
    LOAD_DRIVEN.put(AutoPolicy.NAME, AutoPolicy::new);
    LAYOUT_BOUND.put(CoveringPolicy.NAME, CoveringPolicy::new);
  }

  private Policies() {}

  /** Names of the power-following policies in a stable order. */
  public static List<String> names() {
    return List.copyOf(BY_NAME.keySet());
  }

  /** Names of the load-driven policies (gear shifting, io-server) in a stable order. */
  public static List<String> loadDrivenNames() {
    return List.copyOf(LOAD_DRIVEN.keySet());
  }

  /**
   * Names of the policies bound to a layout's node groups (the stock covering set's upgrade
   * domains), in a stable order.
   */
  public static List<String> layoutBoundNames() {
    return List.copyOf(LAYOUT_BOUND.keySet());
  }

  /**
   * Every name {@link #byName} accepts: {@link #names()}, {@link #loadDrivenNames()}, then
   * {@link #layoutBoundNames()}.
   */
  public static List<String> allNames() {
    List<String> all = new java.util.ArrayList<>(BY_NAME.keySet());
    all.addAll(LOAD_DRIVEN.keySet());
    all.addAll(LAYOUT_BOUND.keySet());
    return List.copyOf(all);
  }

  /**
   * The policy called {@code name}.
   *
   * @param argName the flag or key the name came from, named in the error message
   */
  public static BlinkPolicy byName(String argName, String name) {
    Supplier<BlinkPolicy> s = BY_NAME.containsKey(name) ? BY_NAME.get(name)
        : LOAD_DRIVEN.containsKey(name) ? LOAD_DRIVEN.get(name) : LAYOUT_BOUND.get(name);
    if (s == null) {
      throw new IllegalArgumentException(argName + " '" + name
          + "' is not a blink policy: use one of " + String.join("|", allNames()));
    }
    return s.get();
  }
}
