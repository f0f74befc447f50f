/**
 * The statements pages' view models (decision 220): the list of statements read, and one statement's
 * credits sorted into what the owner does with them: paid from it, proposed (ticked to confirm in bulk),
 * not matched, in conflict, paid already, confirmed by him since. Amounts in rupees to the paisa.
 */
import { displayOrderId } from "../../domain/orders/order";
import { formatPaise, formatRupees } from "../../domain/money";
import type { StatementSummary, StatementView } from "../../services/orders";

/** Paise as the owner's statement shows them: "₹1,116" or "₹1,116.50", as every page shows paise (decision 209). */
export function paiseShown(paise: number): string {
  return formatPaise(paise);
}

/** A moment as India's clock shows it on the owner's page: "07/12/2026, 15:04". */
const shownAt = (at: Date | string) =>
  new Date(at).toLocaleString("en-IN", { timeZone: "Asia/Kolkata", day: "2-digit", month: "2-digit", year: "numeric", hour: "2-digit", minute: "2-digit", hour12: false });

export function statementRows(list: readonly StatementSummary[]) {
  return list.map((s) => ({
    id: s.statementId,
    fileName: s.fileName,
    shape: s.shape,
    readAt: shownAt(s.readAt),
    days: s.firstDay && s.lastDay ? (s.firstDay === s.lastDay ? s.firstDay : `${s.firstDay} – ${s.lastDay}`) : "",
    credits: s.credits,
    matched: s.matched,
    proposed: s.proposed,
    unmatched: s.unmatched,
    conflicts: s.conflicts,
    settled: s.settled,
  }));
}

export interface CreditRow {
  row: number;
  day: string;
  amount: string;
  reference: string;
  payer: string;
  /** The order it paid or may pay: its number and id (for the link). */
  order?: { id: string; number: string; amount?: string };
  /** Why it stands where it does, as a message key under payment:statements and its values. */
  why?: { key: string; values?: Record<string, string | number> };
  /** The proposal's checkbox value: "row:orderId". */
  choice?: string;
}

export function statementPage(view: StatementView) {
  const sections = { matched: [] as CreditRow[], proposed: [] as CreditRow[], unmatched: [] as CreditRow[], conflicts: [] as CreditRow[], alreadyPaid: [] as CreditRow[], settled: [] as CreditRow[] };
  const orderOf = (id: string) => {
    const o = view.orders.get(id);
    return { id, number: o?.number ?? displayOrderId(id), ...(o ? { amount: formatRupees(o.total) } : {}) };
  };
  for (const credit of view.credits) {
    const base = { row: credit.row, day: credit.on, amount: paiseShown(credit.paise), reference: credit.reference ?? "", payer: credit.payer ?? "" };
    const { match } = credit;
    if (credit.paidOrder && match.standing !== "matched") {
      sections.settled.push({ ...base, order: orderOf(credit.paidOrder) });
    } else if (match.standing === "matched") {
      sections.matched.push({ ...base, order: orderOf(match.orderId) });
    } else if (match.standing === "proposed") {
      sections.proposed.push({ ...base, order: orderOf(match.orderId), why: { key: `by.${match.by}` }, choice: `${credit.row}:${match.orderId}` });
    } else if (match.standing === "alreadyPaid") {
      sections.alreadyPaid.push({ ...base, order: orderOf(match.orderId) });
    } else if (match.standing === "conflict") {
      sections.conflicts.push({ ...base, why: { key: "conflictWhy", values: { orders: match.orderIds.map((id) => orderOf(id).number).join(", ") } } });
    } else {
      const fits = match.fits === 0 ? { key: "fits.none" } : match.fits === 1 ? { key: "fits.one" } : { key: "fits.many", values: { count: match.fits } };
      sections.unmatched.push({ ...base, why: fits });
    }
  }
  return {
    id: view.statementId,
    fileName: view.fileName,
    shape: view.shape,
    readAt: shownAt(view.readAt),
    readBy: view.readBy,
    skipped: view.skipped,
    sections,
  };
}
