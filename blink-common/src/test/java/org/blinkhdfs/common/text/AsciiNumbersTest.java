package org.blinkhdfs.common.text;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

/** ASCII digits only, where Long.parseLong takes any Unicode decimal digit. */
class AsciiNumbersTest {
  @Test
  void asciiDigitsParse() {
    assertEquals(3, AsciiNumbers.parseInt("3"));
    assertEquals(-42, AsciiNumbers.parseLong("-42"));
    assertEquals(Long.MAX_VALUE, AsciiNumbers.parseLong("9223372036854775807"));
    assertEquals(Integer.MAX_VALUE, AsciiNumbers.parseInt("2147483647"));
  }

  @Test
  void otherDigitsSignsAndBlanksAreRefused() {
    assertEquals(3, Integer.parseInt("\u0663"), "the JDK takes an Arabic-Indic three");
    for (String bad : new String[] {"\u0663", "\uff13", "1\u0660", "\u06f9", "+3", " 3", "3 ",
        "", "-", "0x10", "1e3", "9223372036854775808", "12345678901234567890"}) {
      NumberFormatException e = assertThrows(NumberFormatException.class,
          () -> AsciiNumbers.parseLong(bad), bad);
      assertEquals(true, e.getMessage().contains("'" + bad + "'"), e.getMessage());
    }
    assertThrows(NumberFormatException.class, () -> AsciiNumbers.parseLong(null));
    assertThrows(NumberFormatException.class, () -> AsciiNumbers.parseInt("2147483648"));
  }
}
