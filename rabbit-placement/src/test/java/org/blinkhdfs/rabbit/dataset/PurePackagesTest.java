package org.blinkhdfs.rabbit.dataset;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The dataset and balance packages are pure: they never import Hadoop, so they compile and test
 * without a NameNode (the module-wide rule in integration-tests covers only layout packages).
 */
class PurePackagesTest {
  @Test
  void datasetAndBalanceDoNotImportHadoop() throws IOException {
    Path main = Path.of("src", "main", "java", "org", "blinkhdfs", "rabbit");
    List<Path> sources;
    try (Stream<Path> files = Stream.concat(Files.walk(main.resolve("dataset")),
        Files.walk(main.resolve("balance")))) {
      sources = files.filter(p -> p.toString().endsWith(".java")).toList();
    }
    assertTrue(sources.size() >= 10, "found " + sources);
    List<Path> offenders = sources.stream().filter(PurePackagesTest::importsHadoop).toList();
    assertEquals(List.of(), offenders);
  }

  private static boolean importsHadoop(Path p) {
    try {
      return Files.readAllLines(p).stream().map(String::trim)
          .anyMatch(l -> l.startsWith("import org.apache.hadoop")
              || l.startsWith("import static org.apache.hadoop"));
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }
}
