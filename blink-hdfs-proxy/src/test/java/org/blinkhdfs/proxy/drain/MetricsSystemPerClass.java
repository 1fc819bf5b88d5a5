package org.blinkhdfs.proxy.drain;

import org.apache.hadoop.metrics2.lib.DefaultMetricsSystem;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * Starts Hadoop's metrics system before a drain test class and shuts it down after, so the
 * {@link DrainMetrics} sources one class registers are gone before the next class runs in the
 * same JVM. Use with {@code @ExtendWith}.
 */
final class MetricsSystemPerClass implements BeforeAllCallback, AfterAllCallback {
  @Override
  public void beforeAll(ExtensionContext context) {
    DefaultMetricsSystem.initialize(context.getRequiredTestClass().getSimpleName());
  }

  @Override
  public void afterAll(ExtensionContext context) {
    DefaultMetricsSystem.shutdown();
  }
}
