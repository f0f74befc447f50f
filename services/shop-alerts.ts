import type { Kysely } from "kysely";
import type { DB } from "../db/schema";
import { SMS_BUDGET_ALERT } from "./auth/sms-budget";

/** How long an alert stays on the admin pages after its trip's last refused code. */
export const ALERT_SHOWN_HOURS = 24;

/** A trip of the shop-wide budget of sign-in texts, as the admin pages show it (decision 116). */
export interface SmsBudgetAlert {
  id: string;
  kind: typeof SMS_BUDGET_ALERT;
  openedAt: Date;
  /** Until then only parents with a live order get a code. */
  cooldownUntil: Date;
  lastAt: Date;
  /** Codes refused during the trip. */
  refused: number;
  /** Which budget was reached, and the budget then. */
  reached: "hour" | "day";
  perHour: number;
  perDay: number;
}

/** What the owner is told on every admin page: the recent trips of a shop-wide limit, newest first. */
export function createShopAlerts(db: Kysely<DB>, now: () => Date = () => new Date()) {
  return {
    async list(): Promise<SmsBudgetAlert[]> {
      const since = new Date(now().getTime() - ALERT_SHOWN_HOURS * 3_600_000);
      const rows = await db
        .selectFrom("shop_alerts")
        .select(["id", "opened_at", "cooldown_until", "last_at", "refused", "details"])
        .where("kind", "=", SMS_BUDGET_ALERT)
        .where("acknowledged_at", "is", null)
        .where((eb) => eb.or([eb("last_at", ">", since), eb("cooldown_until", ">", now())]))
        .orderBy("opened_at", "desc")
        .limit(5)
        .execute();
      return rows.map((row) => {
        const details = row.details as { reached?: string; perHour?: number; perDay?: number };
        return {
          id: row.id,
          kind: SMS_BUDGET_ALERT,
          openedAt: new Date(row.opened_at),
          cooldownUntil: new Date(row.cooldown_until),
          lastAt: new Date(row.last_at),
          refused: row.refused,
          reached: details.reached === "day" ? "day" : "hour",
          perHour: Number(details.perHour ?? 0),
          perDay: Number(details.perDay ?? 0),
        };
      });
    },
  };
}

export type ShopAlerts = ReturnType<typeof createShopAlerts>;
