package org.blinkhdfs.rabbit.dataset;

import java.util.Objects;

/**
 * A dataset (Rabbit §3.1.1: "an arbitrary user-defined set of files"): its name, the HDFS
 * directory its files live under, and its own expansion chain.
 *
 * @param name the dataset name, as in {@code blink.rabbit.datasets}
 * @param root the root directory (files may also join by the xattr {@code user.blink.dataset})
 * @param chain its expansion chain
 */
public record Dataset(String name, String root, ExpansionChain chain) {
  /** Validates name and root like {@link DatasetRoot}. */
  public Dataset {
    DatasetRoot checked = new DatasetRoot(name, root);
    root = checked.root();
    Objects.requireNonNull(chain, "chain must not be null");
  }
}
