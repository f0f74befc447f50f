import type { Kysely } from "kysely";
import type { DB } from "../db/schema";
import type { ShopEvents } from "../eventstore/port";
import { createCommandHandler, uuidFromHash } from "../eventstore/command-handler";
import { RuleViolation, type Refusal } from "../domain/errors";
import type { Language } from "../domain/i18n";
import type { Actor } from "../domain/orders/events";
import {
  grievanceDecider,
  grievanceEvents,
  grievanceStreamId,
  grievanceSubject,
  isTicketId,
  type GrievanceState,
} from "../domain/grievance/ticket";
import type { TrackingService } from "./tracking";

/** Too many order lookups from this address: the tracking page's own refusal, with its 429. */
export interface Throttled {
  ok: false;
  status: 429;
  refusal: Refusal;
}

export interface FileGrievanceInput {
  /** The form's own key (a hidden field): the same form sent twice files one ticket. */
  key: string;
  /** A signed-in parent; none for a guest. */
  userId?: string;
  name: string;
  phone: string;
  /** The order's number as the pages show it: required of a guest, who proves it with `phone`. */
  orderNumber?: string;
  topic: string;
  text: string;
  language: Language;
  clientIp?: string;
}

/**
 * The grievance desk (decision 129): parents file complaints, the admin acknowledges and resolves
 * them, each a command on the ticket's stream through the one command handler. A guest proves the
 * order it is about by its number and the phone on it, through the same throttled lookup as order
 * tracking (someone guessing numbers is slowed the same way).
 */
export function createGrievanceService(deps: { db: Kysely<DB>; store: ShopEvents; tracking: Pick<TrackingService, "find"> }) {
  const tickets = createCommandHandler(deps.store, { decider: grievanceDecider, events: grievanceEvents });

  /** The order the complaint names, proved by its phone; a refusal as data when the lookups are throttled. */
  async function orderOf(input: FileGrievanceInput): Promise<{ orderId?: string } | Throttled> {
    const number = input.orderNumber?.trim() ?? "";
    if (!number) {
      if (!input.userId) throw new RuleViolation("grievance.orderNeeded", {}, 422);
      return {};
    }
    const lookup = await deps.tracking.find({ orderId: number, phone: input.phone, clientIp: input.clientIp });
    if (!lookup.ok) return { ok: false, status: lookup.status, refusal: lookup.refusal };
    if (!lookup.found) throw new RuleViolation("grievance.orderNotFound", {}, 404);
    return { orderId: lookup.found.order.id };
  }

  return {
    /** Files the complaint and answers its ticket: the number is the parent's at once. */
    async file(input: FileGrievanceInput): Promise<{ ok: true; ticketId: string; number: string } | Throttled> {
      const order = await orderOf(input);
      if ("ok" in order) return order;
      const { orderId } = order;
      const complainant = input.userId
        ? { kind: "customer" as const, userId: input.userId, name: input.name, phone: input.phone }
        : { kind: "guest" as const, name: input.name, phone: input.phone };
      // The id follows from the form's key and whose complaint it is: a repeat lands on the same ticket,
      // and someone else's key with another person's order or account makes another ticket.
      const ticketId = uuidFromHash(`grievance\n${input.key}\n${grievanceSubject({ complainant, orderId })}\n${input.phone}`);
      const actor: Actor = input.userId ? { kind: "customer", id: input.userId, name: input.name } : { kind: "guest", name: input.name };
      const handled = await tickets.handle(grievanceStreamId(ticketId), {
        type: "FileGrievance",
        ticketId,
        complainant,
        ...(orderId ? { orderId } : {}),
        topic: input.topic,
        text: input.text,
        language: input.language,
        actor,
        at: new Date().toISOString(),
      });
      const filed = handled.state.filed;
      if (!filed) throw new Error(`grievance ${ticketId} was not filed`);
      return { ok: true, ticketId, number: filed.number };
    },

    async acknowledge(ticketId: string, note: string | undefined, actor: Actor) {
      checkId(ticketId);
      const handled = await tickets.handle(grievanceStreamId(ticketId), { type: "AcknowledgeGrievance", ticketId, note, actor, at: new Date().toISOString() });
      return { changed: handled.changed, position: handled.position };
    },

    async resolve(ticketId: string, note: string, actor: Actor) {
      checkId(ticketId);
      const handled = await tickets.handle(grievanceStreamId(ticketId), { type: "ResolveGrievance", ticketId, note, actor, at: new Date().toISOString() });
      return { changed: handled.changed, position: handled.position };
    },

    /** A ticket as its stream has it now (the parent's page and the admin's, right after a change): undefined when none. */
    async ticket(ticketId: string): Promise<GrievanceState | undefined> {
      if (!isTicketId(ticketId)) return undefined;
      const { state } = await tickets.load(grievanceStreamId(ticketId));
      return state.filed ? state : undefined;
    },

    /** The admin's desk: open tickets first, the oldest deadline on top, then the latest resolved. */
    async desk(options: { resolvedLimit?: number } = {}) {
      const open = await deps.db.selectFrom("grievance_tickets").selectAll().where("stage", "<>", "resolved").orderBy("filed_at", "asc").execute();
      const resolved = await deps.db
        .selectFrom("grievance_tickets")
        .selectAll()
        .where("stage", "=", "resolved")
        .orderBy("resolved_at", "desc")
        .limit(options.resolvedLimit ?? 20)
        .execute();
      return { open, resolved };
    },
  };
}

function checkId(ticketId: string): void {
  if (!isTicketId(ticketId)) throw new RuleViolation("grievance.noSuchTicket", {}, 404);
}

export type GrievanceService = ReturnType<typeof createGrievanceService>;
