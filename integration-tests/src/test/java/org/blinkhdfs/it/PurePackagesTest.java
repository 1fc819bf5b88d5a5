package org.blinkhdfs.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Enforces the architecture rule that algorithms stay pure: no class in blink-core or blink-bench,
 * and no class in any {@code ..layout..} package of any module, imports {@code org.apache.hadoop}.
 * Pure code must compile and test without a NameNode; only adapters touch HDFS.
 */
class PurePackagesTest {
  private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();

  @Test
  void blinkCoreAndLayoutPackagesDoNotImportHadoop() throws IOException {
    List<Path> checked = new ArrayList<>();
    List<String> offenders = new ArrayList<>();
    try (Stream<Path> files = Files.walk(ROOT)) {
      files.filter(p -> p.toString().endsWith(".java"))
          .filter(p -> p.toString().contains("/src/main/java/"))
          .filter(p -> !p.toString().contains("/target/"))
          .filter(PurePackagesTest::mustBePure)
          .forEach(p -> {
            checked.add(p);
            if (importsHadoop(p)) {
              offenders.add(ROOT.relativize(p).toString());
            }
          });
    }
    assertTrue(checked.size() > 10, "expected to find blink-core sources under " + ROOT
        + ", found " + checked.size() + " files: is the working directory the module folder?");
    assertEquals(List.of(), offenders, "pure packages must not import org.apache.hadoop");
  }

  @Test
  void theRuleCatchesAHadoopImport() throws IOException {
    Path tmp = Files.createTempFile("Pure", ".java");
    try {
      Files.writeString(tmp, "package x.layout;\nimport org.apache.hadoop.conf.Configuration;\n");
      assertTrue(importsHadoop(tmp));
      Files.writeString(tmp, "package x.layout;\n// org.apache.hadoop is mentioned only here\n");
      assertTrue(!importsHadoop(tmp));
    } finally {
      Files.delete(tmp);
    }
  }

  static boolean mustBePure(Path p) {
    String s = ROOT.relativize(p).toString().replace('\\', '/');
    return s.startsWith("blink-core/") || s.startsWith("blink-bench/") || s.contains("/layout/")
        || s.contains("/maintenance/") || s.contains("/rabbit/dataset/")
        || s.contains("/rabbit/balance/");
  }

  static boolean importsHadoop(Path p) {
    try {
      for (String line : Files.readAllLines(p)) {
        String t = line.trim();
        if (t.startsWith("import org.apache.hadoop") || t.startsWith("import static org.apache.hadoop")) {
          return true;
        }
      }
      return false;
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }
}
