package org.blinkhdfs.cluster;

import java.io.IOException;
import java.lang.reflect.InvocationTargetException;
import java.util.Arrays;

/**
 * Entry point of every daemon JVM a {@link LocalCluster} starts: {@code DaemonMain <main class>
 * <args...>}. Before running the real main (NameNode, DataNode) it starts a watchdog thread that
 * reads standard input, which is a pipe from the launching JVM; end of input means the launcher
 * is gone (even if it was killed with SIGKILL), and the daemon halts at once, so a crashed demo
 * leaves no HDFS process behind. A daemon frozen at that moment halts when it is thawed; the
 * next cluster started on the same directory reaps it ({@link ProcessReaper}).
 */
public final class DaemonMain {
  private DaemonMain() {}

  public static void main(String[] args) throws Throwable {
    if (args.length < 1) {
      System.err.println("usage: DaemonMain <main class> [args...]");
      System.exit(2);
    }
    Thread watchdog = new Thread(DaemonMain::haltWhenParentGone, "blink-parent-watchdog");
    watchdog.setDaemon(true);
    watchdog.start();
    try {
      Class.forName(args[0]).getMethod("main", String[].class)
          .invoke(null, (Object) Arrays.copyOfRange(args, 1, args.length));
    } catch (InvocationTargetException e) {
      throw e.getCause();
    }
  }

  private static void haltWhenParentGone() {
    try {
      while (System.in.read() >= 0) {
        // the launcher never writes; anything read is ignored
      }
    } catch (IOException e) {
      // a broken pipe also means the launcher is gone
    }
    System.err.println("DaemonMain: launcher gone (stdin closed); halting");
    Runtime.getRuntime().halt(0);
  }
}
