package org.blinkhdfs.agent.actuator;

import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ProcessFreezersTest {
  private static final Duration TIMEOUT = Duration.ofSeconds(1);

  @TempDir Path tmp;
  private final SignalFreezer signals = SignalFreezer.forPids(Set.of(12345));

  @Test
  void choosesTheCgroupWhenItsControlFileIsWritable() throws Exception {
    Path dir = Files.createDirectories(tmp.resolve("dn"));
    Files.writeString(dir.resolve("cgroup.freeze"), "0");
    ProcessFreezers.Choice choice = ProcessFreezers.choose(Optional.of(dir), TIMEOUT, signals);
    assertInstanceOf(CgroupFreezer.class, choice.freezer());
    assertTrue(choice.reason().startsWith("cgroup v2 freezer: "), choice.reason());
    assertTrue(choice.reason().contains(dir.resolve("cgroup.freeze").toString()), choice.reason());
  }

  @Test
  void fallsBackToSignalsWithoutAUsableCgroup() throws Exception {
    ProcessFreezers.Choice none = ProcessFreezers.choose(Optional.empty(), TIMEOUT, signals);
    assertSame(signals, none.freezer());
    assertTrue(none.reason().contains("no cgroup given"), none.reason());

    Path plain = Files.createDirectories(tmp.resolve("plain"));
    ProcessFreezers.Choice noFile = ProcessFreezers.choose(Optional.of(plain), TIMEOUT, signals);
    assertSame(signals, noFile.freezer());
    assertTrue(noFile.reason().startsWith("signal freezer"), noFile.reason());
    assertTrue(noFile.reason().contains(plain.toString()), noFile.reason());

    ProcessFreezers.Choice missing =
        ProcessFreezers.choose(Optional.of(tmp.resolve("absent")), TIMEOUT, signals);
    assertSame(signals, missing.freezer());
  }
}
