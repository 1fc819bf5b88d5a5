package org.blinkhdfs.core.policy;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/**
 * The blink policies by name, as used on the command line ({@code --policy}) and in config
 * ({@code blink.scheduler.policy}). Unknown names fail with the list of known ones.
 */
public final class Policies {
  private static final Map<String, Supplier<BlinkPolicy>> BY_NAME = new LinkedHashMap<>();

  static {
    BY_NAME.put(StaggeredPolicy.NAME, StaggeredPolicy::new);
    BY_NAME.put(StaggeredCircularPolicy.NAME, StaggeredCircularPolicy::new);
    BY_NAME.put(SynchronousPolicy.NAME, SynchronousPolicy::new);
    BY_NAME.put(ActivationPolicy.NAME, ActivationPolicy::new);
    BY_NAME.put(LoadProportionalPolicy.NAME, LoadProportionalPolicy::new);
  }

  private Policies() {}

  /** Names in a stable order. */
  public static List<String> names() {
    return List.copyOf(BY_NAME.keySet());
  }

  /**
   * The policy called {@code name}.
   *
   * @param argName the flag or key the name came from, named in the error message
   */
  public static BlinkPolicy byName(String argName, String name) {
    Supplier<BlinkPolicy> s = BY_NAME.get(name);
    if (s == null) {
      throw new IllegalArgumentException(
          argName + " '" + name + "' is not a blink policy: use one of " + String.join("|", names()));
    }
    return s.get();
  }
}
