/**
 * The children on an account (decision 133): five at most, the field rules with their words and
 * statuses, a repeat that decides nothing, and every field the parent wrote declared personal.
 */
import { describe, expect, it } from "vitest";
import { spec } from "../support/decider-spec";
import { englishOf } from "../support/refusal";
import { refusal } from "../../domain/errors";
import { ageNow, childrenDecider, childrenEvents, type ChildDetails, type ChildrenCommand, type ChildrenEvent } from "../../domain/children/children";
import { MAX_CHILDREN } from "../../domain/children/limits";

const userId = "0b6a3c1e-0000-4000-8000-000000000001";
const at = "2026-11-26T06:00:00.000Z";
const asha: ChildDetails = { name: "Asha", school: "dps", className: "3", kit: "girls", measurements: { ageYears: 8, chestCm: 61 }, sizes: {} };

const children = spec(childrenDecider);
const add = (childId: string, child: Partial<ChildDetails> = {}): ChildrenCommand => ({ type: "AddChild", userId, childId, child: { ...asha, ...child }, at });
const change = (child: Partial<ChildDetails>, childId = "c1"): ChildrenCommand => ({ type: "ChangeChild", userId, childId, child: { ...asha, ...child }, at });
const remove = (childId = "c1"): ChildrenCommand => ({ type: "RemoveChild", userId, childId, at });
const added = (childId: string, child: Partial<ChildDetails> = {}): ChildrenEvent => ({ type: "ChildAdded", data: { ...asha, ...child, userId, childId, at } });
const removed = (childId: string): ChildrenEvent => ({ type: "ChildRemoved", data: { userId, childId, at } });

describe("children on the account", () => {
  it("adds a child with tidied fields and keeps them in the order added", () => {
    children.given().when(add("c1", { name: "  Asha  " })).then([added("c1")]);
    const state = children.given(added("c1")).when(add("c2", { name: "Ravi", kit: "boys" })).state();
    expect(state.children.map((c) => c.name)).toEqual(["Asha", "Ravi"]);
    expect(state.children[0]).toMatchObject({ id: "c1", school: "dps", className: "3", kit: "girls", measurements: { ageYears: 8, chestCm: 61 }, updatedAt: at });
  });

  it(`keeps at most ${MAX_CHILDREN} children (409)`, () => {
    const five = ["A", "B", "C", "D", "E"].map((name, i) => added(`c${i}`, { name }));
    const refused = children.given(five).when(add("c6", { name: "F" })).thenRefuses("children.tooMany", { max: 5 }, 409);
    expect(englishOf(refused)).toBe("You can keep up to 5 children on your account. Remove one to add another.");
    // A removed child makes room again.
    const after = children.given(five, removed("c0")).when(add("c6", { name: "F" })).state();
    expect(after.children.map((c) => c.name)).toEqual(["B", "C", "D", "E", "F"]);
  });

  it("adds the same form twice once", () => {
    children.given(added("c1")).when(add("c1")).thenNothing();
  });

  it("refuses what the form should not have let through, with its words", () => {
    const empty = children.given();
    empty.when(add("c1", { name: "   " })).thenRefuses("children.nameRequired", {}, 422);
    expect(englishOf(empty.when(add("c1", { name: "x".repeat(31) })).thenRefuses("children.nameTooLong", { max: 30 }))).toBe(
      "A first name or nickname can be at most 30 characters.",
    );
    empty.when(add("c1", { school: "nowhere" })).thenRefuses("children.unknownSchool");
    empty.when(add("c1", { className: "13" as never })).thenRefuses("children.unknownClass");
    const chest = empty
      .when(add("c1", { measurements: { chestCm: 300 } }))
      .thenRefuses("children.measurementOutOfRange", { field: refusal("childFields.chestCm"), min: 40, max: 130 }, 422);
    expect(englishOf(chest)).toBe("Chest (cm) must be between 40 and 130. Please check the figure.");
    empty.when(add("c1", { sizes: { jacket: "30" } })).thenRefuses("children.unknownItem");
    expect(englishOf(empty.when(add("c1", { sizes: { shirt: "1234567890123" } })).thenRefuses("children.sizeTooLong", { max: 12 }))).toBe(
      "A size can be at most 12 characters.",
    );
  });

  it("refuses a second child of the same name, in any case (409)", () => {
    const refused = children.given(added("c1")).when(add("c2", { name: "ASHA" })).thenRefuses("children.nameTaken", { name: "ASHA" }, 409);
    expect(englishOf(refused)).toBe("You already have a child called ASHA. Please use another name or nickname.");
  });

  it("changes a child, decides nothing for the same details, refuses one not there (404)", () => {
    const asha1 = children.given(added("c1"));
    asha1.when(change({})).thenNothing();
    asha1.when(change({ className: "4", sizes: { shirt: "30" } })).then([
      { type: "ChildChanged", data: { ...asha, className: "4", sizes: { shirt: "30" }, userId, childId: "c1", at } },
    ]);
    expect(asha1.when(change({ className: "4", sizes: { shirt: "30" } })).state().children[0]).toMatchObject({ className: "4", sizes: { shirt: "30" } });
    asha1.when(change({}, "c9")).thenRefuses("children.notFound", {}, 404);
  });

  it("removes a child once; removing one already gone is done", () => {
    children.given(added("c1")).when(remove()).then([removed("c1")]);
    expect(children.given(added("c1")).when(remove()).state().children).toEqual([]);
    children.given(added("c1"), removed("c1")).when(remove()).thenNothing();
  });

  it("declares every field the parent wrote personal, under the parent's account", () => {
    for (const type of ["ChildAdded", "ChildChanged"] as const) {
      const personal = childrenEvents.personal(type);
      expect(personal?.paths).toEqual(["name", "school", "className", "kit", "measurements", "sizes"]);
      expect(personal?.subject({ userId })).toBe(`account:${userId}`);
    }
    // A removal holds only the shop's ids and the time.
    expect(childrenEvents.personal("ChildRemoved")).toBeUndefined();
  });

  it("grows the age the parent gave with the years since", () => {
    const child = { measurements: { ageYears: 7 }, updatedAt: "2025-06-01T00:00:00.000Z" };
    expect(ageNow(child, new Date("2026-05-31T00:00:00.000Z"))).toBe(7);
    expect(ageNow(child, new Date("2026-06-01T00:00:00.000Z"))).toBe(8);
    expect(ageNow({ measurements: {}, updatedAt: at }, new Date())).toBeUndefined();
  });
});
