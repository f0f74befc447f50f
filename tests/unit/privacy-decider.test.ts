/**
 * Consent and erasure requests as events (decision 124): what each command decides, what it refuses
 * with which status, repeats that decide nothing, and the deadline a request carries.
 */
import { describe, expect, it } from "vitest";
import { ruleRefusal } from "../support/refusal";
import {
  erasureDueBy,
  privacyDecider,
  privacyEvents,
  type PrivacyCommand,
  type PrivacyEvent,
  type PrivacyState,
} from "../../domain/privacy/events";
import { ERASURE_DUE_DAYS, PRIVACY_NOTICE_VERSION } from "../../domain/privacy/notice";
import { accountSubject } from "../../domain/privacy/subjects";

const subject = accountSubject("0b6a3c1e-0000-4000-8000-000000000001");
const at = "2026-11-26T06:00:00.000Z";
const give: PrivacyCommand = { type: "GiveConsent", subject, notice: PRIVACY_NOTICE_VERSION, purposes: ["orders", "messages"], place: "sign-up", language: "hi", at };

function run(commands: PrivacyCommand[], state: PrivacyState = privacyDecider.initialState()) {
  const events: PrivacyEvent[] = [];
  for (const command of commands) {
    const decided = privacyDecider.decide(command, state);
    events.push(...decided);
    state = decided.reduce(privacyDecider.evolve, state);
  }
  return { state, events };
}

describe("the privacy decider", () => {
  it("records consent with the notice version, the place, the language and when", () => {
    const { events, state } = run([give]);
    expect(events).toEqual([
      { type: "ConsentGiven", data: { subject, notice: PRIVACY_NOTICE_VERSION, purposes: ["orders", "messages"], place: "sign-up", language: "hi", at } },
    ]);
    expect(state.consent).toEqual({ notice: PRIVACY_NOTICE_VERSION, at });
    // Every event it decides is one its registry stores.
    for (const event of events) expect(() => privacyEvents.toAppend(event, "id")).not.toThrow();
  });

  it("decides nothing for the same notice agreed again, and records a newer notice", () => {
    expect(run([give, { ...give, place: "checkout" }]).events).toHaveLength(1);
    expect(run([give, { ...give, notice: "2027-01-01" }]).events.map((e) => e.type)).toEqual(["ConsentGiven", "ConsentGiven"]);
  });

  it("refuses a consent to nothing (422)", () => {
    expect(ruleRefusal(() => privacyDecider.decide({ ...give, purposes: [] }, {}))?.status).toBe(422);
  });

  it("withdraws a standing consent, naming the notice, and refuses a withdrawal of none (409)", () => {
    const { events, state } = run([give, { type: "WithdrawConsent", subject, at }]);
    expect(events[1]).toEqual({ type: "ConsentWithdrawn", data: { subject, notice: PRIVACY_NOTICE_VERSION, at } });
    expect(state.consent).toBeUndefined();
    expect(ruleRefusal(() => privacyDecider.decide({ type: "WithdrawConsent", subject, at }, state))?.status).toBe(409);
  });

  it("asks for erasure once, with the deadline the shop gives itself", () => {
    const { events } = run([{ type: "RequestErasure", subject, by: "parent", at }, { type: "RequestErasure", subject, by: "parent", at: "2026-11-27T00:00:00.000Z" }]);
    expect(events).toEqual([{ type: "ErasureRequested", data: { subject, by: "parent", at, dueBy: erasureDueBy(at) } }]);
    expect(Date.parse(erasureDueBy(at)) - Date.parse(at)).toBe(ERASURE_DUE_DAYS * 24 * 3600 * 1000);
  });

  it("erases once; after that a consent is refused (409) and another erasure decides nothing", () => {
    const erase: PrivacyCommand = { type: "Erase", subject, subjects: [subject, "order:o1"], orderIds: ["o1"], actor: { kind: "admin", id: "a1" }, at };
    const { state, events } = run([give, { type: "RequestErasure", subject, by: "parent", at }, erase]);
    expect(events.at(-1)).toEqual({ type: "SubjectErased", data: { subject, subjects: [subject, "order:o1"], orderIds: ["o1"], actor: { kind: "admin", id: "a1" }, at } });
    expect(state).toEqual({ erased: at });
    expect(privacyDecider.decide(erase, state)).toEqual([]);
    expect(ruleRefusal(() => privacyDecider.decide(give, state))?.status).toBe(409);
  });

  it("refuses an erasure that would leave the person's own key (422)", () => {
    expect(ruleRefusal(() => privacyDecider.decide({ type: "Erase", subject, subjects: ["order:o1"], orderIds: ["o1"], actor: { kind: "system" }, at }, {}))?.status).toBe(422);
  });
});
