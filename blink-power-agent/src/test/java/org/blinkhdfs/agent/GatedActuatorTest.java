package org.blinkhdfs.agent;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import org.blinkhdfs.control.agent.Actuator;
import org.blinkhdfs.control.agent.ActuatorException;
import org.blinkhdfs.control.agent.SleepReport;
import org.blinkhdfs.control.agent.SleepRequest;
import org.junit.jupiter.api.Test;

/** The stop gate: open it passes everything through; shut it refuses whatever would sleep. */
class GatedActuatorTest {
  /** Records every call that reaches the real actuator. */
  private static final class Recording implements Actuator {
    final List<String> calls = new ArrayList<>();

    @Override
    public String name() {
      return "emulate";
    }

    @Override
    public Optional<String> sleepUnsupported() {
      return Optional.empty();
    }

    @Override
    public SleepReport sleep(SleepRequest request) {
      calls.add("sleep until " + request.wakeAtMs());
      return new SleepReport(1000, request.wakeAtMs(), request.wakeAtMs() - 1000, "slept");
    }

    @Override
    public void setComputeCores(int computeCores) {
      calls.add("cores " + computeCores);
    }
  }

  private static final SleepRequest UNTIL_5000 = new SleepRequest(5000, OptionalLong.of(9000), 7);

  @Test
  void anOpenGatePassesSleepsAndCoreChangesThrough() throws Exception {
    Recording inner = new Recording();
    GatedActuator gate = new GatedActuator(inner);
    assertEquals(4000, gate.sleep(UNTIL_5000).measuredSleepMs());
    gate.setComputeCores(1);
    gate.setComputeCores(0);
    assertEquals(List.of("sleep until 5000", "cores 1", "cores 0"), inner.calls);
    assertEquals("emulate", gate.name());
  }

  @Test
  void aShutGateRefusesSleepsAndCoreCutsButStillBringsEveryCoreBack() throws Exception {
    Recording inner = new Recording();
    GatedActuator gate = new GatedActuator(inner);
    gate.shut();
    gate.shut(); // idempotent
    ActuatorException sleep = assertThrows(ActuatorException.class, () -> gate.sleep(UNTIL_5000));
    assertEquals("emulate: sleep refused, the agent is stopping: the node stays awake",
        sleep.getMessage());
    ActuatorException cut = assertThrows(ActuatorException.class,
        () -> gate.setComputeCores(2));
    assertEquals("emulate: io-server mode with 2 cores refused, the agent is stopping: the node"
        + " stays awake", cut.getMessage());
    gate.setComputeCores(0);
    gate.setComputeCores(-1);
    assertEquals(List.of("cores 0", "cores -1"), inner.calls);
  }
}
