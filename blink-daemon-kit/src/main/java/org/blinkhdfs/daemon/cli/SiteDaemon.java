package org.blinkhdfs.daemon.cli;

import java.io.Closeable;
import java.io.IOException;
import java.io.PrintStream;
import java.util.concurrent.CountDownLatch;
import org.apache.hadoop.conf.Configuration;
import org.blinkhdfs.common.cli.CommandLineTool;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The command line of the daemons configured only by site files and {@code -D} settings
 * ({@code bin/blink scheduler}, {@code bin/blink proxy}): one definition of their flags, their
 * exit codes and their lifetime, so every such daemon behaves alike.
 *
 * <p>Flags: {@code -conf FILE} and {@code -D key=value} (both repeatable; {@link SiteOptions}),
 * {@code -help}. Exit codes: 0 after a clean stop or for {@code -help}; 2 for a bad flag or a bad
 * setting (the daemon's {@link IllegalArgumentException} names the key, the value and the fix);
 * 1 when it could not start for another reason (an {@link IOException}, e.g. a port in use).
 * Once started, the daemon runs until the JVM is asked to stop (SIGTERM, Ctrl-C); a shutdown hook
 * closes it.
 */
public final class SiteDaemon {
  private static final Logger LOG = LoggerFactory.getLogger(SiteDaemon.class);

  /** Starts a daemon from its configuration. */
  @FunctionalInterface
  public interface Starter {
    Closeable start(Configuration conf) throws IOException;
  }

  private final String name;
  private final CommandLineTool tool;
  private final Starter starter;

  /** {@code name} as in {@code blink scheduler}; {@code usage} is the daemon's help text. */
  public SiteDaemon(String name, String usage, Starter starter) {
    this(name, usage, null, starter);
  }

  /** As above, with the manual page {@code --help} prints around {@code usage}. */
  public SiteDaemon(String name, String usage, org.blinkhdfs.common.cli.Manual manual,
      Starter starter) {
    this.name = name;
    this.starter = starter;
    this.tool = CommandLineTool.builder(name).usage(usage).manual(manual)
        .shortFlag("conf", "FILE")
        .repeatable("conf").shortFlag("D", "key=value").repeatable("D")
        .operands(0, ": every setting is -D key=value or a -conf file").build();
  }

  /**
   * Parses {@code args}, starts the daemon and waits until {@code stopped} counts down (the
   * shutdown hook closes the daemon and counts it down); returns the exit code.
   */
  public int run(String[] args, PrintStream out, PrintStream err, CountDownLatch stopped)
      throws InterruptedException {
    return tool.run(args, out, err, a -> {
      Configuration conf = SiteOptions.configuration(a);
      Closeable daemon;
      try {
        daemon = starter.start(conf);
      } catch (CommandLineTool.UsageException e) {
        throw e;
      } catch (IllegalArgumentException e) {
        throw CommandLineTool.usage(e.getMessage());
      } catch (IOException e) {
        err.println(name + ": could not start: " + e.getMessage());
        return 1;
      }
      Runtime.getRuntime().addShutdownHook(new Thread(() -> {
        LOG.info("{}: stopping (SIGTERM or Ctrl-C)", name);
        try {
          daemon.close();
          LOG.info("{}: stopped", name);
        } catch (IOException e) {
          LOG.warn("{}: shutdown: {}", name, e.getMessage());
        }
        stopped.countDown();
      }, name.replace(' ', '-') + "-shutdown"));
      stopped.await();
      return 0;
    });
  }
}
