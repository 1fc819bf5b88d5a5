package org.blinkhdfs.rabbit.dataset;

import java.util.Optional;
import java.util.regex.Pattern;

/**
 * A configured dataset: its name and the HDFS directory its files live under.
 *
 * <p>Names are 1–64 characters of letters, digits, {@code _ . -}, starting with a letter or
 * digit (they appear in the xattr {@code user.blink.dataset}, logs and metrics). Roots are
 * absolute HDFS paths without {@code //}, {@code .} or {@code ..} components; a trailing
 * {@code /} is dropped, so {@code /data/logs/} and {@code /data/logs} are the same root.
 *
 * @param name the dataset name
 * @param root the normalised root directory
 */
public record DatasetRoot(String name, String root) {
  private static final Pattern NAME = Pattern.compile("[A-Za-z0-9][A-Za-z0-9_.-]{0,63}");

  /** Validates and normalises; throws IllegalArgumentException naming the problem. */
  public DatasetRoot {
    Optional<String> problem = nameProblem(name);
    if (problem.isEmpty()) {
      problem = rootProblem(root);
    }
    if (problem.isPresent()) {
      throw new IllegalArgumentException(problem.get());
    }
    root = normalise(root);
  }

  /** Why {@code name} is not a valid dataset name, or empty when it is. */
  public static Optional<String> nameProblem(String name) {
    if (name == null || !NAME.matcher(name).matches()) {
      return Optional.of("dataset name '" + name + "' must be 1-64 letters, digits, '_', '.' or"
          + " '-', starting with a letter or digit");
    }
    return Optional.empty();
  }

  /** Why {@code root} is not a valid root directory, or empty when it is. */
  public static Optional<String> rootProblem(String root) {
    if (root == null || !root.startsWith("/")) {
      return Optional.of("dataset root '" + root + "' must be an absolute HDFS path such as"
          + " /data/logs");
    }
    String trimmed = normalise(root);
    if (trimmed.length() > 1) {
      for (String component : trimmed.substring(1).split("/", -1)) {
        if (component.isEmpty() || component.equals(".") || component.equals("..")) {
          return Optional.of("dataset root '" + root + "' must not contain '//', '.' or '..'");
        }
      }
    }
    return Optional.empty();
  }

  /** Drops one trailing slash (but keeps the root directory "/"). */
  public static String normalise(String path) {
    return path.length() > 1 && path.endsWith("/") ? path.substring(0, path.length() - 1) : path;
  }
}
