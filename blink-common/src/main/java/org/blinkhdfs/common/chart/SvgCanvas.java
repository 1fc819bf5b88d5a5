package org.blinkhdfs.common.chart;


/**
 * {@link Canvas} into an SVG document string; numbers, escaping and the document head come from
 * {@link Svg}, which the scheduler page's charts use too. Series lines are {@code
 * <polyline class="series" data-name="…">} so pages and tests can find them; dashes become
 * {@code stroke-dasharray}. Not thread-safe: one instance per rendering.
 */
final class SvgCanvas implements Canvas {
  private final StringBuilder sb = new StringBuilder();

  @Override
  public void begin(int width, int height, String title) {
    sb.append(Svg.open(width, height, title));
  }

  @Override
  public void line(double x1, double y1, double x2, double y2, Pen pen) {
    sb.append("<line x1=\"").append(Svg.num(x1)).append("\" y1=\"").append(Svg.num(y1))
        .append("\" x2=\"").append(Svg.num(x2)).append("\" y2=\"").append(Svg.num(y2))
        .append('"');
    stroke(pen);
    sb.append("/>\n");
  }

  @Override
  public void polyline(double[] xs, double[] ys, Pen pen, String name) {
    sb.append("<polyline class=\"series\" data-name=\"").append(Svg.escape(name))
        .append("\" fill=\"none\" points=\"");
    for (int i = 0; i < xs.length; i++) {
      sb.append(i == 0 ? "" : " ").append(Svg.num(xs[i])).append(',').append(Svg.num(ys[i]));
    }
    sb.append('"');
    stroke(pen);
    sb.append("/>\n");
  }

  @Override
  public void dot(double cx, double cy, double radiusPx, String colour) {
    sb.append("<circle cx=\"").append(Svg.num(cx)).append("\" cy=\"").append(Svg.num(cy))
        .append("\" r=\"").append(Svg.num(radiusPx)).append("\" fill=\"").append(colour)
        .append("\"/>\n");
  }

  @Override
  public void text(double x, double y, String text, TextStyle style) {
    sb.append("<text x=\"").append(Svg.num(x)).append("\" y=\"").append(Svg.num(y))
        .append("\" font-size=\"").append(style.sizePx()).append("\" fill=\"")
        .append(style.colour()).append("\" text-anchor=\"").append(anchor(style.anchor()))
        .append('"');
    if (style.bold()) {
      sb.append(" font-weight=\"bold\"");
    }
    if (style.rotationDeg() != 0) {
      sb.append(" transform=\"rotate(").append(style.rotationDeg()).append(' ')
          .append(Svg.num(x)).append(' ').append(Svg.num(y)).append(")\"");
    }
    sb.append('>').append(Svg.escape(text)).append("</text>\n");
  }

  /** The finished document. */
  String finish() {
    return sb.append("</svg>\n").toString();
  }

  private void stroke(Pen pen) {
    sb.append(" stroke=\"").append(pen.colour()).append("\" stroke-width=\"")
        .append(Svg.num(pen.widthPx())).append('"');
    if (pen.style().dashed()) {
      StringBuilder dash = new StringBuilder();
      for (float d : pen.style().dashPx()) {
        dash.append(dash.length() == 0 ? "" : ",").append(Svg.num(d));
      }
      sb.append(" stroke-dasharray=\"").append(dash).append('"');
    }
  }

  private static String anchor(Anchor a) {
    return switch (a) {
      case START -> "start";
      case MIDDLE -> "middle";
      case END -> "end";
    };
  }
}
