package org.blinkhdfs.model.schedule;

/**
 * A schedule that breaks the format or its rules. The message names the field (a JSON path such
 * as {@code nodes[2].activeMs}), the offending value and how to fix it.
 */
public final class InvalidScheduleException extends IllegalArgumentException {
  private static final long serialVersionUID = 1L;

  private final String field;

  public InvalidScheduleException(String field, String message) {
    super(field + ": " + message);
    this.field = field;
  }

  public InvalidScheduleException(String field, String message, Throwable cause) {
    super(field + ": " + message, cause);
    this.field = field;
  }

  /** The JSON path of the offending field, e.g. {@code nodes[2].mode}. */
  public String field() {
    return field;
  }
}
