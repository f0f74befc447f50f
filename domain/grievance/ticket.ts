/**
 * The grievance desk (Consumer Protection (E-Commerce) Rules 2020; decision 129): a
 * parent's complaint is a ticket in a stream of its own, `grievance-{ticketId}`. The shop must
 * acknowledge it within 48 hours and resolve it within one month of receiving it; the ticket
 * keeps who did what and when, and the deadlines follow from the time it was filed.
 * Pure: the service brings the time, the actor and what it checked (the order and its phone).
 */
import "../zod-in-browser";
import { z } from "zod";
import { RuleViolation } from "../errors";
import type { Decider } from "../events/decider";
import { createEventRegistry } from "../events/registry";
import { LANGUAGES, type Language } from "../i18n";
import type { Actor } from "../orders/events";
import { accountSubject, orderSubject } from "../privacy/subjects";
import { GRIEVANCE_TOPICS, NAME_MAX, NOTE_MAX, TEXT_MAX } from "./limits";

const TICKET_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** A ticket's id is a UUID in lower case (the service derives it); anything else names no ticket. */
export const isTicketId = (value: string) => TICKET_ID.test(value);

export const grievanceStreamId = (ticketId: string) => `grievance-${ticketId}`;

/** What a complaint is about (./limits.ts). */
export type GrievanceTopic = (typeof GRIEVANCE_TOPICS)[number];

/** The rule's first deadline: an acknowledgement within 48 hours of receipt. */
export const ACKNOWLEDGE_WITHIN_MS = 48 * 60 * 60 * 1000;

/** "G-3F9A1C2E": the ticket number the parent is texted and reads out on the phone. */
export const ticketNumber = (ticketId: string) => `G-${ticketId.replace(/-/g, "").slice(0, 8).toUpperCase()}`;

/** The rule's second deadline: resolved within one month of receipt (the same day of the next month, or its last day). */
export function resolveBy(filedAt: string): string {
  const filed = new Date(filedAt);
  const next = new Date(Date.UTC(filed.getUTCFullYear(), filed.getUTCMonth() + 1, 1));
  const lastDay = new Date(Date.UTC(next.getUTCFullYear(), next.getUTCMonth() + 1, 0)).getUTCDate();
  next.setUTCDate(Math.min(filed.getUTCDate(), lastDay));
  next.setUTCHours(filed.getUTCHours(), filed.getUTCMinutes(), filed.getUTCSeconds(), filed.getUTCMilliseconds());
  return next.toISOString();
}

export function acknowledgeBy(filedAt: string): string {
  return new Date(Date.parse(filedAt) + ACKNOWLEDGE_WITHIN_MS).toISOString();
}

export interface Complainant {
  /** `customer`: a signed-in parent (`userId`); `guest`: proved an order by its number and phone. */
  kind: "customer" | "guest";
  userId?: string;
  name: string;
  phone: string;
}

const actorSchema = z.object({ kind: z.enum(["admin", "customer", "guest", "system"]), id: z.string().optional(), name: z.string().optional() });

export interface GrievanceFiled {
  type: "GrievanceFiled";
  data: {
    ticketId: string;
    number: string;
    complainant: Complainant;
    /** The order it is about: always for a guest (the proof), when named for a signed-in parent. */
    orderId?: string;
    topic: GrievanceTopic;
    text: string;
    /** The language the parent wrote in: the texts about the ticket speak it. */
    language: Language;
    /**
     * Whether the ticket's texts go to `complainant.phone` (version 2, decision 191): only when the shop proved that
     * number by a code (the signed-in account's, or the order's once its account proved it). Else the parent reads
     * the ticket's page, and the shop still calls the number. Version 1 tickets texted their number.
     */
    texted: boolean;
    actor: Actor;
    at: string;
  };
}
export interface GrievanceAcknowledged {
  type: "GrievanceAcknowledged";
  data: { ticketId: string; note?: string; actor: Actor; at: string };
}
export interface GrievanceResolved {
  type: "GrievanceResolved";
  data: { ticketId: string; note: string; actor: Actor; at: string };
}
export type GrievanceEvent = GrievanceFiled | GrievanceAcknowledged | GrievanceResolved;

/** Whose the complaint is: the account of a signed-in parent, else the guest's order (docs/privacy.md). */
export function grievanceSubject(data: Pick<GrievanceFiled["data"], "complainant" | "orderId">): string {
  if (data.complainant.userId) return accountSubject(data.complainant.userId);
  return orderSubject(data.orderId ?? "");
}

const grievanceFiledV1 = z.object({
  ticketId: z.string(),
  number: z.string(),
  complainant: z.object({ kind: z.enum(["customer", "guest"]), userId: z.string().optional(), name: z.string(), phone: z.string() }),
  orderId: z.string().optional(),
  topic: z.enum(GRIEVANCE_TOPICS),
  text: z.string(),
  language: z.enum(LANGUAGES),
  actor: actorSchema,
  at: z.string(),
});

export const grievanceEvents = createEventRegistry<GrievanceEvent>("grievance", {
  GrievanceFiled: {
    version: 2,
    schema: grievanceFiledV1.extend({ texted: z.boolean() }),
    // The parent's name, number and own words are theirs: sealed under their key (the actor is the parent too).
    personal: { subject: grievanceSubject, paths: ["complainant.name", "complainant.phone", "text", "actor.name"] },
    // Before decision 191 every ticket texted the number it was filed with.
    older: { 1: { schema: grievanceFiledV1, up: (data: z.infer<typeof grievanceFiledV1>) => ({ ...data, texted: true }) } },
  },
  GrievanceAcknowledged: {
    version: 1,
    schema: z.object({ ticketId: z.string(), note: z.string().optional(), actor: actorSchema, at: z.string() }),
  },
  GrievanceResolved: {
    version: 1,
    schema: z.object({ ticketId: z.string(), note: z.string(), actor: actorSchema, at: z.string() }),
  },
});

export type GrievanceStage = "open" | "acknowledged" | "resolved";

export interface GrievanceState {
  filed?: GrievanceFiled["data"];
  stage?: GrievanceStage;
  acknowledged?: GrievanceAcknowledged["data"];
  resolved?: GrievanceResolved["data"];
}

export type GrievanceCommand =
  | {
      type: "FileGrievance";
      ticketId: string;
      complainant: Complainant;
      orderId?: string;
      topic: string;
      text: string;
      language: Language;
      /** The service found `complainant.phone` proven by a code (decision 191): the ticket's texts go to it. */
      phoneProven: boolean;
      actor: Actor;
      at: string;
    }
  | { type: "AcknowledgeGrievance"; ticketId: string; note?: string; actor: Actor; at: string }
  | { type: "ResolveGrievance"; ticketId: string; note: string; actor: Actor; at: string };

const trimmed = (value: string | undefined) => (value ?? "").trim();

function file(command: Extract<GrievanceCommand, { type: "FileGrievance" }>): GrievanceFiled {
  const name = trimmed(command.complainant.name);
  if (!name) throw new RuleViolation("grievance.nameEmpty", {}, 422);
  if (name.length > NAME_MAX) throw new RuleViolation("grievance.nameTooLong", { max: NAME_MAX }, 422);
  if (!(GRIEVANCE_TOPICS as readonly string[]).includes(command.topic)) throw new RuleViolation("grievance.topic", {}, 422);
  const text = trimmed(command.text);
  if (!text) throw new RuleViolation("grievance.textEmpty", {}, 422);
  if (text.length > TEXT_MAX) throw new RuleViolation("grievance.textTooLong", { max: TEXT_MAX }, 422);
  if (command.complainant.kind === "guest" && !command.orderId) throw new RuleViolation("grievance.orderNeeded", {}, 422);
  if (command.complainant.kind === "customer" && !command.complainant.userId) throw new RuleViolation("grievance.orderNeeded", {}, 422);
  const { ticketId, orderId, language, actor, at } = command;
  return {
    type: "GrievanceFiled",
    data: {
      ticketId,
      number: ticketNumber(ticketId),
      complainant: { ...command.complainant, name },
      ...(orderId ? { orderId } : {}),
      topic: command.topic as GrievanceTopic,
      text,
      language,
      texted: command.phoneProven,
      actor,
      at,
    },
  };
}

function note(value: string | undefined): string {
  const text = trimmed(value);
  if (text.length > NOTE_MAX) throw new RuleViolation("grievance.noteTooLong", { max: NOTE_MAX }, 422);
  return text;
}

export const grievanceDecider: Decider<GrievanceState, GrievanceCommand, GrievanceEvent> = {
  initialState: () => ({}),
  evolve(state, event) {
    switch (event.type) {
      case "GrievanceFiled":
        return { filed: event.data, stage: "open" };
      case "GrievanceAcknowledged":
        return { ...state, stage: state.stage === "resolved" ? "resolved" : "acknowledged", acknowledged: event.data };
      case "GrievanceResolved":
        return { ...state, stage: "resolved", resolved: event.data };
    }
  },
  decide(command, state) {
    if (command.type === "FileGrievance") {
      // The ticket id follows from the form's key and the parent: a form sent twice files once.
      if (state.filed) return [];
      return [file(command)];
    }
    if (!state.filed) throw new RuleViolation("grievance.noSuchTicket", {}, 404);
    const { ticketId, actor, at } = command;
    if (command.type === "AcknowledgeGrievance") {
      if (state.stage === "acknowledged") return [];
      if (state.stage === "resolved") throw new RuleViolation("grievance.alreadyResolved", {}, 409);
      const text = note(command.note);
      return [{ type: "GrievanceAcknowledged", data: { ticketId, ...(text ? { note: text } : {}), actor, at } }];
    }
    const text = note(command.note);
    if (state.stage === "resolved") {
      if (state.resolved?.note === text) return [];
      throw new RuleViolation("grievance.alreadyResolved", {}, 409);
    }
    // The parent reads how it was resolved: a resolution says something.
    if (!text) throw new RuleViolation("grievance.resolveNote", {}, 422);
    return [{ type: "GrievanceResolved", data: { ticketId, note: text, actor, at } }];
  },
};

/** Where a ticket stands against its deadlines at `now`: what the admin's list marks. */
export function grievanceDue(
  ticket: { filedAt: string; stage: GrievanceStage },
  now: string,
): { acknowledgeBy: string; resolveBy: string; late: "acknowledge" | "resolve" | null } {
  const ack = acknowledgeBy(ticket.filedAt);
  const resolve = resolveBy(ticket.filedAt);
  const at = Date.parse(now);
  let late: "acknowledge" | "resolve" | null = null;
  if (ticket.stage === "open" && at > Date.parse(ack)) late = "acknowledge";
  if (ticket.stage !== "resolved" && at > Date.parse(resolve)) late = "resolve";
  return { acknowledgeBy: ack, resolveBy: resolve, late };
}
