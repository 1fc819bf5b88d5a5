package org.blinkhdfs.cluster;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.concurrent.CountDownLatch;
import org.blinkhdfs.common.cli.Durations;
import org.blinkhdfs.guest.Guest;
import org.blinkhdfs.model.policy.PhaseGroupsPolicy;

/**
 * {@code bin/blink lab}: starts a {@link GuestCluster} (ring DataNodes in real-kernel QEMU
 * guests, suspended to S3 by the real agent) and keeps it running until Ctrl-C, printing where
 * everything is: a sandbox to try real sleep with stock HDFS clients, {@code bin/blink admin}
 * and the status page.
 */
public final class LabCommand {
  static final String USAGE = String.join("\n",
      "usage: bin/blink lab [--guests N] [--staging N] [--interval D] [--power P] [--memory MB]",
      "            [--dir DIR]",
      "",
      "Starts a blinking HDFS cluster whose ring DataNodes run in real Linux kernels under QEMU,",
      "with the shipped default design (scheduler policy phase-groups, blink.ring.spacing =",
      "groups, blink.phase.groups = 3),",
      "each suspended to ACPI S3 by bin/blink agent --actuator real, and keeps it running until",
      "Ctrl-C. The NameNode, a staging DataNode and the scheduler run on this host, on the lab",
      "bridge. Needs root (tap devices); build/ensure-guest.sh installs QEMU and the kernel.",
      "",
      "  --guests N     DataNode guests (default 3)",
      "  --staging N    staging DataNodes on the host (default 1)",
      "  --interval D   blink interval (default 20s)",
      "  --power P      steady power, percent (default 30; change it with bin/blink admin)",
      "  --memory MB    RAM per guest (default 1024)",
      "  --dir DIR      where logs and data go (default target/blink-lab)",
      "  --help         this text");

  private LabCommand() {}

  public static void main(String[] args) throws Exception {
    System.exit(run(args, System.out, System.err));
  }

  static int run(String[] args, PrintStream out, PrintStream err) throws InterruptedException {
    if (Arrays.asList(args).contains("--help") || Arrays.asList(args).contains("-help")) {
      out.println(USAGE);
      return 0;
    }
    ClusterSpec spec;
    int memory = 1024;
    try {
      ClusterSpec.Builder b = ClusterSpec.defaults(Path.of("target/blink-lab").toAbsolutePath())
          .toBuilder().dataNodes(3).stagingNodes(1).intervalMs(20_000).powerPercent(30)
          // the sandbox runs the shipped default design: phase groups, G = 3 = dfs.replication
          .layout(Layout.PHASE_GROUPS, PhaseGroupsPolicy.NAME);
      Path dir = null;
      for (int i = 0; i < args.length; i += 2) {
        if (i + 1 >= args.length) {
          throw new IllegalArgumentException(args[i] + " needs a value; see --help");
        }
        String v = args[i + 1];
        switch (args[i]) {
          case "--guests" -> b.dataNodes(RealSleepOptions.integer(args[i], v));
          case "--staging" -> b.stagingNodes(RealSleepOptions.integer(args[i], v));
          case "--interval" -> b.intervalMs(Durations.parseMs(v));
          case "--power" -> b.powerPercent(RealSleepOptions.integer(args[i],
              v.replace("%", "")));
          case "--memory" -> memory = RealSleepOptions.integer(args[i], v);
          case "--dir" -> dir = Path.of(v).toAbsolutePath();
          default -> throw new IllegalArgumentException("unknown flag " + args[i]
              + "; see --help");
        }
      }
      spec = b.build();
      if (dir != null) {
        spec = new ClusterSpec(dir, spec.dataNodes(), spec.stagingNodes(), spec.intervalMs(),
            spec.bandwidthBytesPerSec(), spec.blockSizeBytes(), spec.layout(),
            spec.layoutKeys(), spec.schedulePolicy(), spec.powerPercent(),
            spec.moveBytesPerSec(), spec.proxy(), spec.schedulerKeys(), spec.yarn(),
            spec.controlPlane(), spec.installation(), spec.nameNodeKeys());
      }
      if (memory < 512 || memory > 8192) {
        throw new IllegalArgumentException("--memory " + memory + " is out of range: use"
            + " 512..8192 MB");
      }
    } catch (IllegalArgumentException e) {
      err.println("bin/blink lab: " + e.getMessage());
      err.println(USAGE);
      return 2;
    }
    CountDownLatch stop = new CountDownLatch(1);
    try (GuestCluster c = GuestCluster.start(spec, memory, out::println)) {
      Runtime.getRuntime().addShutdownHook(new Thread(stop::countDown, "blink-lab-stop"));
      out.println("lab running: NameNode " + c.nameNodeUri() + ", scheduler http://"
          + c.schedulerAddress() + "/ (status page; bin/blink admin -scheduler "
          + c.schedulerAddress() + "), staging " + c.staging());
      for (Guest g : c.guests()) {
        out.println("  guest " + g.name() + ": DataNode " + g.link().guestIp() + ":"
            + GuestCluster.XFER + ", console " + g.serial(0) + ", agent log " + g.serial(2));
      }
      out.println("Ctrl-C stops the guests and every daemon.");
      stop.await();
      return 0;
    } catch (java.io.IOException | RuntimeException e) {
      err.println("bin/blink lab: " + e.getMessage());
      return 1;
    }
  }
}
