package org.blinkhdfs.common.cli;

import java.util.List;
import java.util.Objects;

/**
 * The manual page a {@code bin/blink} subcommand prints for {@code --help}: the sections an
 * operator knows from {@code man} (NAME, SYNOPSIS, DESCRIPTION, OPTIONS, EXIT STATUS, EXAMPLES,
 * SEE ALSO). OPTIONS is the tool's own hand-written usage text, which is also what a usage error
 * prints (short, on stderr); the other sections exist only here.
 *
 * <p>Immutable and thread-safe.
 *
 * @param name the command as typed, e.g. {@code blink schedule}
 * @param summary one line, what it does
 * @param synopsis command lines, one per entry
 * @param description paragraphs, each a list of lines as they should be printed
 * @param exitStatus {@code code  meaning} lines
 * @param examples command lines (comment lines start with {@code #})
 * @param seeAlso documents and related commands
 */
public record Manual(String name, String summary, List<String> synopsis,
    List<String> description, List<String> exitStatus, List<String> examples,
    List<String> seeAlso) {
  private static final String INDENT = "    ";

  public Manual {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(summary, "summary");
    synopsis = List.copyOf(synopsis);
    description = List.copyOf(description);
    exitStatus = List.copyOf(exitStatus);
    examples = List.copyOf(examples);
    seeAlso = List.copyOf(seeAlso);
    if (synopsis.isEmpty() || exitStatus.isEmpty()) {
      throw new IllegalArgumentException("manual of " + name + ": SYNOPSIS and EXIT STATUS"
          + " need at least one line each");
    }
  }

  /** The page, with {@code usage} as its OPTIONS section. */
  public String render(String usage) {
    StringBuilder sb = new StringBuilder();
    section(sb, "NAME", List.of(name + " - " + summary));
    section(sb, "SYNOPSIS", synopsis);
    section(sb, "DESCRIPTION", description);
    section(sb, "OPTIONS", usage.lines().toList());
    section(sb, "EXIT STATUS", exitStatus);
    section(sb, "EXAMPLES", examples);
    section(sb, "SEE ALSO", seeAlso);
    return sb.toString().stripTrailing();
  }

  private static void section(StringBuilder sb, String title, List<String> lines) {
    if (lines.isEmpty()) {
      return;
    }
    sb.append(title).append('\n');
    for (String l : lines) {
      sb.append(l.isEmpty() ? "" : INDENT + l).append('\n');
    }
    sb.append('\n');
  }

  /** The exit codes every tool shares: 0, and 2 for a bad command line. */
  public static List<String> exitCodes(String... more) {
    List<String> out = new java.util.ArrayList<>();
    out.add("0    success (also for --help)");
    out.add("2    bad command line: unknown flag, missing or bad value (one line naming it, then");
    out.add("     the usage, on stderr)");
    out.addAll(List.of(more));
    return out;
  }
}
