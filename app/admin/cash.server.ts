// The day close's and the Z report's view models (decision 211): the drawer's day as the services give it, every
// figure worded in rupees and the people named, for /admin/cash and /admin/cash/z.
import type { Language } from "../../domain/i18n";
import { formatDateTime } from "../../domain/i18n";
import { formatRupees } from "../../domain/money";
import type { Actor } from "../../domain/orders/events";
import type { DrawerClosedData, PersonTakings, Takings } from "../../domain/cash/drawer";
import type { CounterTakings, DrawerDay } from "../../services/orders";

const who = (actor: Actor) => actor.name || actor.id || actor.kind;

export interface TakingsRow {
  name: string;
  bills: number;
  cashSales: string;
  upiSales: string;
  cashRefunds: string;
  upiRefunds: string;
}

const row = (name: string, t: Pick<PersonTakings, "bills" | "cashSales" | "upiSales" | "cashRefunds" | "upiRefunds">): TakingsRow => ({
  name,
  bills: t.bills,
  cashSales: formatRupees(t.cashSales),
  upiSales: formatRupees(t.upiSales),
  cashRefunds: formatRupees(t.cashRefunds),
  upiRefunds: formatRupees(t.upiRefunds),
});

/** Each person's row, then the drawer's whole day. */
export function takingsRows(takings: Takings, allLabel: string): { people: TakingsRow[]; total: TakingsRow } {
  return { people: takings.people.map((p) => row(p.name || p.id, p)), total: row(allLabel, takings) };
}

export interface ClosedView {
  expected: string;
  counted: string;
  /** "exact", or short / over by `differenceText`. */
  standing: "exact" | "short" | "over";
  differenceText: string;
  reason: string;
  by: string;
  at: string;
}

export function closedView(closed: DrawerClosedData, lang: Language): ClosedView {
  return {
    expected: formatRupees(closed.expected),
    counted: formatRupees(closed.counted),
    standing: closed.difference === 0 ? "exact" : closed.difference < 0 ? "short" : "over",
    differenceText: formatRupees(Math.abs(closed.difference)),
    reason: closed.reason,
    by: who(closed.actor),
    at: formatDateTime(closed.at, lang),
  };
}

/** The day close page's drawer: opened, its bills, delivery cash, what it should hold, and its close. */
export function drawerDayView(day: DrawerDay, lang: Language, allLabel: string) {
  const { takings } = day;
  return {
    opened: day.opened ? { amount: formatRupees(day.opened.openingCash), by: who(day.opened.by), at: formatDateTime(day.opened.at, lang) } : null,
    takings: takingsRows(takings, allLabel),
    hasBills: takings.bills > 0 || takings.cashRefunds > 0 || takings.upiRefunds > 0,
    cod: day.cod.map((c) => ({ person: c.person, amount: formatRupees(c.amount), orders: c.orders.map((o) => o.number).join(", ") })),
    expected: formatRupees(day.expected),
    formula: {
      opening: formatRupees(day.opened?.openingCash ?? 0),
      sales: formatRupees(takings.cashSales),
      refunds: formatRupees(takings.cashRefunds),
      cod: formatRupees(day.codCash),
    },
    closed: day.closed ? closedView(day.closed, lang) : null,
    // Bills made after the close: the close keeps its figures, the page says how many came since.
    billsSinceClose: day.closed ? Math.max(0, takings.bills - day.closed.takings.bills) : 0,
  };
}

/** Every counter's day in one table: bills, and cash and UPI after refunds. */
export function countersView(counters: readonly CounterTakings[]) {
  return counters.map((c) => ({
    counter: c.counter,
    bills: c.bills,
    cash: formatRupees(c.cashSales - c.cashRefunds),
    upi: formatRupees(c.upiSales - c.upiRefunds),
  }));
}

/** The Z report: the close as it was made, every figure worded. */
export function zReportView(closed: DrawerClosedData, opened: DrawerDay["opened"], lang: Language, allLabel: string) {
  const { takings } = closed;
  return {
    counter: closed.counter,
    day: closed.day,
    openedBy: opened ? `${who(opened.by)}, ${formatDateTime(opened.at, lang)}` : "",
    opening: formatRupees(closed.openingCash),
    cashSales: formatRupees(takings.cashSales),
    cashRefunds: formatRupees(takings.cashRefunds),
    codCash: formatRupees(closed.codCash),
    upiSales: formatRupees(takings.upiSales),
    upiRefunds: formatRupees(takings.upiRefunds),
    bills: takings.bills,
    people: takingsRows(takings, allLabel).people,
    ...closedView(closed, lang),
  };
}
