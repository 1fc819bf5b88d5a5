package org.blinkhdfs.daemon.cli;

import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.hadoop.conf.Configuration;
import org.blinkhdfs.common.cli.CommandLineTool;

/**
 * Applies the configuration options of the daemons' command lines to a Hadoop {@link
 * Configuration}: site files ({@code -conf FILE} of {@code bin/blink scheduler}, {@code --conf
 * FILE} of {@code bin/blink agent}) and {@code -D key=value} settings. The flags themselves are
 * parsed by {@link CommandLineTool}; this class only checks their values, so a missing file or a
 * {@code -D} without {@code =} fails at startup naming the flag, the value and the fix (a {@link
 * CommandLineTool.UsageException}: exit 2 with the usage).
 *
 * <p>As with Hadoop's {@code GenericOptionsParser}, a {@code -D} setting wins over every site
 * file, whichever comes first on the command line. Stateless.
 */
public final class SiteOptions {
  private SiteOptions() {}

  /**
   * Adds the Hadoop site XML {@code file} to {@code conf}, loading it now; {@code flag} names it.
   */
  public static void addSiteFile(Configuration conf, String flag, Path file) {
    if (!Files.isReadable(file)) {
      throw CommandLineTool.usage(flag + " " + file
          + ": no such readable file; give a Hadoop site XML file with blink.* keys");
    }
    conf.addResource(new org.apache.hadoop.fs.Path(file.toAbsolutePath().toUri()));
    try {
      conf.size(); // forces the load, so a malformed file fails here with its name
    } catch (RuntimeException e) {
      throw CommandLineTool.usage(flag + " " + file + " is not a readable Hadoop site XML"
          + " file: " + e.getMessage());
    }
  }

  /**
   * A configuration from the daemons' {@code -conf FILE} and {@code -D key=value} options (both
   * repeatable), the {@code -D} settings applied last so they win.
   */
  public static Configuration configuration(CommandLineTool.Args a) {
    Configuration conf = new Configuration();
    for (String file : a.values("conf")) {
      addSiteFile(conf, "-conf", Path.of(file));
    }
    for (String kv : a.values("D")) {
      set(conf, "-D", kv);
    }
    return conf;
  }

  /** Sets one {@code -D key=value}; {@code flag} names the option in errors. */
  public static void set(Configuration conf, String flag, String keyValue) {
    int eq = keyValue.indexOf('=');
    if (eq <= 0) {
      throw CommandLineTool.usage(flag + " '" + keyValue + "' is not key=value: write e.g. "
          + flag + " blink.scheduler.nodes=h1:9866,h2:9866");
    }
    conf.set(keyValue.substring(0, eq), keyValue.substring(eq + 1),
        "command line " + flag);
  }
}
