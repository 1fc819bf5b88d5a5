package org.blinkhdfs.admin;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tuple;
import net.jqwik.api.statistics.Statistics;
import org.apache.hadoop.conf.Configuration;
import org.blinkhdfs.common.cli.CommandLineTool;
import org.blinkhdfs.model.api.BlinkApiClient;
import org.blinkhdfs.model.wire.SchedulerHttp;

/**
 * Fuzzes the admin tool's command line ({@code bin/blink admin}, {@code hdfs blinkadmin}) end to
 * end through {@link BlinkAdmin#run}: the commons-cli parse ({@link CommandLineTool}), the one-
 * command rule, each command's arity and its local value checks (power levels, durations, node
 * counts). The scheduler and the proxy are a closed port on 127.0.0.1, so a command line that gets
 * that far fails at once with a refused connection; no name is ever resolved.
 *
 * <p>Documented outcome (the class comment of {@link BlinkAdmin}): {@code run} returns, within
 * the hang guard, 0 only for a help argument (usage on stdout); 2 for a usage error, with one line
 * {@code blinkadmin: ...} and the usage on stderr and nothing on stdout; -1 for any other error,
 * with exactly one line {@code blinkadmin: ...} on stderr. No throwable escapes. Inputs: 0..7
 * tokens drawn from every command and flag, near misses ({@code --setPower}, {@code -setpower},
 * {@code -setPower=5%}), good and bad values (NaN%, 1e400W, -1, 99999999999, 1e300h, empty, NUL,
 * non-ASCII), plus arbitrary strings. Tries: {@code blink.fuzz.tries}. Generic options ({@code -D},
 * {@code -conf}) are Hadoop's GenericOptionsParser's and not fuzzed here.
 */
class BlinkAdminFuzzTest {
  private static final String CLOSED = "127.0.0.1:1";
  private static final Configuration CONF = conf();
  /** TOKENS[0, COMMANDS) are the commands, TOKENS[VALUES, ...) their values. */
  private static final int COMMANDS = 11;
  private static final int VALUES = 22;
  private static final String[] TOKENS = {
    "-setPower", "-getPower", "-setPolicy", "-schedule", "-report", "-setActive", "-wake",
    "-blinkState", "-blockInfo", "-fileInfo", "-serverLoad", "-help", "--help", "-h",
    "--setPower", "-setpower", "-setPower=50%", "-set", "-", "--", "-D", "-scheduler=" + CLOSED,
    "50%", "150W", "0W", "100%", "100.0001%", "-5%", "NaN%", "Infinity W", "1e400W", "signal",
    "SIGNAL", "%", "W", "auto", "0", "-1", "3", "99999999999", "2147483648", " 7 ", "20s", "1.5m",
    "0ms", "1e300h", "-3s", "NaNs", "20", "10.0.0.11:9866", "[::1]:9866", "h:0", "/user/x", "",
    " ", "\u0000", "é", "staggered", "gear-shifting", "reason with spaces"
  };

  private static Configuration conf() {
    Configuration c = new Configuration(false);
    c.set(SchedulerHttp.ADDRESS_KEY, CLOSED);
    c.set(BlinkApiClient.ADDRESS_KEY, CLOSED);
    c.set(BlinkAdmin.HTTP_TIMEOUT_MS.name(), "500");
    return c;
  }

  @Property
  void everyCommandLineEndsInADocumentedExit(@ForAll("commandLines") List<String> argv) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    BlinkAdmin admin = new BlinkAdmin(CONF, new PrintStream(out, true, StandardCharsets.UTF_8),
        new PrintStream(err, true, StandardCharsets.UTF_8));
    int exit = assertTimeoutPreemptively(Duration.ofSeconds(10),
        () -> admin.run(argv.toArray(new String[0])), () -> "hung on " + argv);
    String o = out.toString(StandardCharsets.UTF_8);
    String e = err.toString(StandardCharsets.UTF_8);
    Statistics.collect("exit " + exit);
    String what = argv + " -> exit " + exit + ", stdout: " + o + ", stderr: " + e;
    if (CommandLineTool.wantsHelp(argv.toArray(new String[0]))) {
      assertEquals(0, exit, what);
      assertTrue(o.startsWith("NAME\n    hdfs blinkadmin - ") && e.isEmpty(), what);
      return;
    }
    assertTrue(exit == 2 || exit == -1, what);
    assertTrue(e.startsWith("blinkadmin: ") && o.isEmpty(), what);
    if (exit == 2) {
      assertTrue(e.contains("\nUsage: hdfs blinkadmin"), what);
    } else {
      assertEquals(e.length() - 1, e.indexOf('\n'), "one line: " + what);
    }
  }

  @Provide
  Arbitrary<List<String>> commandLines() {
    Arbitrary<String> token = Arbitraries.frequencyOf(
        Tuple.of(8, Arbitraries.of(TOKENS)),
        Tuple.of(1, Arbitraries.strings().ofMaxLength(12)),
        Tuple.of(1, Arbitraries.randoms().map(BlinkAdminFuzzTest::number)));
    Arbitrary<List<String>> prefix = Arbitraries.of(
        List.of(), List.of("-scheduler", CLOSED), List.of("-proxy", CLOSED),
        List.of("-scheduler", "127.0.0.1:99999"), List.of("-scheduler", ""),
        List.of("-proxy", "no-port"), List.of("-scheduler", CLOSED, "-proxy", "[::1]:1"));
    Arbitrary<String> value = Arbitraries.frequencyOf(
        Tuple.of(6, Arbitraries.of(java.util.Arrays.copyOfRange(TOKENS, VALUES, TOKENS.length))),
        Tuple.of(3, Arbitraries.randoms().map(BlinkAdminFuzzTest::number)),
        Tuple.of(1, Arbitraries.strings().ofMaxLength(12)));
    Arbitrary<List<String>> oneCommand = net.jqwik.api.Combinators.combine(
        Arbitraries.of(java.util.Arrays.copyOfRange(TOKENS, 0, COMMANDS)),
        value.list().ofMaxSize(3)).as((c, v) -> {
          List<String> all = new ArrayList<>(List.of(c));
          all.addAll(v);
          return all;
        });
    Arbitrary<List<String>> tail = Arbitraries.frequencyOf(
        Tuple.of(1, oneCommand), Tuple.of(1, token.list().ofMaxSize(7)));
    return net.jqwik.api.Combinators.combine(prefix, tail)
        .as((p, rest) -> {
          List<String> all = new ArrayList<>(p);
          all.addAll(rest);
          return all;
        });
  }

  /** A number with a unit or percent sign, from tiny to beyond double range. */
  private static String number(Random r) {
    String[] units = {"%", "W", "w", "ms", "s", "m", "h", ""};
    String n = switch (r.nextInt(4)) {
      case 0 -> Long.toString(r.nextLong());
      case 1 -> Double.toString(r.nextGaussian() * Math.pow(10, r.nextInt(40)));
      case 2 -> "1" + "0".repeat(r.nextInt(400));
      default -> Integer.toString(r.nextInt(200) - 50);
    };
    return n + units[r.nextInt(units.length)];
  }
}
