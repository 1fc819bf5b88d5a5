package org.blinkhdfs.cluster;

import java.io.IOException;
import java.util.Optional;
import org.blinkhdfs.daemon.http.HadoopHttpAuthenticator;
import org.blinkhdfs.model.wire.SchedulerApi;
import org.blinkhdfs.model.wire.SchedulerHttp;

/**
 * Reads the {@code auto} policy's last decision from the scheduler ({@code GET /v1/power}, its
 * {@code "auto"} object, {@link AutoState}), as an operator's tools do. Works the same whether
 * the scheduler runs in the launching JVM or in its own, since both serve HTTP on {@link
 * LocalCluster#schedulerAddress()}.
 */
public final class SchedulerAuto {
  private final SchedulerHttp http;

  public SchedulerAuto(String schedulerAddress) {
    this.http = new SchedulerHttp(schedulerAddress, 10_000)
        .withAuthenticator(HadoopHttpAuthenticator.INSTANCE);
  }

  /** The last decision; empty for another policy or before the first plan. */
  public Optional<AutoState> read() throws IOException {
    return AutoState.parse(http.get(SchedulerApi.POWER, "application/json").requireSuccess()
        .json());
  }
}
