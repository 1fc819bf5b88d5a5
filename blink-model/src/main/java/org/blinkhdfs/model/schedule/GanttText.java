package org.blinkhdfs.model.schedule;

import java.util.Locale;

/**
 * Renders one blink interval of a {@link Schedule} as a text Gantt chart, one row per node:
 * {@code #} where the node is awake, {@code .} where it sleeps. A column is drawn awake when the
 * node is awake at the column's midpoint, so a window shorter than one column may not show; the
 * exact numbers stand beside each bar.
 *
 * <pre>
 * node            mode       window (ms)       |0s                      30s                     |
 * dn1:9866        BLINK      0 +28750          |##############..............................|
 * </pre>
 */
public final class GanttText {
  private GanttText() {}

  /** The chart with {@code columns} columns for the interval (at least 10). */
  public static String render(Schedule s, int columns) {
    if (columns < 10) {
      throw new IllegalArgumentException("columns must be >= 10, got " + columns);
    }
    int nameWidth = 4;
    for (NodeSchedule n : s.nodes()) {
      nameWidth = Math.max(nameWidth, n.node().length());
    }
    String rowFormat = "%-" + nameWidth + "s  %-9s  %-18s  |%s|%n";
    StringBuilder sb = new StringBuilder();
    sb.append(String.format(Locale.ROOT, "interval %d ms from %d, epoch %d; one column = %.1f ms%n",
        s.intervalMs(), s.intervalStartMs(), s.epoch(), (double) s.intervalMs() / columns));
    sb.append(String.format(Locale.ROOT, rowFormat, "node", "mode", "window (ms)",
        axis(s.intervalMs(), columns)));
    for (NodeSchedule n : s.nodes()) {
      ActiveWindow w = n.window(s.intervalMs());
      StringBuilder bar = new StringBuilder(columns);
      for (int c = 0; c < columns; c++) {
        long mid = (long) ((c + 0.5) * s.intervalMs() / columns);
        bar.append(w.contains(mid) ? '#' : '.');
      }
      String mode = n.mode().name() + (n.isStaging() ? "*" : "");
      String window = n.mode() == NodeMode.BLINK ? n.activeOffsetMs() + " +" + n.activeMs()
          : n.mode() == NodeMode.OFF ? "asleep" : "always";
      sb.append(String.format(Locale.ROOT, rowFormat, n.node(), mode, window, bar));
    }
    if (!s.stagingNodes().isEmpty()) {
      sb.append("* staging node (always on, not in the ring)\n");
    }
    return sb.toString();
  }

  private static String axis(long intervalMs, int columns) {
    char[] line = new char[columns];
    java.util.Arrays.fill(line, ' ');
    for (int q = 0; q < 4; q++) {
      int col = q * columns / 4;
      String label = seconds(intervalMs * q / 4);
      for (int i = 0; i < label.length() && col + i < columns; i++) {
        line[col + i] = label.charAt(i);
      }
    }
    return new String(line);
  }

  private static String seconds(long ms) {
    return ms % 1000 == 0 ? (ms / 1000) + "s" : String.format(Locale.ROOT, "%.1fs", ms / 1000.0);
  }
}
