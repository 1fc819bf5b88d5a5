package org.blinkhdfs.core.schedule;

/**
 * Checks a DataNode transfer address of the form {@code host:port} (what the NameNode reports as
 * {@code DatanodeID#getXferAddr()}). IPv6 hosts are written in brackets: {@code [::1]:9866}.
 */
public final class NodeAddress {
  private NodeAddress() {}

  /** Throws {@link InvalidScheduleException} naming {@code field} unless {@code addr} is valid. */
  public static void validate(String field, String addr) {
    if (addr == null || addr.isBlank()) {
      throw new InvalidScheduleException(field,
          "missing node address: give the DataNode transfer address host:port, e.g. 10.0.0.11:9866");
    }
    int colon = addr.lastIndexOf(':');
    String host = colon > 0 ? addr.substring(0, colon) : "";
    String port = colon > 0 ? addr.substring(colon + 1) : "";
    boolean ok = !host.isEmpty() && !host.contains(" ") && port.matches("[0-9]{1,5}");
    if (ok) {
      int p = Integer.parseInt(port);
      ok = p >= 1 && p <= 65535;
    }
    if (!ok) {
      throw new InvalidScheduleException(field, "'" + addr
          + "' is not host:port with a port in 1..65535; use the DataNode transfer address,"
          + " e.g. 10.0.0.11:9866");
    }
  }
}
