package org.blinkhdfs.model.wire;

import java.io.IOException;

/**
 * The scheduler answered {@code 200} but the body is not a valid schedule (bad JSON or protobuf,
 * or a schedule that breaks the format's rules). A subtype of {@link IOException} so callers that
 * only care whether a fetch worked (the agent loop) treat it like any failed fetch, while {@link
 * SchedulerSource} can report it as INVALID rather than as an unreachable scheduler.
 */
public final class InvalidAnswerException extends IOException {
  private static final long serialVersionUID = 1L;

  public InvalidAnswerException(String message, Throwable cause) {
    super(message, cause);
  }
}
