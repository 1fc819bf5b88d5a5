package org.blinkhdfs.agent;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import org.blinkhdfs.agent.actuator.ServingProbe;
import org.blinkhdfs.model.schedule.NodeAddress;

/**
 * "Serving again" after a resume, for the learned resume latency: a TCP connect to the DataNode's
 * transfer address (the agent's {@code --node}) completes within {@code timeoutMs}.
 *
 * <p>What it proves, and what not: the agent runs on the DataNode's host, so a completed connect
 * shows that the host's network stack and the DataNode's listening socket are back; it does not
 * show that the NIC link towards the NameNode is up or that the DataNode has heartbeated. It is
 * the cheap, always-available lower bound; the real actuator reports which probe gave each
 * sample.
 *
 * <p>Stateless; thread-safe.
 */
final class TransferPortProbe implements ServingProbe {
  private final String node;
  private final int timeoutMs;

  TransferPortProbe(String node, int timeoutMs) {
    NodeAddress.validate("node", node);
    this.node = node;
    this.timeoutMs = timeoutMs;
  }

  @Override
  public String describe() {
    return "DataNode transfer port " + node + " accepts";
  }

  @Override
  public boolean serving() {
    int colon = node.lastIndexOf(':');
    String host = node.substring(0, colon);
    if (host.startsWith("[") && host.endsWith("]")) {
      host = host.substring(1, host.length() - 1);
    }
    int port = Integer.parseInt(node.substring(colon + 1));
    try (Socket s = new Socket()) {
      s.connect(new InetSocketAddress(host, port), timeoutMs);
      return true;
    } catch (IOException | IllegalArgumentException e) {
      return false;
    }
  }
}
