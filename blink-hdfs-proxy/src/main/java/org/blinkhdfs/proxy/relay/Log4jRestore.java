package org.blinkhdfs.proxy.relay;

import java.net.MalformedURLException;
import java.net.URL;
import org.apache.log4j.LogManager;
import org.apache.log4j.helpers.Loader;
import org.apache.log4j.helpers.OptionConverter;

/**
 * Puts back the process's log4j configuration after HttpFS has replaced it.
 *
 * <p>Why: HttpFS's {@code Server#initLog} calls {@code LogManager.resetConfiguration()} and then
 * configures log4j from {@code httpfs-log4j.properties} (watched by a thread that never stops) or
 * from its built-in console default, for the whole JVM. A proxy daemon (or a test) that logs
 * with its own configuration would silently switch to HttpFS's. After the relay starts, this
 * re-runs log4j's own default initialization: the URL or resource named by the system property
 * {@code log4j.configuration}, else {@code log4j.properties} on the classpath, as log4j does at
 * start. Without either, HttpFS's console default stays (and nothing is lost: log4j had no file).
 *
 * <p>Not thread-safe with respect to other log4j reconfiguration; called once per relay start.
 */
final class Log4jRestore {
  private Log4jRestore() {}

  /** Re-reads the process's log4j configuration; false when there is none to re-read. */
  static boolean reinitialize() {
    String name = System.getProperty("log4j.configuration", "log4j.properties");
    URL url;
    try {
      url = new URL(name);
    } catch (MalformedURLException e) {
      url = Loader.getResource(name);
    }
    if (url == null) {
      return false;
    }
    LogManager.resetConfiguration();
    OptionConverter.selectAndConfigure(url, System.getProperty("log4j.configuratorClass"),
        LogManager.getLoggerRepository());
    return true;
  }
}
