/**
 * The grievance desk's view models (app/grievance/tickets.server.ts, decision 129): a ticket's stage,
 * deadlines in the page's language and who answered, and the admin list's late marks.
 */
import { describe, expect, it } from "vitest";
import { deskRow, ticketView } from "../../app/grievance/tickets.server";
import { grievanceDecider, type GrievanceEvent } from "../../domain/grievance/ticket";

const ticketId = "3f9a1c2e-0000-4000-8000-000000000001";
const filedAt = "2026-11-26T06:00:00.000Z";
const events: GrievanceEvent[] = [
  {
    type: "GrievanceFiled",
    data: {
      ticketId,
      number: "G-3F9A1C2E",
      complainant: { kind: "guest", name: "Ravi", phone: "9876543210" },
      orderId: "7b1e0c44-0000-4000-8000-000000000002",
      topic: "delivery",
      text: "Not delivered.",
      language: "en",
      texted: false,
      actor: { kind: "guest", name: "Ravi" },
      at: filedAt,
    },
  },
  { type: "GrievanceAcknowledged", data: { ticketId, note: "Asking the courier.", actor: { kind: "admin", id: "a1", name: "Asha" }, at: "2026-11-26T10:00:00.000Z" } },
];
const state = events.reduce(grievanceDecider.evolve, grievanceDecider.initialState());

describe("a ticket's page", () => {
  it("shows its stage, the deadlines in India's time and who acknowledged it with the note", () => {
    const view = ticketView(state, "en", new Date("2026-11-27T00:00:00.000Z"));
    expect(view).toMatchObject({
      number: "G-3F9A1C2E",
      stage: "acknowledged",
      filedAt: "26 Nov 2026, 11:30 am",
      resolveBy: "26 Dec 2026, 11:30 am",
      late: null,
      acknowledged: { by: "Asha", note: "Asking the courier." },
      resolved: null,
      complainant: { name: "Ravi", kind: "guest", order: "7B1E0C44" },
    });
    expect(ticketView(state, "hi", new Date(filedAt)).resolveBy).toMatch(/^26 दि/);
  });

  it("marks a ticket late on the desk once its deadline passed", () => {
    const row = {
      ticket_id: ticketId,
      number: "G-3F9A1C2E",
      stage: "open" as const,
      complainant_kind: "guest" as const,
      user_id: null,
      order_id: null,
      name: "Ravi",
      phone: "9876543210",
      topic: "delivery",
      text: "Not delivered.",
      language: "en",
      filed_at: new Date(filedAt),
      acknowledge_by: new Date("2026-11-28T06:00:00.000Z"),
      resolve_by: new Date("2026-12-26T06:00:00.000Z"),
      acknowledged_at: null,
      acknowledged_by: null,
      acknowledge_note: null,
      resolved_at: null,
      resolved_by: null,
      resolution_note: null,
    };
    expect(deskRow(row, "en", new Date("2026-11-27T00:00:00.000Z")).late).toBeNull();
    expect(deskRow(row, "en", new Date("2026-11-29T00:00:00.000Z")).late).toBe("acknowledge");
    expect(deskRow({ ...row, stage: "acknowledged" }, "en", new Date("2026-12-27T00:00:00.000Z")).late).toBe("resolve");
  });
});
