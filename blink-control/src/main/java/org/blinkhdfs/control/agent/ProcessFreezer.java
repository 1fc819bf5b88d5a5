package org.blinkhdfs.control.agent;

/**
 * Stops and resumes the processes that make up a DataNode, so that it behaves like a suspended
 * host: it stops heartbeating and serving, and resumes with its state intact. Implementations:
 * a cgroup freezer (v1 {@code freezer.state}, v2 {@code cgroup.freeze}), SIGSTOP/SIGCONT through
 * JNA, or a fake for simulations.
 */
public interface ProcessFreezer {
  /** Freezes the processes; returns once they are frozen. */
  void freeze() throws ActuatorException;

  /** Thaws the processes; safe to call when already thawed. */
  void thaw() throws ActuatorException;

  /** A short description for logs, e.g. {@code cgroup v2 /sys/fs/cgroup/dn1}. */
  String describe();
}
