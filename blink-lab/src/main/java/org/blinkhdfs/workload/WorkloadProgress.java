package org.blinkhdfs.workload;

import java.util.function.Consumer;

/**
 * Callback through which a running workload tells its caller how far it is, so {@code bin/blink
 * demo} can print a line every few seconds while DataNodes blink.
 *
 * <p>When it is called: once at the start of each phase ({@code done = 0}), after every tenth of
 * the phase's operations (files, for the throughput workload), and once at the end. Calls may come
 * from workload worker threads, but never concurrently: workloads serialise them. An implementation
 * should return quickly; an exception it throws propagates out of the workload.
 */
@FunctionalInterface
public interface WorkloadProgress {

  void onProgress(ProgressEvent event);

  /** Ignores every event. */
  static WorkloadProgress none() {
    return e -> { };
  }

  /**
   * Hands {@link ProgressEvent#toLine()} of every event to {@code sink}, e.g. {@code
   * System.out::println}.
   */
  static WorkloadProgress lines(Consumer<String> sink) {
    return e -> sink.accept(e.toLine());
  }
}
