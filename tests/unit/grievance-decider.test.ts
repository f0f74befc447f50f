/**
 * The grievance desk's rules (decision 129): what a complaint must say, who may file without an
 * order, the acknowledgement and the resolution with their repeats, the two deadlines the
 * E-Commerce Rules set, and what of a complaint is declared personal.
 */
import { describe, expect, it } from "vitest";
import { spec } from "../support/decider-spec";
import { englishOf } from "../support/refusal";
import {
  acknowledgeBy,
  grievanceDecider,
  grievanceDue,
  grievanceEvents,
  resolveBy,
  ticketNumber,
  type GrievanceCommand,
  type GrievanceEvent,
} from "../../domain/grievance/ticket";
import { NOTE_MAX, TEXT_MAX } from "../../domain/grievance/limits";
import { grievanceSms } from "../../domain/grievance/texts";

const ticketId = "3f9a1c2e-0000-4000-8000-000000000001";
const orderId = "7b1e0c44-0000-4000-8000-000000000002";
const filedAt = "2026-11-26T06:00:00.000Z";
const admin = { kind: "admin" as const, id: "a1", name: "Asha" };

const guestFile: Extract<GrievanceCommand, { type: "FileGrievance" }> = {
  type: "FileGrievance",
  ticketId,
  complainant: { kind: "guest", name: "  Ravi Sharma ", phone: "9876543210" },
  orderId,
  topic: "delivery",
  text: " The parcel never came. ",
  language: "hi",
  phoneProven: false,
  actor: { kind: "guest", name: "Ravi Sharma" },
  at: filedAt,
};

const desk = spec(grievanceDecider);
const acknowledge = (note?: string): GrievanceCommand => ({ type: "AcknowledgeGrievance", ticketId, note, actor: admin, at: "2026-11-27T06:00:00.000Z" });
const resolve = (note: string): GrievanceCommand => ({ type: "ResolveGrievance", ticketId, note, actor: admin, at: "2026-11-28T06:00:00.000Z" });
const filed: GrievanceEvent = {
  type: "GrievanceFiled",
  data: {
    ticketId,
    number: "G-3F9A1C2E",
    complainant: { kind: "guest", name: "Ravi Sharma", phone: "9876543210" },
    orderId,
    topic: "delivery",
    text: "The parcel never came.",
    language: "hi",
    texted: false,
    actor: { kind: "guest", name: "Ravi Sharma" },
    at: filedAt,
  },
};
const acknowledged = (note?: string): GrievanceEvent => ({
  type: "GrievanceAcknowledged",
  data: { ticketId, ...(note === undefined ? {} : { note }), actor: admin, at: "2026-11-27T06:00:00.000Z" },
});
const resolved = (note: string): GrievanceEvent => ({ type: "GrievanceResolved", data: { ticketId, note, actor: admin, at: "2026-11-28T06:00:00.000Z" } });

describe("filing a complaint", () => {
  it("files a guest's complaint about their order with its number, trimmed", () => {
    desk.given().when(guestFile).then([filed]);
    expect(ticketNumber(ticketId)).toBe("G-3F9A1C2E");
  });

  it("files a signed-in parent's complaint without an order", () => {
    const command = { ...guestFile, complainant: { kind: "customer" as const, userId: "u1", name: "Meena", phone: "9876500000" }, orderId: undefined };
    const [event] = desk.given().when(command).events();
    expect(event.type).toBe("GrievanceFiled");
    expect(event.data).not.toHaveProperty("orderId");
  });

  it("refuses a guest without an order, an empty name or text, an unknown topic, and too long words", () => {
    const empty = desk.given();
    empty.when({ ...guestFile, orderId: undefined }).thenRefuses("grievance.orderNeeded", {}, 422);
    empty.when({ ...guestFile, complainant: { ...guestFile.complainant, name: " " } }).thenRefuses("grievance.nameEmpty", {}, 422);
    empty.when({ ...guestFile, text: "  " }).thenRefuses("grievance.textEmpty", {}, 422);
    empty.when({ ...guestFile, topic: "weather" }).thenRefuses("grievance.topic", {}, 422);
    expect(empty.when({ ...guestFile, text: "x".repeat(TEXT_MAX) }).events()).toHaveLength(1);
    const tooLong = empty.when({ ...guestFile, text: "x".repeat(TEXT_MAX + 1) }).thenRefuses("grievance.textTooLong", { max: TEXT_MAX }, 422);
    expect(englishOf(tooLong)).toBe("Your complaint can be at most 1,000 characters.");
  });

  it("files once: the same form sent again decides nothing", () => {
    desk.given(filed).when(guestFile).thenNothing();
  });
});

describe("acknowledging and resolving", () => {
  it("acknowledges an open ticket once, with the admin as actor and an optional note", () => {
    desk.given(filed).when(acknowledge(" Looking into it ")).then([acknowledged("Looking into it")]);
    expect(desk.given(filed, acknowledged("Looking into it")).state().stage).toBe("acknowledged");
    desk.given(filed, acknowledged("Looking into it")).when(acknowledge()).thenNothing();
    desk.given(filed).when(acknowledge()).then([acknowledged()]);
  });

  it("resolves with a note the parent reads; a repeat of it decides nothing, another is refused", () => {
    desk.given(filed).when(resolve(" Refunded ₹450 by UPI. ")).then([resolved("Refunded ₹450 by UPI.")]);
    const done = desk.given(filed, resolved("Refunded ₹450 by UPI."));
    expect(done.state().stage).toBe("resolved");
    done.when(resolve("Refunded ₹450 by UPI.")).thenNothing();
    done.when(resolve("Something else")).thenRefuses("grievance.alreadyResolved", {}, 409);
    done.when(acknowledge()).thenRefuses("grievance.alreadyResolved", {}, 409);
  });

  it("refuses a resolution without a note, a note too long, and a ticket that does not exist", () => {
    desk.given(filed).when(resolve("  ")).thenRefuses("grievance.resolveNote", {}, 422);
    const tooLong = desk.given(filed).when(resolve("x".repeat(NOTE_MAX + 1))).thenRefuses("grievance.noteTooLong", { max: NOTE_MAX }, 422);
    expect(englishOf(tooLong)).toBe(`The note can be at most ${NOTE_MAX} characters.`);
    desk.given().when(acknowledge()).thenRefuses("grievance.noSuchTicket", {}, 404);
  });
});

describe("deadlines", () => {
  it("acknowledges within 48 hours and resolves within one calendar month of filing", () => {
    expect(acknowledgeBy(filedAt)).toBe("2026-11-28T06:00:00.000Z");
    expect(resolveBy(filedAt)).toBe("2026-12-26T06:00:00.000Z");
    // A month from 31 January ends on the last day of February.
    expect(resolveBy("2027-01-31T10:00:00.000Z")).toBe("2027-02-28T10:00:00.000Z");
    expect(resolveBy("2026-12-15T00:00:00.000Z")).toBe("2027-01-15T00:00:00.000Z");
  });

  it("marks a ticket late once a deadline it has not met passes", () => {
    expect(grievanceDue({ filedAt, stage: "open" }, "2026-11-28T06:00:00.000Z").late).toBeNull();
    expect(grievanceDue({ filedAt, stage: "open" }, "2026-11-28T06:00:00.001Z").late).toBe("acknowledge");
    expect(grievanceDue({ filedAt, stage: "acknowledged" }, "2026-12-01T00:00:00.000Z").late).toBeNull();
    expect(grievanceDue({ filedAt, stage: "acknowledged" }, "2026-12-26T06:00:01.000Z").late).toBe("resolve");
    expect(grievanceDue({ filedAt, stage: "resolved" }, "2027-03-01T00:00:00.000Z").late).toBeNull();
  });
});

describe("events and texts", () => {
  it("declares the complainant's name, phone and words personal, under the guest's order or the parent's account", () => {
    const [event] = desk.given().when(guestFile).events();
    if (event.type !== "GrievanceFiled") throw new Error("expected GrievanceFiled");
    const definition = (grievanceEvents as unknown as { types: string[] }).types;
    expect(definition).toEqual(["GrievanceFiled", "GrievanceAcknowledged", "GrievanceResolved"]);
    const stored = grievanceEvents.toAppend(event, "e1");
    expect(stored.metadata).toEqual({ schemaVersion: 2 });
  });

  it("texts a ticket only when its number was proven by a code; a ticket filed before that rule read as texted (decision 191)", () => {
    const typed = desk.given().when(guestFile).events()[0];
    expect(typed.type === "GrievanceFiled" && typed.data.texted).toBe(false);
    const proven = desk.given().when({ ...guestFile, phoneProven: true }).events()[0];
    expect(proven.type === "GrievanceFiled" && proven.data.texted).toBe(true);
    const { texted: _dropped, ...v1 } = (filed as Extract<GrievanceEvent, { type: "GrievanceFiled" }>).data;
    const read = grievanceEvents.read({ streamId: `grievance-${ticketId}`, type: "GrievanceFiled", data: v1, metadata: { schemaVersion: 1 } } as never);
    expect(read.type === "GrievanceFiled" && read.data.texted).toBe(true);
  });

  it("texts the ticket number and the resolution in the parent's language, each a registered text", () => {
    const ticket = { ticketId, number: "G-3F9A1C2E", filedAt, language: "en" as const };
    const filedText = grievanceSms("Churu Uniform House", "https://shop.example.in", "filed", ticket);
    expect(filedText.template).toBe("grievanceFiled.en");
    expect(filedText.body).toContain("G-3F9A1C2E");
    expect(filedText.body).toContain(`https://shop.example.in/grievance/${ticketId}`);
    expect(filedText.body).toContain("26 Dec 2026");
    const resolvedHi = grievanceSms("चूरू यूनिफ़ॉर्म हाउस", "https://shop.example.in", "resolved", { ...ticket, language: "hi", note: "पैसे लौटा दिए।" });
    expect(resolvedHi.template).toBe("grievanceResolved.hi");
    expect(resolvedHi.body).toContain("पैसे लौटा दिए।");
    expect(resolvedHi.body).toContain("शिकायत G-3F9A1C2E");
  });
});
