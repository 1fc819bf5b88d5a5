package org.blinkhdfs.group;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalLong;
import org.blinkhdfs.rabbit.dataset.DatasetResolver;
import org.junit.jupiter.api.Test;

/** Exact examples of the group edits, resolution and the successor rule. */
class GroupSetTest {
  private static final GroupSet THREE = GroupSet.empty()
      .add(Group.live("g1", List.of("/vm/g1"), 1).withP90TargetMs(OptionalLong.of(60)))
      .add(Group.live("g2", List.of("/vm/g2"), 3).withP90TargetMs(OptionalLong.of(30)))
      .add(Group.live("g3", List.of("/vm/g3"), 5).withP90TargetMs(OptionalLong.of(25))
          .withMinAvailability(OptionalDouble.of(0.9)));

  @Test
  void mergeKeepsTheTighterTargetAsFlexStoreDoes() {
    // flexStore §4 case (2): g2 (30 ms) and g3 (25 ms) combined keep g3's 25 ms bound.
    GroupSet merged = THREE.merge("g2", "g3");
    assertEquals(4, merged.revision());
    Group g2 = merged.get("g2").orElseThrow();
    assertEquals(List.of("/vm/g2", "/vm/g3"), g2.roots());
    assertEquals(5, g2.priority());
    assertEquals(OptionalLong.of(25), g2.p90TargetMs());
    assertEquals(OptionalDouble.of(0.9), g2.minAvailability());
    Group g3 = merged.get("g3").orElseThrow();
    assertEquals(Group.Status.MERGED, g3.status());
    assertEquals(List.of(), g3.roots());
    assertEquals(List.of("g1", "g2", "g3"), merged.entries().stream().map(Group::name).toList());
    assertEquals(List.of("g1", "g2"), merged.live().stream().map(Group::name).toList());
    THREE.checkSuccessor(merged);
  }

  @Test
  void filesFollowMergesAndSplits() {
    GroupSet merged = THREE.merge("g2", "g3");
    DatasetResolver r = merged.resolver();
    assertEquals("g2", merged.resolve(r, "/vm/g3/disk0", Optional.empty()).orElseThrow().name());
    // An xattr naming the retired group follows its merge.
    assertEquals("g2", merged.resolve(r, "/tmp/x", Optional.of("g3")).orElseThrow().name());
    assertEquals(Optional.empty(), merged.resolve(r, "/tmp/x", Optional.of("nope")));

    GroupSet split = merged.split("g2", "g3b", List.of("/vm/g3", "/vm/g2/hot/"));
    DatasetResolver s = split.resolver();
    assertEquals(List.of("/vm/g2"), split.get("g2").orElseThrow().roots());
    assertEquals(List.of("/vm/g3", "/vm/g2/hot"), split.get("g3b").orElseThrow().roots());
    assertEquals("g3b", split.resolve(s, "/vm/g3/disk0", Optional.empty()).orElseThrow().name());
    assertEquals("g3b", split.resolve(s, "/vm/g2/hot/a", Optional.empty()).orElseThrow().name());
    assertEquals("g2", split.resolve(s, "/vm/g2/cold/a", Optional.empty()).orElseThrow().name());
    assertEquals(OptionalLong.of(25), split.get("g3b").orElseThrow().p90TargetMs());
    merged.checkSuccessor(split);
  }

  @Test
  void removedGroupsKeepTheirSlotAndLoseTheirFiles() {
    GroupSet removed = THREE.remove("g1");
    assertEquals(Group.Status.REMOVED, removed.get("g1").orElseThrow().status());
    assertEquals(Optional.empty(),
        removed.resolve(removed.resolver(), "/vm/g1/a", Optional.of("g1")));
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> removed.add(Group.live("g1", List.of("/vm/g1"), 1)));
    assertEquals("group 'g1' already exists (retired; names are never reused): choose another"
        + " name", e.getMessage());
  }

  @Test
  void successorRuleProtectsChainSlots() {
    GroupSet reordered = new GroupSet(4, List.of(THREE.entries().get(1),
        THREE.entries().get(0), THREE.entries().get(2)));
    assertEquals("entry 0 was group 'g1' and is now 'g2': keep every group in its place and"
        + " append new ones at the end", assertThrows(IllegalArgumentException.class,
            () -> THREE.checkSuccessor(reordered)).getMessage());
    GroupSet dropped = new GroupSet(4, THREE.entries().subList(0, 2));
    assertTrue(assertThrows(IllegalArgumentException.class,
        () -> THREE.checkSuccessor(dropped)).getMessage().startsWith("the new groups drop 1 of"));
    GroupSet merged = THREE.merge("g2", "g3");
    GroupSet revived = new GroupSet(5, List.of(merged.entries().get(0), merged.entries().get(1),
        Group.live("g3", List.of("/vm/g3x"), 1)));
    assertEquals("group 'g3' is merged and cannot change: create a new group instead",
        assertThrows(IllegalArgumentException.class,
            () -> merged.checkSuccessor(revived)).getMessage());
  }

  @Test
  void badEditsNameTheProblem() {
    assertEquals("root /vm/g1 belongs to both 'g1' and 'g4': a directory belongs to one group"
        + " (merge them, or split a subdirectory out)", assertThrows(
            IllegalArgumentException.class,
            () -> THREE.add(Group.live("g4", List.of("/vm/g1/"), 1))).getMessage());
    assertEquals("root /vm/g1/a is neither a root of group 'g2' [/vm/g2] nor under one: split"
        + " only the group's own directories", assertThrows(IllegalArgumentException.class,
            () -> THREE.split("g2", "x", List.of("/vm/g1/a"))).getMessage());
    assertEquals("cannot merge group 'g1' into itself", assertThrows(
        IllegalArgumentException.class, () -> THREE.merge("g1", "g1")).getMessage());
    assertEquals("group 'g3' is merged into 'g2': edit a live group", assertThrows(
        IllegalArgumentException.class,
        () -> THREE.merge("g2", "g3").update("g3", 2, OptionalLong.empty(),
            OptionalDouble.empty())).getMessage());
    assertEquals("group 'g1': priority 0 must be a whole number in 1..1000 (higher keeps"
        + " availability longer when power falls)", assertThrows(IllegalArgumentException.class,
            () -> Group.live("g1", List.of(), 0)).getMessage());
    assertEquals("group 'a' is merged in a loop (mergedInto leads back to it): a merge must end"
        + " at a live or removed group", assertThrows(IllegalArgumentException.class,
            () -> new GroupSet(1, List.of(merged("a", "b"), merged("b", "a")))).getMessage());
  }

  private static Group merged(String name, String into) {
    return new Group(name, List.of(), 1, OptionalLong.empty(), OptionalDouble.empty(),
        Group.Status.MERGED, Optional.of(into));
  }
}
