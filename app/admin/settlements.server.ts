/**
 * The settlement reports' view models (decision 223): the list of reports read, and one report's settlements,
 * each with what parents paid, the gateway's fees, the GST on them, refunds and what reached the bank, the bank
 * statement's credit that brought it in, and each line checked against the order it pays. Amounts to the paisa.
 */
import { displayOrderId } from "../../domain/orders/order";
import type { SettlementReportSummary, SettlementReportView } from "../../services/orders";
import { paiseShown } from "./statements.server";

/** A moment as India's clock shows it on the owner's page: "07/12/2026, 15:04". */
const shownAt = (at: Date | string) =>
  new Date(at).toLocaleString("en-IN", { timeZone: "Asia/Kolkata", day: "2-digit", month: "2-digit", year: "numeric", hour: "2-digit", minute: "2-digit", hour12: false });

const daysShown = (first: string | null, last: string | null) => (first && last ? (first === last ? first : `${first} – ${last}`) : "");

export function settlementReportRows(list: readonly SettlementReportSummary[]) {
  return list.map((r) => ({
    id: r.reportId,
    fileName: r.fileName,
    readAt: shownAt(r.readAt),
    days: daysShown(r.firstDay, r.lastDay),
    settlements: r.settlements,
    payments: r.payments,
    gross: paiseShown(r.gross),
    fees: paiseShown(r.fees),
    tax: paiseShown(r.tax),
    net: paiseShown(r.net),
  }));
}

export interface SettlementLineRow {
  row: number;
  /** payment, refund, transfer, adjustment, other: a message key under payment:settlements.type. */
  type: string;
  entityId: string;
  method: string;
  amount: string;
  fee: string;
  tax: string;
  net: string;
  order?: { id: string; number: string };
  /** Where it stands against the shop's record, as a key under payment:settlements.check and its values. */
  check: { key: string; values?: Record<string, string> };
}

export function settlementReportPage(view: SettlementReportView) {
  let unmatched = 0;
  const settlements = view.settlements.map((s) => {
    const lines: SettlementLineRow[] = s.lines.map((l) => {
      const { check } = l;
      const orderId = "orderId" in check ? check.orderId : undefined;
      if (!["matched", "refundProcessed", "other"].includes(check.standing)) unmatched++;
      return {
        row: l.row,
        type: l.type,
        entityId: l.entityId,
        method: l.method ?? "",
        amount: paiseShown(l.amount),
        fee: paiseShown(l.fee),
        tax: paiseShown(l.tax),
        net: paiseShown(l.credit - l.debit),
        ...(orderId ? { order: { id: orderId, number: displayOrderId(orderId) } } : {}),
        check: check.standing === "amountDiffers" ? { key: check.standing, values: { recorded: paiseShown(check.recorded) } } : { key: check.standing },
      };
    });
    const bank: { key: string; values: Record<string, string>; statementId?: string } =
      s.bank.standing === "found"
        ? { key: "found", values: { file: s.bank.credit.fileName, row: String(s.bank.credit.row), day: s.bank.credit.on }, statementId: s.bank.credit.statementId }
        : s.bank.standing === "several"
          ? { key: "several", values: { count: String(s.bank.count) } }
          : { key: "notFound", values: {} };
    return {
      id: s.settlementId,
      utr: s.settlementUtr ?? "",
      day: s.settledOn,
      payments: s.payments,
      gross: paiseShown(s.gross),
      fees: paiseShown(s.fees),
      tax: paiseShown(s.tax),
      refunds: paiseShown(s.refunds),
      net: paiseShown(s.net),
      bank,
      lines,
    };
  });
  return {
    id: view.reportId,
    fileName: view.fileName,
    readAt: shownAt(view.readAt),
    readBy: view.readBy,
    unsettled: view.skipped.unsettled,
    unmatched,
    settlements,
  };
}
