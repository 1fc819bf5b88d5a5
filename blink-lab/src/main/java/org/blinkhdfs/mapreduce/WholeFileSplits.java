package org.blinkhdfs.mapreduce;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.mapreduce.lib.input.FileInputFormat;

/**
 * A job configuration with one split (one map task) per input file instead of per block. The
 * local cluster uses 1 MiB blocks so that a small data set has many blocks to lay out; on hosts
 * with a fraction of a core each, a map JVM per 1 MiB block makes task start-up, not the work,
 * the measurement (TeraSort of 128 MB ran 128 maps in 773 s at 100% power, where a production
 * cluster's 128 MB blocks give one). A file's split is placed by where most of its bytes are,
 * as any split. TeraValidate already splits by file on its own.
 *
 * <p>Stateless.
 */
public final class WholeFileSplits {
  private WholeFileSplits() {}

  /** A copy of {@code jobConf} whose input splits are whole files. */
  public static Configuration of(Configuration jobConf) {
    Configuration c = new Configuration(jobConf);
    c.setLong(FileInputFormat.SPLIT_MINSIZE, Long.MAX_VALUE);
    return c;
  }
}
