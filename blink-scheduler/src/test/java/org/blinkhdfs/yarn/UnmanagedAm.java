package org.blinkhdfs.yarn;

import java.io.Closeable;
import java.security.PrivilegedExceptionAction;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.security.UserGroupInformation;
import org.apache.hadoop.security.token.Token;
import org.apache.hadoop.yarn.api.protocolrecords.AllocateResponse;
import org.apache.hadoop.yarn.api.records.ApplicationId;
import org.apache.hadoop.yarn.api.records.ApplicationSubmissionContext;
import org.apache.hadoop.yarn.api.records.Container;
import org.apache.hadoop.yarn.api.records.ContainerLaunchContext;
import org.apache.hadoop.yarn.api.records.FinalApplicationStatus;
import org.apache.hadoop.yarn.api.records.Priority;
import org.apache.hadoop.yarn.api.records.Resource;
import org.apache.hadoop.yarn.client.api.AMRMClient;
import org.apache.hadoop.yarn.client.api.AMRMClient.ContainerRequest;
import org.apache.hadoop.yarn.client.api.YarnClient;
import org.apache.hadoop.yarn.client.api.YarnClientApplication;
import org.apache.hadoop.yarn.security.AMRMTokenIdentifier;

/**
 * The smallest ApplicationMaster that shows where the ResourceManager places containers: an
 * unmanaged AM (it runs in the test JVM, so no AM container takes a node's memory) that asks for
 * containers and reports the NodeId of each one allocated. It never launches them.
 */
final class UnmanagedAm implements Closeable {
  private final UserGroupInformation ugi;
  private final AMRMClient<ContainerRequest> am;

  private UnmanagedAm(UserGroupInformation ugi, AMRMClient<ContainerRequest> am) {
    this.ugi = ugi;
    this.am = am;
  }

  static UnmanagedAm register(YarnClient client, Configuration conf) throws Exception {
    YarnClientApplication app = client.createApplication();
    ApplicationSubmissionContext ctx = app.getApplicationSubmissionContext();
    ctx.setApplicationName("blink-placement");
    ctx.setUnmanagedAM(true);
    ctx.setAMContainerSpec(ContainerLaunchContext.newInstance(null, null, null, null, null,
        null));
    ctx.setResource(Resource.newInstance(1024, 1));
    ApplicationId id = client.submitApplication(ctx);
    AtomicReference<Token<AMRMTokenIdentifier>> token = new AtomicReference<>();
    MiniYarn.waitFor(() -> {
      try {
        token.set(client.getAMRMToken(id));
      } catch (Exception e) {
        throw new IllegalStateException(e);
      }
      return token.get() != null;
    }, "the unmanaged AM's token");
    UserGroupInformation ugi = UserGroupInformation.createRemoteUser(id.toString());
    ugi.addToken(token.get());
    AMRMClient<ContainerRequest> am = ugi.doAs(
        (PrivilegedExceptionAction<AMRMClient<ContainerRequest>>) () -> {
          AMRMClient<ContainerRequest> c = AMRMClient.createAMRMClient();
          c.init(conf);
          c.start();
          c.registerApplicationMaster("", 0, "");
          return c;
        });
    return new UnmanagedAm(ugi, am);
  }

  /** Asks for {@code count} containers of {@code memoryMb} and 1 vcore, anywhere. */
  void request(int count, long memoryMb) {
    for (int i = 0; i < count; i++) {
      am.addContainerRequest(new ContainerRequest(Resource.newInstance(memoryMb, 1), null, null,
          Priority.newInstance(1)));
    }
  }

  /**
   * Heartbeats every 100 ms until {@code count} containers are allocated or {@code ms} passed;
   * returns the NodeIds of the containers allocated, in order.
   */
  List<String> allocateUntil(int count, long ms) throws InterruptedException {
    List<String> out = new ArrayList<>();
    long end = System.nanoTime() + ms * 1_000_000L;
    while (out.size() < count && System.nanoTime() < end) {
      out.addAll(allocate());
      Thread.sleep(100);
    }
    return out;
  }

  /** One allocate heartbeat: the NodeIds of the containers newly allocated. */
  private List<String> allocate() {
    try {
      AllocateResponse r = ugi.doAs(
          (PrivilegedExceptionAction<AllocateResponse>) () -> am.allocate(0.1f));
      List<String> out = new ArrayList<>();
      for (Container c : r.getAllocatedContainers()) {
        out.add(c.getNodeId().toString());
      }
      return out;
    } catch (Exception e) {
      throw new IllegalStateException(e);
    }
  }

  @Override
  public void close() {
    try {
      ugi.doAs((PrivilegedExceptionAction<Void>) () -> {
        am.unregisterApplicationMaster(FinalApplicationStatus.SUCCEEDED, "", "");
        return null;
      });
    } catch (Exception e) {
      throw new IllegalStateException(e);
    } finally {
      am.stop();
    }
  }
}
