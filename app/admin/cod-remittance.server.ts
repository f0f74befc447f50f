/**
 * The courier's COD remittance read on /admin/cod/remittance (decision 233): each row of the sheet matched to its
 * order by the order id the parcel was booked under and checked against its AWB, then recorded through the COD
 * accounting (`remitCod`: the parcel's cash remitted, the order paid). Every row is answered: recorded, already
 * recorded, or why not, in the page's language; nothing of a refused row is recorded.
 */
import { isRuleViolation } from "../../domain/errors";
import { displayOrderId } from "../../domain/orders/order";
import type { Language } from "../../domain/i18n";
import { formatPaise, formatRupees } from "../../domain/money";
import { readRemittanceSheet } from "../../services/courier/remittance";
import type { Shop } from "../../services/index";
import type { Admin } from "../auth/session.server";
import { refusalText } from "../i18n/refusals.server";
import { adminActor } from "./orders.server";

export interface RemittanceAnswer {
  row: number;
  order: string;
  awb: string;
  amount: string;
  /** The courier's fee kept from it and what reached the bank, worded; null when the sheet names no fee (decision 219). */
  fee: { fee: string; banked: string } | null;
  outcome: "recorded" | "already" | "refused";
  why: string | null;
}

/** Reads the sheet and records each row it can; a sheet that is no remittance sheet is refused whole (a RuleViolation). */
export async function importRemittance(shop: Shop, admin: Admin, bytes: Uint8Array, lang: Language) {
  const rows = readRemittanceSheet(bytes);
  const actor = adminActor(admin);
  const answers: RemittanceAnswer[] = [];
  for (const row of rows) {
    const fee = row.fee === undefined || Number.isNaN(row.fee) || Number.isNaN(row.amount) ? null : { fee: formatPaise(row.fee), banked: formatPaise(row.amount * 100 - row.fee) };
    const shown = { row: row.row, order: row.orderId, awb: row.awb, amount: Number.isNaN(row.amount) ? "?" : formatRupees(row.amount), fee };
    if (Number.isNaN(row.amount) || (row.fee !== undefined && Number.isNaN(row.fee))) {
      const key = Number.isNaN(row.amount) ? "cod.notASum" : "cod.feeNotASum";
      answers.push({ ...shown, order: displayable(row.orderId), outcome: "refused", why: refusalText(lang, { key, values: {} }) });
      continue;
    }
    try {
      const line = { orderId: row.orderId, awb: row.awb, amount: row.amount, remittance: row.remittance, ...(row.utr ? { utr: row.utr } : {}), ...(row.fee !== undefined ? { fee: row.fee } : {}) };
      const done = await shop.orders.remitCod(line, actor);
      answers.push({ ...shown, order: done.number, outcome: done.changed ? "recorded" : "already", why: null });
    } catch (err) {
      if (!isRuleViolation(err)) throw err;
      // An order id the shop never had is said with the id as the sheet has it.
      const order = err.key === "orders.notFound" ? row.orderId : shown.order;
      const why = err.key === "orders.notFound" ? refusalText(lang, { key: "cod.noSuchOrder", values: { order: row.orderId } }) : refusalText(lang, err);
      answers.push({ ...shown, order: displayable(order), outcome: "refused", why });
    }
  }
  return answers;
}

/** An order id as the owner knows it (its 8-letter number) when it is one; else as the sheet wrote it, cut short. */
function displayable(id: string): string {
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id) ? displayOrderId(id.toLowerCase()) : id.slice(0, 40);
}
