package org.blinkhdfs.bench.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class SplitMix64Test {

  @Test
  void matchesTheReferenceVectorForSeed1234567() {
    assertEquals(6457827717110365317L, SplitMix64.nth(1234567, 1));
    assertEquals(3203168211198807973L, SplitMix64.nth(1234567, 2));
    assertEquals(Long.parseUnsignedLong("9817491932198370423"), SplitMix64.nth(1234567, 3));
    assertEquals(4593380528125082431L, SplitMix64.nth(1234567, 4));
    assertEquals(Long.parseUnsignedLong("16408922859458223821"), SplitMix64.nth(1234567, 5));
  }

  @Test
  void mixOfZeroIsZeroAndOfGammaIsTheWorkedExampleWord() {
    assertEquals(0L, SplitMix64.mix(0));
    assertEquals(0xE220A8397B1DCDAFL, SplitMix64.mix(SplitMix64.GAMMA));
  }
}
