package org.blinkhdfs.placement;

import java.io.IOException;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.io.IOUtils;

/** Reads a whole file back, to compare with what was written. */
final class DataCheck {
  private DataCheck() {}

  static byte[] read(BlinkCluster c, String path) throws IOException {
    org.apache.hadoop.fs.Path p = new org.apache.hadoop.fs.Path(path);
    int len = (int) c.fs.getFileStatus(p).getLen();
    byte[] buf = new byte[len];
    try (FSDataInputStream in = c.fs.open(p)) {
      IOUtils.readFully(in, buf, 0, len);
    }
    return buf;
  }
}
