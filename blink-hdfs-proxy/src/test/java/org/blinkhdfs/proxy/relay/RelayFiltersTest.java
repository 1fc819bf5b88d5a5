package org.blinkhdfs.proxy.relay;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The decisions of the relay's read-only and permission filters, on plain strings. */
class RelayFiltersTest {
  @Test
  void readOnlyLetsReadsAndTokenUpkeepThroughOnly() {
    assertTrue(RelayReadOnlyFilter.allowed("GET", "op=OPEN"));
    assertTrue(RelayReadOnlyFilter.allowed("HEAD", null));
    assertTrue(RelayReadOnlyFilter.allowed("PUT", "op=renewDelegationToken&token=x"));
    assertTrue(RelayReadOnlyFilter.allowed("PUT", "token=x&OP=CANCELDELEGATIONTOKEN"));
    assertFalse(RelayReadOnlyFilter.allowed("POST", "op=TRUNCATE&newlength=0"));
    assertFalse(RelayReadOnlyFilter.allowed("PUT", "op=MKDIRS"));
    assertFalse(RelayReadOnlyFilter.allowed("DELETE", "op=DELETE"));
    assertFalse(RelayReadOnlyFilter.allowed("PUT", null));
    assertFalse(RelayReadOnlyFilter.allowed("PUT", "token=x"));
    // a second op behind a token op, encoded or not, or a malformed escape
    assertFalse(RelayReadOnlyFilter.allowed("PUT", "op=RENEWDELEGATIONTOKEN&op=MKDIRS"));
    assertFalse(RelayReadOnlyFilter.allowed("PUT", "op=RENEWDELEGATIONTOKEN&%6Fp=MKDIRS"));
    assertFalse(RelayReadOnlyFilter.allowed("PUT", "op=RENEWDELEGATIONTOKEN&x=%zz"));
  }

  @Test
  void onlyAPermissionErrorBecomes403() {
    String denied = "{\"RemoteException\":{\"message\":\"Permission denied: user=bob\","
        + "\"exception\":\"AccessControlException\","
        + "\"javaClassName\":\"org.apache.hadoop.security.AccessControlException\"}}";
    assertTrue(DeniedAsForbiddenFilter.denied(denied));
    assertTrue(DeniedAsForbiddenFilter.denied(denied.replace(
        "org.apache.hadoop.security.AccessControlException",
        "org.apache.hadoop.security.authorize.AuthorizationException")));
    assertFalse(DeniedAsForbiddenFilter.denied(denied.replace(
        "org.apache.hadoop.security.AccessControlException", "java.io.IOException")));
    assertFalse(DeniedAsForbiddenFilter.denied(denied.replace(
        "org.apache.hadoop.security.AccessControlException", "no.such.Exception")));
    assertFalse(DeniedAsForbiddenFilter.denied("<html>500</html>"));
  }
}
