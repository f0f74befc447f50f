/**
 * The grievance desk's view models (decision 129): a ticket for the parent's page and the admin's,
 * the admin's list with its deadlines. Pure, from plain data: the routes only load and answer.
 */
import type { Selectable } from "kysely";
import type { GrievanceTicketsTable } from "../../db/schema";
import { grievanceDue, type GrievanceState } from "../../domain/grievance/ticket";
import { formatDateTime, type Language } from "../../domain/i18n";
import { displayOrderId } from "../../domain/orders/order";
import type { Actor } from "../../domain/orders/events";
import { wordErased } from "../privacy/erased.server";

const who = (actor: Actor) => actor.name ?? actor.id ?? actor.kind;

export interface TicketView {
  ticketId: string;
  number: string;
  stage: "open" | "acknowledged" | "resolved";
  topic: string;
  text: string;
  filedAt: string;
  acknowledgeBy: string;
  resolveBy: string;
  late: "acknowledge" | "resolve" | null;
  acknowledged: { at: string; by: string; note: string | null } | null;
  resolved: { at: string; by: string; note: string } | null;
  /** The admin's view only: who complained and about which order. */
  complainant: { name: string; phone: string; kind: "customer" | "guest"; order: string | null };
}

/** A ticket as its stream has it, its times in the page's language; a complainant erased reads as erased in it too. */
export function ticketView(state: GrievanceState, lang: Language, now: Date): TicketView {
  const filed = state.filed!;
  const stage = state.stage ?? "open";
  const due = grievanceDue({ filedAt: filed.at, stage }, now.toISOString());
  return wordErased<TicketView>({
    ticketId: filed.ticketId,
    number: filed.number,
    stage,
    topic: filed.topic,
    text: filed.text,
    filedAt: formatDateTime(filed.at, lang),
    acknowledgeBy: formatDateTime(due.acknowledgeBy, lang),
    resolveBy: formatDateTime(due.resolveBy, lang),
    late: due.late,
    acknowledged: state.acknowledged
      ? { at: formatDateTime(state.acknowledged.at, lang), by: who(state.acknowledged.actor), note: state.acknowledged.note ?? null }
      : null,
    resolved: state.resolved ? { at: formatDateTime(state.resolved.at, lang), by: who(state.resolved.actor), note: state.resolved.note } : null,
    complainant: {
      name: filed.complainant.name,
      phone: filed.complainant.phone,
      kind: filed.complainant.kind,
      order: filed.orderId ? displayOrderId(filed.orderId) : null,
    },
  }, lang);
}

export interface DeskRow {
  ticketId: string;
  number: string;
  stage: "open" | "acknowledged" | "resolved";
  topic: string;
  name: string;
  kind: "customer" | "guest";
  filedAt: string;
  acknowledgeBy: string;
  resolveBy: string;
  resolvedAt: string | null;
  late: "acknowledge" | "resolve" | null;
}

/** A row of the admin's list, late ones marked against `now`; an erased complainant's name in the page's language. */
export function deskRow(row: Selectable<GrievanceTicketsTable>, lang: Language, now: Date): DeskRow {
  const due = grievanceDue({ filedAt: row.filed_at.toISOString(), stage: row.stage }, now.toISOString());
  return wordErased<DeskRow>({
    ticketId: row.ticket_id,
    number: row.number,
    stage: row.stage,
    topic: row.topic,
    name: row.name,
    kind: row.complainant_kind,
    filedAt: formatDateTime(row.filed_at, lang),
    acknowledgeBy: formatDateTime(row.acknowledge_by, lang),
    resolveBy: formatDateTime(row.resolve_by, lang),
    resolvedAt: row.resolved_at ? formatDateTime(row.resolved_at, lang) : null,
    late: due.late,
  }, lang);
}
