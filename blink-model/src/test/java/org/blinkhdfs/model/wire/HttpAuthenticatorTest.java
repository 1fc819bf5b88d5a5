package org.blinkhdfs.model.wire;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.net.HttpURLConnection;
import java.net.URL;
import org.junit.jupiter.api.Test;

class HttpAuthenticatorTest {
  @Test
  void appendsTheUserNameAsHadoopsPseudoAuthenticatorDoes() throws Exception {
    assertEquals("http://s:9877/v1/active?user.name=hdfs",
        HttpAuthenticator.withUserName(new URL("http://s:9877/v1/active"), "hdfs").toString());
    assertEquals("http://s:9877/v1/nodes?x=1&user.name=hdfs",
        HttpAuthenticator.withUserName(new URL("http://s:9877/v1/nodes?x=1"), "hdfs").toString());
    assertEquals("http://s:1/p?user.name=a+b%26c#f",
        HttpAuthenticator.withUserName(new URL("http://s:1/p#f"), "a b&c").toString());
  }

  @Test
  void pseudoOpensTheUrlWithTheUser() throws Exception {
    HttpURLConnection c = HttpAuthenticator.pseudo("yarn").open(new URL("http://h:2/v1/power"), 5);
    assertEquals("http://h:2/v1/power?user.name=yarn", c.getURL().toString());
  }
}
