package org.blinkhdfs.model.wire;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.util.HexFormat;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * A node's status signed with a secret only that node's agent and the scheduler hold
 * (docs/security.md, "Node statuses"): the agent sends the HMAC-SHA256 of the exact body bytes
 * in {@value #HEADER}, the scheduler recomputes it with the secret it has for the node the body
 * names.
 *
 * <p>Why: under simple authentication every agent is the same user, so the agents' ACL cannot
 * tell one node's agent from another's; without a per-node secret any identity in that ACL could
 * post another node's status (a forged AWAKE cleared a failed node). Under Kerberos the host
 * principal already binds an agent to its node; the signature works under both.
 */
public final class StatusSignature {
  /** The request header carrying the hex HMAC-SHA256 of the body. */
  public static final String HEADER = "X-Blink-Status-Signature";
  /** The fewest characters a secret may have (32 hex digits are 128 bits). */
  public static final int MIN_SECRET_CHARS = 32;
  private static final String ALGORITHM = "HmacSHA256";

  private StatusSignature() {}

  /** The hex HMAC-SHA256 of {@code body} under {@code secret}. */
  public static String sign(String secret, byte[] body) {
    try {
      Mac mac = Mac.getInstance(ALGORITHM);
      mac.init(new SecretKeySpec(secret.getBytes(StandardCharsets.UTF_8), ALGORITHM));
      return HexFormat.of().formatHex(mac.doFinal(body));
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("this JVM has no " + ALGORITHM, e);
    }
  }

  /** Whether {@code signature} (hex, any case) is {@code body}'s under {@code secret}. */
  public static boolean verify(String secret, byte[] body, String signature) {
    if (signature == null) {
      return false;
    }
    byte[] expected = sign(secret, body).getBytes(StandardCharsets.US_ASCII);
    byte[] given = signature.trim().toLowerCase(java.util.Locale.ROOT)
        .getBytes(StandardCharsets.US_ASCII);
    return MessageDigest.isEqual(expected, given); // constant time: no timing oracle
  }

  /**
   * Checks a secret read from {@code file} (set by {@code key}): at least {@link
   * #MIN_SECRET_CHARS} characters without whitespace.
   *
   * @throws IllegalArgumentException naming the key, the file and the fix
   */
  public static String checkSecret(String key, String file, String secret) {
    if (secret.length() < MIN_SECRET_CHARS || secret.chars().anyMatch(Character::isWhitespace)) {
      throw new IllegalArgumentException(key + " = '" + file + "' holds a secret of "
          + secret.length() + " characters: give at least " + MIN_SECRET_CHARS + " without"
          + " spaces, e.g. the output of openssl rand -hex 32");
    }
    return secret;
  }

  /** The trimmed text of {@code file} (set by {@code key}), checked by {@link #checkSecret}. */
  public static String readSecret(String key, String file) {
    String text;
    try {
      text = Files.readString(Path.of(file), StandardCharsets.UTF_8).trim();
    } catch (IOException | RuntimeException e) {
      throw new IllegalArgumentException(key + " = '" + file + "' is not a readable file ("
          + e.getMessage() + "): give the file holding this node's status secret, readable"
          + " only by the agent's user");
    }
    return checkSecret(key, file, text);
  }
}
