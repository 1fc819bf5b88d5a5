package org.blinkhdfs.model.schedule;

import org.blinkhdfs.common.chart.Svg;

/**
 * One blink interval of a {@link Schedule} as an SVG Gantt chart: one row per node, one
 * {@code <rect class="bar">} per awake segment (a window that wraps past the interval end is
 * two bars), and a vertical line at the current phase. Each row is a {@code <g class="node"
 * data-node="host:port" data-mode="BLINK">} so pages and tests can find nodes.
 *
 * <p>Colours: BLINK windows blue, ACTIVE green, IO_SERVER orange, staging grey; OFF rows have no
 * bar. Stateless and thread-safe.
 */
public final class GanttSvg {
  private static final int LABEL_WIDTH = 190;
  private static final int CHART_WIDTH = 600;
  private static final int ROW_HEIGHT = 22;
  private static final int TOP = 30;

  private GanttSvg() {}

  /** The chart; {@code nowMs} draws the current-phase line (any time works, it is folded). */
  public static String render(Schedule s, long nowMs) {
    int height = TOP + ROW_HEIGHT * Math.max(1, s.nodes().size()) + 20;
    int width = LABEL_WIDTH + CHART_WIDTH + 20;
    StringBuilder sb = new StringBuilder(Svg.open(width, height,
        "Schedule epoch " + s.epoch() + ", interval " + s.intervalMs() + " ms"));
    sb.append("<text x=\"").append(LABEL_WIDTH).append("\" y=\"18\">epoch ").append(s.epoch())
        .append(", interval ").append(s.intervalMs() / 1000.0).append(" s</text>\n");
    int row = 0;
    for (NodeSchedule n : s.nodes()) {
      int y = TOP + row * ROW_HEIGHT;
      sb.append("<g class=\"node\" data-node=\"").append(Svg.escape(n.node()))
          .append("\" data-mode=\"").append(n.mode()).append("\">\n");
      sb.append("<text x=\"4\" y=\"").append(y + 15).append("\">")
          .append(Svg.escape(n.node())).append(' ').append(n.mode())
          .append(n.isStaging() ? " (staging)" : "").append("</text>\n");
      sb.append("<rect x=\"").append(LABEL_WIDTH).append("\" y=\"").append(y + 3)
          .append("\" width=\"").append(CHART_WIDTH).append("\" height=\"").append(ROW_HEIGHT - 6)
          .append("\" fill=\"#f0f0f0\"/>\n");
      for (Segment seg : n.window(s.intervalMs()).segments()) {
        double x = LABEL_WIDTH + CHART_WIDTH * (double) seg.startMs() / s.intervalMs();
        double w = CHART_WIDTH * (double) seg.lengthMs() / s.intervalMs();
        sb.append("<rect class=\"bar\" x=\"").append(Svg.num(x)).append("\" y=\"").append(y + 3)
            .append("\" width=\"").append(Svg.num(w)).append("\" height=\"")
            .append(ROW_HEIGHT - 6).append("\" fill=\"").append(colour(n)).append("\"/>\n");
      }
      sb.append("</g>\n");
      row++;
    }
    double nowX = LABEL_WIDTH + CHART_WIDTH * (double) s.phaseMs(nowMs) / s.intervalMs();
    sb.append("<line class=\"now\" x1=\"").append(Svg.num(nowX)).append("\" y1=\"").append(TOP)
        .append("\" x2=\"").append(Svg.num(nowX)).append("\" y2=\"").append(height - 20)
        .append("\" stroke=\"red\"/>\n</svg>\n");
    return sb.toString();
  }

  private static String colour(NodeSchedule n) {
    if (n.isStaging()) {
      return "#888888";
    }
    return n.mode() == NodeMode.BLINK ? "#3070c0"
        : n.mode() == NodeMode.IO_SERVER ? "#e08020" : "#30a040";
  }
}
