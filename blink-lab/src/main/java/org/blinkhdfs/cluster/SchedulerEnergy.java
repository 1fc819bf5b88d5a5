package org.blinkhdfs.cluster;

import java.io.IOException;
import org.blinkhdfs.bench.energy.EnergySnapshot;
import org.blinkhdfs.daemon.http.HadoopHttpAuthenticator;
import org.blinkhdfs.model.wire.SchedulerApi;
import org.blinkhdfs.model.wire.SchedulerHttp;

/**
 * Reads the scheduler's cumulative energy counters ({@code GET /v1/energy}) for a bench: the
 * energy the agents measured, turned into joules by the scheduler's power model, and the budget
 * over the same time. Works the same whether the scheduler runs in the launching JVM or in its
 * own, since both serve HTTP on {@link LocalCluster#schedulerAddress()}.
 */
public final class SchedulerEnergy {
  /** The scheduler's energy endpoint (docs/scheduler-api.md). */
  static final String PATH = SchedulerApi.ENERGY;

  private final SchedulerHttp http;

  public SchedulerEnergy(String schedulerAddress) {
    this.http = new SchedulerHttp(schedulerAddress, 10_000)
        .withAuthenticator(HadoopHttpAuthenticator.INSTANCE);
  }

  /** The counters now; an {@link IOException} names the answer when it is not the contract's. */
  public EnergySnapshot read() throws IOException {
    return EnergySnapshot.parse(http.get(PATH, "application/json").requireSuccess().text());
  }
}
