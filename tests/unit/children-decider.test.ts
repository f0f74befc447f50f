/**
 * The children on an account (decision 133): five at most, the field rules with their words and
 * statuses, a repeat that decides nothing, and every field the parent wrote declared personal.
 */
import { describe, expect, it } from "vitest";
import { ENGLISH, ruleRefusal as refused } from "../support/refusal";
import {
  ageNow,
  childrenDecider,
  childrenEvents,
  type ChildDetails,
  type ChildrenCommand,
  type ChildrenEvent,
  type ChildrenState,
} from "../../domain/children/children";
import { MAX_CHILDREN } from "../../domain/children/limits";

const userId = "0b6a3c1e-0000-4000-8000-000000000001";
const at = "2026-11-26T06:00:00.000Z";
const asha: ChildDetails = { name: "Asha", school: "dps", className: "3", kit: "girls", measurements: { ageYears: 8, chestCm: 61 }, sizes: {} };

function run(commands: ChildrenCommand[], state: ChildrenState = childrenDecider.initialState()): { state: ChildrenState; events: ChildrenEvent[] } {
  const events: ChildrenEvent[] = [];
  for (const command of commands) {
    const decided = childrenDecider.decide(command, state);
    events.push(...decided);
    state = decided.reduce(childrenDecider.evolve, state);
  }
  return { state, events };
}

const add = (childId: string, child: Partial<ChildDetails> = {}): ChildrenCommand => ({ type: "AddChild", userId, childId, child: { ...asha, ...child }, at });

describe("children on the account", () => {
  it("adds a child with tidied fields and keeps them in the order added", () => {
    const { state, events } = run([add("c1", { name: "  Asha  " }), add("c2", { name: "Ravi", kit: "boys" })]);
    expect(events.map((e) => e.type)).toEqual(["ChildAdded", "ChildAdded"]);
    expect(state.children.map((c) => c.name)).toEqual(["Asha", "Ravi"]);
    expect(state.children[0]).toMatchObject({ id: "c1", school: "dps", className: "3", kit: "girls", measurements: { ageYears: 8, chestCm: 61 }, updatedAt: at });
  });

  it(`keeps at most ${MAX_CHILDREN} children (409)`, () => {
    const five = run(["A", "B", "C", "D", "E"].map((name, i) => add(`c${i}`, { name })));
    expect(five.state.children).toHaveLength(5);
    expect(refused(() => childrenDecider.decide(add("c6", { name: "F" }), five.state))).toEqual({
      message: "You can keep up to 5 children on your account. Remove one to add another.",
      status: 409,
    });
    // A removed child makes room again.
    const after = run([{ type: "RemoveChild", userId, childId: "c0", at }, add("c6", { name: "F" })], five.state);
    expect(after.state.children.map((c) => c.name)).toEqual(["B", "C", "D", "E", "F"]);
  });

  it("adds the same form twice once", () => {
    const { events } = run([add("c1"), add("c1")]);
    expect(events).toHaveLength(1);
  });

  it("refuses what the form should not have let through, with its words", () => {
    const empty = childrenDecider.initialState();
    expect(refused(() => childrenDecider.decide(add("c1", { name: "   " }), empty))).toEqual({ message: ENGLISH.children.nameRequired, status: 422 });
    expect(refused(() => childrenDecider.decide(add("c1", { name: "x".repeat(31) }), empty)).message).toBe(
      "A first name or nickname can be at most 30 characters.",
    );
    expect(refused(() => childrenDecider.decide(add("c1", { school: "nowhere" }), empty)).message).toBe(ENGLISH.children.unknownSchool);
    expect(refused(() => childrenDecider.decide(add("c1", { className: "13" as never }), empty)).message).toBe(ENGLISH.children.unknownClass);
    expect(refused(() => childrenDecider.decide(add("c1", { measurements: { chestCm: 300 } }), empty))).toEqual({
      message: "Chest (cm) must be between 40 and 130. Please check the figure.",
      status: 422,
    });
    expect(refused(() => childrenDecider.decide(add("c1", { sizes: { jacket: "30" } }), empty)).message).toBe(ENGLISH.children.unknownItem);
    expect(refused(() => childrenDecider.decide(add("c1", { sizes: { shirt: "1234567890123" } }), empty)).message).toBe(
      "A size can be at most 12 characters.",
    );
  });

  it("refuses a second child of the same name, in any case (409)", () => {
    const { state } = run([add("c1")]);
    expect(refused(() => childrenDecider.decide(add("c2", { name: "ASHA" }), state))).toEqual({
      message: "You already have a child called ASHA. Please use another name or nickname.",
      status: 409,
    });
  });

  it("changes a child, decides nothing for the same details, refuses one not there (404)", () => {
    const { state } = run([add("c1")]);
    const change = (child: Partial<ChildDetails>, childId = "c1"): ChildrenCommand => ({ type: "ChangeChild", userId, childId, child: { ...asha, ...child }, at });
    expect(childrenDecider.decide(change({}), state)).toEqual([]);
    const changed = run([change({ className: "4", sizes: { shirt: "30" } })], state);
    expect(changed.state.children[0]).toMatchObject({ className: "4", sizes: { shirt: "30" } });
    expect(refused(() => childrenDecider.decide(change({}, "c9"), state))).toEqual({ message: ENGLISH.children.notFound, status: 404 });
  });

  it("removes a child once; removing one already gone is done", () => {
    const { state } = run([add("c1")]);
    const remove: ChildrenCommand = { type: "RemoveChild", userId, childId: "c1", at };
    const gone = run([remove, remove], state);
    expect(gone.events.map((e) => e.type)).toEqual(["ChildRemoved"]);
    expect(gone.state.children).toEqual([]);
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
