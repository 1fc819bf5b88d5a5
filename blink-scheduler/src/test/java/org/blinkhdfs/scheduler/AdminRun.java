package org.blinkhdfs.scheduler;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.security.PrivilegedExceptionAction;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.security.UserGroupInformation;
import org.apache.hadoop.util.ToolRunner;
import org.blinkhdfs.admin.BlinkAdmin;

/** One run of the admin tool as a given Hadoop user: its exit code and both streams. */
record AdminRun(int exit, String out, String err) {
  static AdminRun as(UserGroupInformation user, String... args) throws Exception {
    return user.doAs((PrivilegedExceptionAction<AdminRun>) () -> {
      Configuration conf = new Configuration(false);
      ByteArrayOutputStream out = new ByteArrayOutputStream();
      ByteArrayOutputStream err = new ByteArrayOutputStream();
      int exit = ToolRunner.run(conf, new BlinkAdmin(conf,
          new PrintStream(out, true, StandardCharsets.UTF_8),
          new PrintStream(err, true, StandardCharsets.UTF_8)), args);
      return new AdminRun(exit, out.toString(StandardCharsets.UTF_8),
          err.toString(StandardCharsets.UTF_8));
    });
  }
}
