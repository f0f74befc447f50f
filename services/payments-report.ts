import { sql, type Kysely } from "kysely";
import type { DB } from "../db/schema";
import { MATCHED_BY, RECEIVED_METHODS, type MatchedBy, type ReceivedMethod } from "../domain/payments/received";

/**
 * The payments report (decision 224): what came in and went back, by method and day, from `payments_received`
 * (projectors/payments.ts); how each payment was matched to its order; how long an order waited for its money;
 * and what is not matched yet (reported references the owner has not confirmed, UPI orders still unpaid, bank
 * statement credits not settled), as the order and statement read models have them now. Money in paise.
 */

export type ByMethod = Record<ReceivedMethod, number>;

export interface PaymentsDay {
  day: string;
  received: ByMethod;
  refunded: ByMethod;
  /** Received less refunded, every method together. */
  net: number;
}

export interface PaymentWait {
  method: ReceivedMethod;
  payments: number;
  /** Hours from the order to its payment: half the payments took at most this, nine in ten at most the other. */
  medianHours: number | null;
  p90Hours: number | null;
}

export interface PaymentsReport {
  from: string;
  to: string;
  days: PaymentsDay[];
  received: ByMethod;
  refunded: ByMethod;
  matched: { by: MatchedBy; payments: number; amount: number }[];
  waits: PaymentWait[];
  unmatched: {
    /** UPI orders whose parent reported a reference the owner has not confirmed. */
    reported: { orders: number; amount: number };
    /** UPI orders with no payment yet (not cancelled). */
    unpaid: { orders: number; amount: number };
    /** Bank statement credits, as read: proposed, not matched, in conflict; and confirmed by the owner since. */
    credits: { proposed: number; unmatched: number; conflicts: number; confirmed: number };
  };
}

const none = (): ByMethod => ({ upi: 0, online: 0, cash: 0 });
const isMethod = (m: string): m is ReceivedMethod => (RECEIVED_METHODS as readonly string[]).includes(m);

/** The value at a share of a sorted list (nearest rank): 0.5 the median, 0.9 the ninetieth percentile. */
function rank(sorted: readonly number[], share: number): number | null {
  if (sorted.length === 0) return null;
  return sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)];
}

export function createPaymentsReport(db: Kysely<DB>) {
  return {
    /** The report of the days from `from` to `to` (YYYY-MM-DD, India's calendar, both included). */
    async paymentsReport(from: string, to: string): Promise<PaymentsReport> {
      const sums = await db
        .selectFrom("payments_received")
        .select(["day", "kind", "method", sql<number>`sum(paise)::bigint`.as("amount")])
        .where("day", ">=", from)
        .where("day", "<=", to)
        .groupBy(["day", "kind", "method"])
        .orderBy("day")
        .execute();
      const days = new Map<string, PaymentsDay>();
      const received = none();
      const refunded = none();
      for (const row of sums) {
        if (!isMethod(row.method)) continue;
        let day = days.get(row.day);
        if (!day) days.set(row.day, (day = { day: row.day, received: none(), refunded: none(), net: 0 }));
        const amount = Number(row.amount);
        if (row.kind === "refund") {
          day.refunded[row.method] += amount;
          refunded[row.method] += amount;
          day.net -= amount;
        } else {
          day.received[row.method] += amount;
          received[row.method] += amount;
          day.net += amount;
        }
      }

      const matchedRows = await db
        .selectFrom("payments_received")
        .select(["matched_by", sql<number>`count(*)::int`.as("payments"), sql<number>`sum(paise)::bigint`.as("amount")])
        .where("day", ">=", from)
        .where("day", "<=", to)
        .where("kind", "=", "payment")
        .groupBy("matched_by")
        .execute();
      const matched = MATCHED_BY.map((by) => {
        const row = matchedRows.find((r) => r.matched_by === by);
        return { by, payments: Number(row?.payments ?? 0), amount: Number(row?.amount ?? 0) };
      });

      const waited = await db
        .selectFrom("payments_received as p")
        .innerJoin("orders as o", "o.id", "p.order_id")
        .select(["p.method", sql<number>`extract(epoch from (p.at - o.placed_at))`.as("seconds")])
        .where("p.day", ">=", from)
        .where("p.day", "<=", to)
        .where("p.kind", "=", "payment")
        .where("p.method", "in", ["upi", "online"])
        .execute();
      const waits = (["upi", "online"] as const).map((method): PaymentWait => {
        const hours = waited
          .filter((w) => w.method === method)
          .map((w) => Math.max(0, Number(w.seconds)) / 3600)
          .sort((a, b) => a - b);
        return { method, payments: hours.length, medianHours: rank(hours, 0.5), p90Hours: rank(hours, 0.9) };
      });

      const awaiting = await db
        .selectFrom("orders")
        .select(["payment_status", sql<number>`count(*)::int`.as("orders"), sql<number>`coalesce(sum(total), 0)::bigint * 100`.as("amount")])
        .where("payment_method", "=", "upi")
        .where("payment_status", "in", ["unpaid", "reported"])
        .where("deleted", "=", false)
        .where("status", "!=", "cancelled")
        .groupBy("payment_status")
        .execute();
      const waiting = (status: string) => {
        const row = awaiting.find((r) => r.payment_status === status);
        return { orders: Number(row?.orders ?? 0), amount: Number(row?.amount ?? 0) };
      };
      const credits = await db
        .selectFrom("statements")
        .select([
          sql<number>`coalesce(sum(proposed), 0)::int`.as("proposed"),
          sql<number>`coalesce(sum(unmatched), 0)::int`.as("unmatched"),
          sql<number>`coalesce(sum(conflicts), 0)::int`.as("conflicts"),
          sql<number>`coalesce(sum(settled), 0)::int`.as("confirmed"),
        ])
        .executeTakeFirstOrThrow();

      return {
        from,
        to,
        days: [...days.values()],
        received,
        refunded,
        matched,
        waits,
        unmatched: {
          reported: waiting("reported"),
          unpaid: waiting("unpaid"),
          credits: { proposed: Number(credits.proposed), unmatched: Number(credits.unmatched), conflicts: Number(credits.conflicts), confirmed: Number(credits.confirmed) },
        },
      };
    },
  };
}
