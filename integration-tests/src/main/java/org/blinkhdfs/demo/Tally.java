package org.blinkhdfs.demo;

import org.blinkhdfs.workload.PhaseResult;
import org.blinkhdfs.workload.ThroughputPhase;

/**
 * Running totals of what every workload phase of a layout run did, for the report's
 * correctness checks: bytes verified wrong, failed reads, failed writes.
 *
 * <p>Not thread-safe; one per layout run, fed from the run's thread.
 */
final class Tally {
  long readOps;
  long writeOps;
  long verifyFailures;
  long readErrors;
  long writeErrors;
  final StringBuilder firstProblems = new StringBuilder();

  void add(PhaseResult p, boolean write) {
    if (write) {
      writeOps += p.attemptedOps();
      writeErrors += p.errors();
    } else {
      readOps += p.attemptedOps();
      readErrors += p.errors();
    }
    verifyFailures += p.verifyFailures();
    note(p.problems());
  }

  /**
   * Only the wrong bytes of {@code p}: for reads whose failures are the measurement (a stock
   * client at low power), not a correctness problem; wrong bytes always are.
   */
  void addVerifyOnly(PhaseResult p) {
    verifyFailures += p.verifyFailures();
  }

  void add(ThroughputPhase p) {
    boolean write = p.phase().equals("write");
    if (write) {
      writeOps += p.threads();
      writeErrors += p.errors() + p.incomplete();
    } else {
      readOps += p.threads();
      readErrors += p.errors() + p.incomplete();
    }
    verifyFailures += p.verifyFailures();
  }

  private void note(java.util.List<String> problems) {
    for (String s : problems) {
      if (firstProblems.length() < 2_000) {
        firstProblems.append(s).append("; ");
      }
    }
  }
}
