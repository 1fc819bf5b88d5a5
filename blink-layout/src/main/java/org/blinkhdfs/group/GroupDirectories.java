package org.blinkhdfs.group;

import java.util.Objects;
import java.util.function.Supplier;
import org.blinkhdfs.rabbit.dataset.DatasetDirectory;

/**
 * The application groups as equal work's datasets: one {@link GroupDatasets} per revision of the
 * groups document that {@code groups} returns, so the directory's version changes exactly when
 * the document does (callers rebuild layouts and drop resolution caches on that change).
 *
 * <p>Why a supplier of {@link GroupSet}: the document is read by a feed with I/O (a file or the
 * scheduler's {@code GET /v1/groups}); this class only turns whatever it holds now into a
 * directory, so the NameNode and the proxy share it without Hadoop.
 *
 * <p>Example: while {@code groups} returns the same {@code GroupSet} object, {@link #get()}
 * returns the same directory; after the feed reads a new document, a new one.
 *
 * <p>Thread-safe: the last directory is a volatile field; two threads may each build one for a
 * new document, which is harmless (equal content).
 */
public final class GroupDirectories implements Supplier<DatasetDirectory> {
  private final Supplier<GroupSet> groups;
  private volatile GroupDatasets last = new GroupDatasets(GroupSet.empty());

  public GroupDirectories(Supplier<GroupSet> groups) {
    this.groups = Objects.requireNonNull(groups, "groups");
  }

  @Override
  public DatasetDirectory get() {
    GroupSet now = groups.get();
    GroupDatasets l = last;
    if (l.groups() != now) {
      l = new GroupDatasets(now);
      last = l;
    }
    return l;
  }
}
