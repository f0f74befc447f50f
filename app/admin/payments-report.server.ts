/**
 * The payments report's page (decision 224): the period from the address (`from`, `to`, India's days; the last
 * seven days unless asked), refused in words when it is not a period, and the figures in rupees to the paisa: by method, by
 * day, by how each payment was matched, the wait from order to payment, and what is not matched yet.
 */
import { addDays, indiaDay } from "../../domain/reports/reports";
import { RECEIVED_METHODS } from "../../domain/payments/received";
import type { PaymentsReport } from "../../services/payments-report";
import { paiseShown } from "./statements.server";

/** The longest period one page shows: a year and a day. */
export const PAYMENTS_REPORT_MAX_DAYS = 366;

const DAY = /^\d{4}-\d{2}-\d{2}$/;
/** A day that is on the calendar: "2026-13-01" and "2026-02-30" are not. */
function realDay(text: string): boolean {
  if (!DAY.test(text)) return false;
  const time = Date.parse(`${text}T00:00:00Z`);
  return !Number.isNaN(time) && new Date(time).toISOString().slice(0, 10) === text;
}

/** The period the address asks, or the key of what is wrong with it. */
export function paymentsPeriod(url: URL, now = new Date()): { from: string; to: string; error?: "badDay" | "backwards" | "tooLong" } {
  const today = indiaDay(now);
  const from = url.searchParams.get("from")?.trim() || addDays(today, -6);
  const to = url.searchParams.get("to")?.trim() || today;
  if (!realDay(from) || !realDay(to)) return { from: realDay(from) ? from : "", to: realDay(to) ? to : "", error: "badDay" };
  if (from > to) return { from, to, error: "backwards" };
  if (Date.parse(to) - Date.parse(from) >= PAYMENTS_REPORT_MAX_DAYS * 86_400_000) return { from, to, error: "tooLong" };
  return { from, to };
}

/** Hours as the owner reads a wait: "3.5" hours under two days, else days ("2.5"), with the unit's key. */
function waitShown(hours: number | null): { key: string; values: { n: string } } | null {
  if (hours === null) return null;
  return hours < 48 ? { key: "hours", values: { n: hours.toFixed(1) } } : { key: "days", values: { n: (hours / 24).toFixed(1) } };
}

export function paymentsReportPage(report: PaymentsReport) {
  const methods = RECEIVED_METHODS.map((method) => ({
    method,
    received: paiseShown(report.received[method]),
    refunded: paiseShown(report.refunded[method]),
    net: paiseShown(report.received[method] - report.refunded[method]),
  }));
  const total = (pick: (m: (typeof RECEIVED_METHODS)[number]) => number) => RECEIVED_METHODS.reduce((sum, m) => sum + pick(m), 0);
  return {
    from: report.from,
    to: report.to,
    methods,
    total: {
      received: paiseShown(total((m) => report.received[m])),
      refunded: paiseShown(total((m) => report.refunded[m])),
      net: paiseShown(total((m) => report.received[m] - report.refunded[m])),
    },
    days: report.days.map((d) => ({
      day: d.day,
      upi: paiseShown(d.received.upi),
      online: paiseShown(d.received.online),
      cash: paiseShown(d.received.cash),
      refunded: paiseShown(d.refunded.upi + d.refunded.online + d.refunded.cash),
      net: paiseShown(d.net),
    })),
    matched: report.matched.map((m) => ({ by: m.by, payments: m.payments, amount: paiseShown(m.amount) })),
    waits: report.waits.map((w) => ({ method: w.method, payments: w.payments, median: waitShown(w.medianHours), p90: waitShown(w.p90Hours) })),
    unmatched: {
      reported: { orders: report.unmatched.reported.orders, amount: paiseShown(report.unmatched.reported.amount) },
      unpaid: { orders: report.unmatched.unpaid.orders, amount: paiseShown(report.unmatched.unpaid.amount) },
      credits: report.unmatched.credits,
    },
  };
}
