package org.blinkhdfs.control.agent;

/**
 * An {@link Actuator} refused or failed a transition. The node is awake; the message names the
 * file, value or condition involved and the fix.
 */
public final class ActuatorException extends Exception {
  private static final long serialVersionUID = 1L;

  public ActuatorException(String message) {
    super(message);
  }

  public ActuatorException(String message, Throwable cause) {
    super(message, cause);
  }
}
