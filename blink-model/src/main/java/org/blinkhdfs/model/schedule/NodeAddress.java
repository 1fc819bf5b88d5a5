package org.blinkhdfs.model.schedule;

/**
 * Checks a DataNode transfer address of the form {@code host:port} (what the NameNode reports as
 * {@code DatanodeID#getXferAddr()}). IPv6 hosts are written in brackets: {@code [::1]:9866}.
 *
 * <p>The host is printable ASCII (no space, control character or anything above 0x7E): IP
 * addresses and DNS names (internationalized ones in their ASCII form) are, and a name outside
 * that alphabet cannot match a DataNode. The rule also keeps a schedule byte-for-byte the same in
 * both wire formats: a fuzz run found that Jackson decodes the bytes of a UTF-16 surrogate
 * ({@code ED A0 80}) into a lone surrogate, which protobuf's UTF-8 encoder replaces with {@code ?}.
 */
public final class NodeAddress {
  private NodeAddress() {}

  /** Throws {@link InvalidScheduleException} naming {@code field} unless {@code addr} is valid. */
  public static void validate(String field, String addr) {
    if (addr == null || addr.isBlank()) {
      throw new InvalidScheduleException(field,
          "missing node address: give the DataNode transfer address host:port, e.g."
              + " 10.0.0.11:9866");
    }
    int colon = addr.lastIndexOf(':');
    String host = colon > 0 ? addr.substring(0, colon) : "";
    String port = colon > 0 ? addr.substring(colon + 1) : "";
    boolean ok = !host.isEmpty() && host.chars().allMatch(c -> c > 0x20 && c < 0x7f)
        && port.matches("[0-9]{1,5}");
    if (ok) {
      int p = Integer.parseInt(port);
      ok = p >= 1 && p <= 65535;
    }
    if (!ok) {
      throw new InvalidScheduleException(field, "'" + addr
          + "' is not host:port with a printable ASCII host and a port in 1..65535; use the"
          + " DataNode transfer address,"
          + " e.g. 10.0.0.11:9866");
    }
  }
}
