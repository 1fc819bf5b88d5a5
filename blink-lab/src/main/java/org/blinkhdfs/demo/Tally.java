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
  /**
   * The NameNode's deliberate copies ({@code LayoutCorrections + ShortWriteReplicas}) counted by
   * NameNode JVMs that were since killed: a restarted NameNode counts from 0 again.
   */
  long nameNodeCountersBeforeRestart;
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

  /** One operation of a {@link org.blinkhdfs.workload.ContinuousIo} workload. */
  void add(org.blinkhdfs.workload.ContinuousIo.Op op) {
    if (op.write()) {
      writeOps++;
      writeErrors += op.ok() ? 0 : 1;
    } else {
      readOps++;
      readErrors += op.ok() ? 0 : 1;
    }
    if (!op.ok()) {
      note(java.util.List.of(op.problem()));
    }
  }

  private void note(java.util.List<String> problems) {
    for (String s : problems) {
      if (firstProblems.length() < 2_000) {
        firstProblems.append(s).append("; ");
      }
    }
  }
}
