/**
 * Consent and erasure requests as events (decision 124): what each command decides, what it refuses
 * with which status, repeats that decide nothing, and the deadline a request carries.
 */
import { describe, expect, it } from "vitest";
import { spec } from "../support/decider-spec";
import { erasureDueBy, privacyDecider, privacyEvents, type PrivacyCommand, type PrivacyEvent } from "../../domain/privacy/events";
import { ERASURE_DUE_DAYS, PRIVACY_NOTICE_VERSION } from "../../domain/privacy/notice";
import { accountSubject } from "../../domain/privacy/subjects";

const subject = accountSubject("0b6a3c1e-0000-4000-8000-000000000001");
const at = "2026-11-26T06:00:00.000Z";
const privacy = spec(privacyDecider);
const give: PrivacyCommand = { type: "GiveConsent", subject, notice: PRIVACY_NOTICE_VERSION, purposes: ["orders", "messages"], place: "sign-up", language: "hi", at };
const given: PrivacyEvent = {
  type: "ConsentGiven",
  data: { subject, notice: PRIVACY_NOTICE_VERSION, purposes: ["orders", "messages"], place: "sign-up", language: "hi", at },
};
const asked: PrivacyEvent = { type: "ErasureRequested", data: { subject, by: "parent", at, dueBy: erasureDueBy(at) } };
const hours = 48;
/** Two days and a minute after the request: its cooling-off is over. */
const later = new Date(Date.parse(at) + (hours * 60 + 1) * 60_000).toISOString();
const erase: PrivacyCommand = { type: "Erase", subject, subjects: [subject, "order:o1"], orderIds: ["o1"], actor: { kind: "admin", id: "a1" }, coolingOffHours: hours, at };
const erased: PrivacyEvent = { type: "SubjectErased", data: { subject, subjects: [subject, "order:o1"], orderIds: ["o1"], actor: { kind: "admin", id: "a1" }, at } };

describe("the privacy decider", () => {
  it("records consent with the notice version, the place, the language and when", () => {
    privacy.given().when(give).then([given]);
    expect(privacy.given(given).state().consent).toEqual({ notice: PRIVACY_NOTICE_VERSION, at });
    // Every event it decides is one its registry stores.
    for (const event of [given, asked, erased]) expect(() => privacyEvents.toAppend(event, "id")).not.toThrow();
  });

  it("decides nothing for the same notice agreed again, and records a newer notice", () => {
    privacy.given(given).when({ ...give, place: "checkout" }).thenNothing();
    expect(privacy.given(given).when({ ...give, notice: "2027-01-01" }).events().map((e) => e.type)).toEqual(["ConsentGiven"]);
  });

  it("refuses a consent to nothing (422)", () => {
    privacy.given().when({ ...give, purposes: [] }).thenRefuses("privacy.noPurpose", {}, 422);
  });

  it("withdraws a standing consent, naming the notice, and refuses a withdrawal of none (409)", () => {
    const withdraw: PrivacyCommand = { type: "WithdrawConsent", subject, at };
    const withdrawn: PrivacyEvent = { type: "ConsentWithdrawn", data: { subject, notice: PRIVACY_NOTICE_VERSION, at } };
    privacy.given(given).when(withdraw).then([withdrawn]);
    expect(privacy.given(given, withdrawn).state().consent).toBeUndefined();
    privacy.given(given, withdrawn).when(withdraw).thenRefuses("privacy.noConsent", {}, 409);
  });

  it("asks for erasure once, with the deadline the shop gives itself", () => {
    privacy.given().when({ type: "RequestErasure", subject, by: "parent", at }).then([asked]);
    privacy.given(asked).when({ type: "RequestErasure", subject, by: "parent", at: "2026-11-27T00:00:00.000Z" }).thenNothing();
    expect(Date.parse(erasureDueBy(at)) - Date.parse(at)).toBe(ERASURE_DUE_DAYS * 24 * 3600 * 1000);
  });

  it("keeps the admin's erasure waiting while the parent may take the request back; the parent may until then (decision 248)", () => {
    privacy.given(given, asked).when(erase).thenRefuses("privacy.coolingOff", {}, 409);
    // The operator's command and a restore's erasing again do not wait.
    expect(privacy.given(given, asked).when({ ...erase, actor: { kind: "system" } }).events().map((e) => e.type)).toEqual(["SubjectErased"]);
    const withdraw: PrivacyCommand = { type: "WithdrawErasure", subject, coolingOffHours: hours, at: "2026-11-27T06:00:00.000Z" };
    const withdrawn: PrivacyEvent = { type: "ErasureWithdrawn", data: { subject, at: "2026-11-27T06:00:00.000Z" } };
    privacy.given(given, asked).when(withdraw).then([withdrawn]);
    expect(privacy.given(given, asked, withdrawn).state().erasureAskedAt).toBeUndefined();
    expect(() => privacyEvents.toAppend(withdrawn, "id")).not.toThrow();
    // Taken back: nothing left to take back, and the parent may ask again.
    privacy.given(given, asked, withdrawn).when(withdraw).thenNothing();
    expect(privacy.given(given, asked, withdrawn).when({ type: "RequestErasure", subject, by: "parent", at: later }).events()).toHaveLength(1);
    // Too late to take it back once the cooling-off is over.
    privacy.given(given, asked).when({ ...withdraw, at: later }).thenRefuses("privacy.coolingOffOver", {}, 409);
  });

  it("erases once; after that a consent is refused (409) and another erasure decides nothing", () => {
    privacy.given(given, asked).when({ ...erase, at: later }).then([{ ...erased, data: { ...erased.data, at: later } }]);
    expect(privacy.given(given, asked, erased).state()).toEqual({ erased: at });
    privacy.given(given, asked, erased).when(erase).thenNothing();
    privacy.given(given, asked, erased).when(give).thenRefuses("privacy.erased", {}, 409);
  });

  it("refuses an erasure that would leave the person's own key (422)", () => {
    privacy
      .given()
      .when({ type: "Erase", subject, subjects: ["order:o1"], orderIds: ["o1"], actor: { kind: "system" }, coolingOffHours: hours, at })
      .thenRefuses("privacy.subjectNotErased", {}, 422);
  });
});
