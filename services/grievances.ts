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
import { createRateLimiter } from "./auth/rate-limit";
import { GRIEVANCE_LIMITS } from "../domain/grievance/limits";

const HOUR_MS = 3_600_000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** An Indian mobile number: ten digits, the first 6 to 9 (what a complaint's texts may go to). */
const INDIAN_MOBILE = /^[6-9]\d{9}$/;

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
  const counters = createRateLimiter(deps.db, () => new Date());

  /**
   * Counts the filing per account, per address and shop-wide (decision 196); past a limit nothing stays
   * counted and the refusal (429) is thrown.
   */
  async function countFiling(input: FileGrievanceInput): Promise<void> {
    const buckets: [string, number, number][] = [
      ...(input.userId ? ([[`grievance:user:${input.userId}`, 24 * HOUR_MS, GRIEVANCE_LIMITS.perAccountPerDay]] as [string, number, number][]) : []),
      ...(input.clientIp ? ([[`grievance:ip:${input.clientIp}`, HOUR_MS, GRIEVANCE_LIMITS.perAddressPerHour]] as [string, number, number][]) : []),
      ["grievance:shop", HOUR_MS, GRIEVANCE_LIMITS.shopPerHour],
    ];
    const at = new Date();
    const counted = await Promise.all(buckets.map(([bucket, windowMs]) => counters.hit(bucket, windowMs)));
    const passed = buckets.findIndex(([, , max], i) => counted[i] > max);
    if (passed < 0) return;
    for (const [bucket, windowMs] of buckets) await counters.refund(bucket, windowMs, at);
    const [bucket, , max] = buckets[passed];
    if (bucket.startsWith("grievance:user:")) throw new RuleViolation("grievance.tooManyFromAccount", { max }, 429);
    if (bucket.startsWith("grievance:ip:")) throw new RuleViolation("grievance.tooManyFromHere", { max }, 429);
    throw new RuleViolation("grievance.deskBusy", {}, 429);
  }

  /**
   * Whether the shop proved `phone` by a code (decision 191): it is the signed-in account's number, or the number of the
   * order the complaint names, which that order's account proved (a guest proves it by signing in with a code texted to
   * it, which joins the order to their account). A phone on an account is only ever set by a code.
   */
  async function phoneProven(phone: string, userId: string | undefined, orderId: string | undefined): Promise<boolean> {
    const accounts = [userId];
    if (orderId) {
      const order = await deps.db.selectFrom("orders").select(["user_id", "phone"]).where("id", "=", orderId).executeTakeFirst();
      if (order?.user_id && order.phone === phone) accounts.push(order.user_id);
    }
    // An account id is a UUID: anything else names no account (and would not reach the query as one).
    const ids = accounts.filter((id): id is string => Boolean(id) && UUID.test(id!));
    if (ids.length === 0) return false;
    const proven = await deps.db.selectFrom("users").select("id").where("id", "in", ids).where("phone", "=", phone).executeTakeFirst();
    return proven !== undefined;
  }

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
    async file(input: FileGrievanceInput): Promise<{ ok: true; ticketId: string; number: string; texted: boolean } | Throttled> {
      // Its texts go to this number: an Indian mobile number only ("abc" is refused).
      if (!INDIAN_MOBILE.test(input.phone)) throw new RuleViolation("grievance.phoneInvalid", {}, 422);
      // The order first: a lookup that misses counts in tracking's own throttle, so a parent who mistypes the
      // phone is not counted twice; only a complaint that would be filed counts towards the desk's limits.
      const order = await orderOf(input);
      if ("ok" in order) return order;
      await countFiling(input);
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
        phoneProven: await phoneProven(input.phone, input.userId, orderId),
        actor,
        at: new Date().toISOString(),
      });
      const filed = handled.state.filed;
      if (!filed) throw new Error(`grievance ${ticketId} was not filed`);
      return { ok: true, ticketId, number: filed.number, texted: filed.texted };
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
