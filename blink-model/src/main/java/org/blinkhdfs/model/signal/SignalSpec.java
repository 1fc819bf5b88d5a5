package org.blinkhdfs.model.signal;

import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Random;
import java.util.function.Function;
import org.blinkhdfs.common.cli.Durations;
import org.blinkhdfs.model.power.PowerLevel;
import org.blinkhdfs.model.power.PowerModel;

/**
 * Parses a power signal specification, the grammar of the scheduler's
 * {@code blink.scheduler.signal} and of {@code bin/blink sim --signal}:
 *
 * <table>
 *   <caption>signal specifications</caption>
 *   <tr><th>spec</th><th>meaning</th></tr>
 *   <tr><td>{@code steady:50%}, {@code steady:150W}</td><td>a constant level</td></tr>
 *   <tr><td>{@code oscillating:N[:period]}</td><td>BlinkFS's N% oscillation, (45 ± 0.45N)%
 *       alternating every period (default 5m)</td></tr>
 *   <tr><td>{@code renewable:P[:startHour]}</td><td>the shipped Greensboro solar+wind trace,
 *       3 days in 3 hours, mean P% of peak, floor at the overhead</td></tr>
 *   <tr><td>{@code trace:FILE[:compression]}</td><td>a CSV with columns {@code time_s,watts}
 *       (whole-cluster watts), replayed compressed (default 1)</td></tr>
 *   <tr><td>{@code price:BUDGET[:seed]}</td><td>a fixed budget per hour over a SYNTHETIC spot
 *       price trace (power = budget / price)</td></tr>
 *   <tr><td>{@code sensor:COMMAND}</td><td>a command that prints the available watts (built by
 *       the caller's {@code sensor} factory: only the scheduler daemon runs commands)</td></tr>
 * </table>
 *
 * <p>Why here: the scheduler and the simulator must read the same specification into the same
 * signal, so the grammar lives once, in the pure module. Errors name the key (or flag), the value
 * and the accepted forms. Stateless.
 */
public final class SignalSpec {
  public static final String FORMS = "steady:<P%|W>, oscillating:<N>[:<period>], renewable:<P>"
      + "[:<startHour>], trace:<file.csv>[:<compression>], price:<budget/h>[:<seed>],"
      + " sensor:<command>";

  private SignalSpec() {}

  /**
   * The signal {@code spec} describes.
   *
   * @param key the config key or flag the spec came from, named in errors
   * @param sensor builds a {@code sensor:COMMAND} signal from the command; it may throw
   *     IllegalArgumentException (e.g. "not supported in the simulator")
   */
  public static PowerSignal parse(String key, String spec, PowerModel model,
      Function<String, PowerSignal> sensor) {
    String s = spec == null ? "" : spec.trim();
    int colon = s.indexOf(':');
    if (colon <= 0) {
      throw bad(key, s, "no kind given");
    }
    String kind = s.substring(0, colon);
    String rest = s.substring(colon + 1);
    String[] parts = rest.split(":", -1);
    try {
      switch (kind) {
        case "steady":
          return new SteadySignal(PowerLevel.parse(key, rest));
        case "oscillating":
          return new OscillatingSignal(Double.parseDouble(parts[0]),
              parts.length > 1 ? Durations.parseMs(parts[1]) : OscillatingSignal.DEFAULT_PERIOD_MS);
        case "renewable":
          return BlinkFsSignals.renewable(model, Double.parseDouble(parts[0]),
              parts.length > 1 ? Integer.parseInt(parts[1]) : 0);
        case "trace":
          return trace(parts);
        case "price":
          return BlinkFsSignals.marketPrice(Double.parseDouble(parts[0]),
              new Random(parts.length > 1 ? Long.parseLong(parts[1]) : 0));
        case "sensor":
          return sensor.apply(rest);
        default:
          throw bad(key, s, "unknown kind '" + kind + "'");
      }
    } catch (NumberFormatException | ArrayIndexOutOfBoundsException e) {
      throw bad(key, s, "a number is missing or malformed");
    } catch (IOException e) {
      throw bad(key, s, e.getMessage());
    } catch (IllegalArgumentException e) {
      if (e.getMessage() != null && e.getMessage().startsWith(key)) {
        throw e;
      }
      throw bad(key, s, e.getMessage());
    }
  }

  private static PowerSignal trace(String[] parts) throws IOException {
    Path file = Path.of(parts[0]);
    PowerTrace trace;
    try (Reader r = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
      trace = PowerTrace.parseCsv(file.toString(), r, "time_s", "watts", 1000);
    }
    double compression = parts.length > 1 ? Double.parseDouble(parts[1]) : 1;
    return TraceReplaySignal.builder(trace).name(file.getFileName().toString())
        .compressionFactor(compression).build();
  }

  private static IllegalArgumentException bad(String key, String spec, String why) {
    return new IllegalArgumentException(key + " = '" + spec + "' is invalid (" + why
        + "): use one of " + FORMS);
  }
}
