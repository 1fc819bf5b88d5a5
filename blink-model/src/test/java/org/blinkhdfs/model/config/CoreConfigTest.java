package org.blinkhdfs.model.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.Map;
import org.blinkhdfs.model.policy.PhaseGroupsPolicy;
import org.blinkhdfs.model.policy.StaggeredCircularPolicy;
import org.blinkhdfs.model.power.PowerModel;
import org.junit.jupiter.api.Test;

class CoreConfigTest {

  @Test
  void defaultsAreTheMacMiniWithTheMeasuredTransitions() {
    CoreConfig c = new CoreConfig(k -> null);
    PowerModel m = c.powerModel(9);
    assertEquals(225.0, m.totalWatts(), 0);
    assertEquals(9.0, m.inactiveWatts(), 0);
    assertEquals(40.0, m.overheadWatts(), 0);
    // The measured real-kernel means at 60 s: 1151.7 ms enter + 215.1 ms resume.
    assertEquals(1367, m.transitionMs());
    assertEquals(25.0, m.transitionWatts(), 0);
    assertEquals(60_000, c.intervalMs());
    // the best design by default (issue 39): phase groups, G = 3
    assertEquals("phase-groups", c.policy().name());
  }

  @Test
  void transitionWattsAreReadAndCheckedAgainstSleepAndActive() {
    Map<String, String> conf = new HashMap<>();
    conf.put("blink.power.transition.watts", "18");
    assertEquals(18.0, new CoreConfig(conf::get).powerModel(3).transitionWatts(), 0);
    conf.put("blink.power.transition.watts", "0.5");
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> new CoreConfig(conf::get).powerModel(3));
    assertTrue(e.getMessage().startsWith("blink.power.transition.watts = 0.5 must lie between"
        + " blink.power.sleep.watts = 1.0 and blink.power.active.watts = 25.0"), e.getMessage());
    conf.put("blink.power.transition.watts", "lots");
    e = assertThrows(IllegalArgumentException.class,
        () -> new CoreConfig(conf::get).powerModel(3));
    assertTrue(e.getMessage().startsWith("blink.power.transition.watts = 'lots' is invalid"),
        e.getMessage());
  }

  @Test
  void valuesAreReadAndBadOnesNamed() {
    Map<String, String> conf = new HashMap<>();
    conf.put("blink.interval.ms", "6000");
    conf.put("blink.scheduler.policy", StaggeredCircularPolicy.NAME);
    CoreConfig c = new CoreConfig(conf::get);
    assertEquals(6000, c.intervalMs());
    assertEquals(StaggeredCircularPolicy.NAME, c.policy().name());
    conf.put("blink.interval.ms", "6s");
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, c::intervalMs);
    assertEquals("blink.interval.ms = '6s' is invalid: give a whole number of ms in"
        + " 1000..86400000 (default 60000)", e.getMessage());
    conf.put("blink.power.sleep.watts", "30");
    e = assertThrows(IllegalArgumentException.class, () -> c.powerModel(3));
    assertTrue(e.getMessage().startsWith("blink.power.sleep.watts = 30.0 must be below"));
    conf.put("blink.scheduler.policy", "zigzag");
    e = assertThrows(IllegalArgumentException.class, c::policy);
    assertTrue(e.getMessage().contains("blink.scheduler.policy 'zigzag'"));
  }

  @Test
  void phaseGroupsComeFromOneKeyWithTheReplicationAsDefault() {
    Map<String, String> conf = new HashMap<>();
    CoreConfig c = new CoreConfig(conf::get);
    assertEquals(3, c.phaseGroups());
    conf.put("blink.scheduler.policy", PhaseGroupsPolicy.NAME);
    assertEquals(3, ((PhaseGroupsPolicy) c.policy()).groups());
    conf.put("blink.phase.groups", " 6 ");
    assertEquals(6, ((PhaseGroupsPolicy) c.policy()).groups());
    assertEquals(6, ((PhaseGroupsPolicy) c.policy("--policy", "phase-groups")).groups());
    // The key is read only for the policy that has groups.
    conf.put("blink.phase.groups", "0");
    assertEquals("aligned", c.policy("--policy", "aligned").name());
    for (String bad : new String[] {"0", "-2", "2.5", "three"}) {
      conf.put("blink.phase.groups", bad);
      IllegalArgumentException e = assertThrows(IllegalArgumentException.class, c::policy);
      assertEquals("blink.phase.groups = '" + bad + "' is invalid: give a whole number of phase"
          + " groups in 1..2147483647 (default 3)", e.getMessage());
    }
  }
}
