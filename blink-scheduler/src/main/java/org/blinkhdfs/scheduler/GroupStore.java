package org.blinkhdfs.scheduler;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Optional;
import org.blinkhdfs.group.GroupSet;
import org.blinkhdfs.group.GroupsJson;

/**
 * The scheduler's application groups ({@code blink.scheduler.groups.file}): loaded at start,
 * replaced by {@code PUT /v1/groups} and written back atomically before the change is answered,
 * so an acknowledged change survives a restart.
 *
 * <p>Why a revision: {@code bin/blink admin groups} edits by read-modify-write; two admins editing
 * at once would otherwise silently lose one change. A document whose revision is not the current
 * one is refused ({@link StaleRevision}, HTTP 409) and the admin re-reads and retries. A
 * document that drops or reorders entries is refused too ({@link GroupSet#checkSuccessor}): an
 * entry's position fixes its expansion chain.
 *
 * <p>Without a file the groups are empty and cannot be changed: an in-memory change would vanish
 * at the next restart, so it is refused rather than accepted and lost.
 *
 * <p>Thread-safe.
 */
final class GroupStore {
  /** The largest groups file read (1000 groups with a few roots each fit easily). */
  static final int MAX_BYTES = 4 << 20;

  private final Optional<Path> file;
  private GroupSet current;

  /** A PUT based on another revision than the current one. */
  static final class StaleRevision extends RuntimeException {
    private static final long serialVersionUID = 1L;

    StaleRevision(String message) {
      super(message);
    }
  }

  /**
   * Loads {@code file} when it exists (empty groups otherwise).
   *
   * @throws IllegalArgumentException naming the key, the file and the problem
   */
  GroupStore(Optional<Path> file) {
    this.file = file;
    this.current = file.map(GroupStore::load).orElse(GroupSet.empty());
  }

  private static GroupSet load(Path path) {
    try {
      if (Files.size(path) > MAX_BYTES) {
        throw new IllegalArgumentException(SchedulerConfig.GROUPS_FILE.name() + " = " + path
            + " is larger than " + MAX_BYTES + " bytes: is it the groups file?");
      }
      return GroupsJson.read(Files.readString(path, StandardCharsets.UTF_8));
    } catch (NoSuchFileException e) {
      return GroupSet.empty();
    } catch (IOException e) {
      throw new IllegalArgumentException(SchedulerConfig.GROUPS_FILE.name() + " = " + path
          + " cannot be read: " + e + "; fix its permissions or point the key elsewhere");
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(SchedulerConfig.GROUPS_FILE.name() + " = " + path
          + " is not a valid groups file: " + e.getMessage() + "; fix it or move it away"
          + " (the scheduler then starts with no groups)", e);
    }
  }

  synchronized GroupSet current() {
    return current;
  }

  /** Where changes are kept, if anywhere. */
  Optional<Path> file() {
    return file;
  }

  /**
   * Replaces the groups with {@code proposed}, which must carry the current revision; stores it
   * under the next revision and returns what was stored.
   *
   * @throws StaleRevision when {@code proposed} was based on another revision
   * @throws IllegalArgumentException when the change breaks the successor rule or no file is set
   * @throws IOException when the file cannot be written (nothing changes then)
   */
  synchronized GroupSet replace(GroupSet proposed) throws IOException {
    if (file.isEmpty()) {
      throw new IllegalArgumentException("groups cannot be changed: set "
          + SchedulerConfig.GROUPS_FILE.name() + " to a file on the scheduler's host, so that"
          + " changes survive a restart");
    }
    if (proposed.revision() != current.revision()) {
      throw new StaleRevision("the groups are at revision " + current.revision()
          + ", not " + proposed.revision() + ": someone changed them since you read them;"
          + " GET /v1/groups and apply your change again");
    }
    current.checkSuccessor(proposed);
    GroupSet next = proposed.atRevision(current.revision() + 1);
    ScheduleFileWriter.writeAtomically(file.get(), GroupsJson.write(next));
    current = next;
    return next;
  }
}
