import { randomUUID } from "node:crypto";
import { sql, type Kysely, type Transaction } from "kysely";
import type { DB } from "../../db/schema";
import {
  DEFAULT_SIGN_IN_SMS_BUDGET,
  budgetReached,
  OTP_PREFIX_DIGITS,
  OTP_PREFIX_WINDOW_MINUTES,
  SMS_BUDGET_COOLDOWN_MINUTES,
  budgetTripSms,
  mobilePrefix,
  signInSmsVerdict,
  type SignInSmsBudget,
  type SignInSmsVerdict,
} from "../../domain/sign-in-sms";
import { isMobileNumber, normalisePhone } from "../../domain/phone";
import type { JobQueue } from "../queue";

const MINUTE = 60_000;
export const SMS_BUDGET_ALERT = "sms-budget";
const ALERT_JOB = "sms-budget-alert";

/** What a send decided: the verdict, and the text to the shop a trip asks for (queued once the send's transaction commits). */
export interface BudgetDecision {
  verdict: SignInSmsVerdict;
  tripText?: { key: string; jobId: string };
}

/**
 * The shop-wide side of sending a sign-in code (domain/sign-in-sms.ts, decision 116), looked up and
 * recorded in the send's own transaction under one lock, so two sends cannot both take the last
 * code of the budget and one trip is recorded once. Counts come from the codes themselves
 * (`otp_codes`), exact like the per-number limit.
 */
export function createSignInSmsBudget(deps: {
  db: Kysely<DB>;
  queue: JobQueue;
  budget?: SignInSmsBudget;
  /** SHOP_PHONE: where a trip is texted; unset, the alert on the admin pages is all. */
  shopPhone?: string;
  shopName: string;
}) {
  const budget = deps.budget ?? DEFAULT_SIGN_IN_SMS_BUDGET;
  // SHOP_PHONE is written as parents dial it ("+91 98765 43210"); the texts go to its 10 digits, as to any parent's.
  // A landline cannot take a text: the alert on the admin pages is then all.
  const shopMobile = deps.shopPhone && normalisePhone(deps.shopPhone);
  const alertPhone = shopMobile && isMobileNumber(shopMobile) ? shopMobile : undefined;

  /**
   * When the earliest order the shop is still working on (not delivered, cancelled or deleted) for this number was
   * placed, if it has one. Only an order placed before a trip began lets its parent past the pause (decision 195): an
   * order placed during it, a guest's to any number, would otherwise open the door to a code for every number.
   */
  async function liveOrderSince(phone: string): Promise<Date | undefined> {
    const row = await deps.db
      .selectFrom("orders")
      .select("placed_at")
      .where((eb) => eb.or([eb("phone", "=", phone), eb("ship_phone", "=", phone)]))
      .where("deleted", "=", false)
      .where("status", "not in", ["delivered", "cancelled"])
      .orderBy("placed_at")
      .limit(1)
      .executeTakeFirst();
    return row ? new Date(row.placed_at) : undefined;
  }

  /**
   * The texts the shop sent (or has on their way) in the hour and the day before `at`: the sign-in codes (`otp_codes`,
   * at their own time) and every other text to a parent, an order's and a complaint's included (decision 195), by when
   * it was due. Skipped texts went nowhere; the budget's own text to the shop is not counted. `except` leaves out
   * the text being decided.
   */
  async function sentBefore(db: Kysely<DB>, at: Date, except?: string): Promise<{ hour: number; day: number }> {
    const hourAgo = new Date(at.getTime() - 60 * MINUTE);
    const dayAgo = new Date(at.getTime() - 24 * 60 * MINUTE);
    const codes = await db
      .selectFrom("otp_codes")
      .select([sql<string>`count(*) filter (where created_at > ${hourAgo})`.as("hour"), sql<string>`count(*)`.as("day")])
      .where("created_at", ">", dayAgo)
      .executeTakeFirstOrThrow();
    const texts = await db
      .selectFrom("notification_sends")
      .select([
        sql<string>`count(*) filter (where coalesce(due_at, created_at) > ${hourAgo})`.as("hour"),
        sql<string>`count(*)`.as("day"),
      ])
      .where("channel", "=", "sms")
      .where("kind", "not in", ["otp", SMS_BUDGET_ALERT])
      .where("status", "<>", "skipped")
      .where(sql<boolean>`coalesce(due_at, created_at) > ${dayAgo}`)
      .where(sql<boolean>`coalesce(due_at, created_at) <= ${at}`)
      .where("key", "<>", except ?? "")
      .executeTakeFirstOrThrow();
    return { hour: Number(codes.hour) + Number(texts.hour), day: Number(codes.day) + Number(texts.day) };
  }

  /** The running trip, if one is cooling down at `at`. */
  function runningTrip(db: Kysely<DB>, at: Date) {
    return db
      .selectFrom("shop_alerts")
      .select(["id", "opened_at"])
      .where("kind", "=", SMS_BUDGET_ALERT)
      .where("cooldown_until", ">", at)
      .orderBy("opened_at", "desc")
      .limit(1)
      .executeTakeFirst();
  }

  /**
   * Whether a text to a parent (an order's, a complaint's) waits out the budget: a trip is cooling down, or the hour's
   * or the day's texts reached it. Such a text is skipped, as a code would be refused (decision 195). A parent whose
   * order was placed before the trip still gets a code to see it; its texts resume with the next order.
   */
  async function textsPaused(at: Date, key: string): Promise<boolean> {
    if (await runningTrip(deps.db, at)) return true;
    const sent = await sentBefore(deps.db, at, key);
    return budgetReached({ sentLastHour: sent.hour, sentLastDay: sent.day, budget, coolingDown: false }) !== null;
  }

  /**
   * Whether a code goes to `phone` at `at`: the series and the budget, in the send's transaction.
   * A refusal by the budget is recorded here (a new trip's alert and its text's record, or one
   * more refused code on the running trip), so it commits with the send's transaction.
   */
  async function decide(trx: Transaction<DB>, phone: string, at: Date, liveOrder: Date | undefined): Promise<BudgetDecision> {
    await sql`select pg_advisory_xact_lock(hashtext('otp:budget'))`.execute(trx);
    const series = mobilePrefix(phone);
    const hourAgo = new Date(at.getTime() - OTP_PREFIX_WINDOW_MINUTES * MINUTE);
    // The last hour's codes (the created_at index), of numbers starting with the series' digits.
    const inSeries = await trx
      .selectFrom("otp_codes")
      .select((eb) => eb.fn.count<string>("phone").distinct().as("n"))
      .where("created_at", ">", hourAgo)
      .where(sql`substr(phone, 1, ${OTP_PREFIX_DIGITS})`, "=", series)
      .where("phone", "<>", phone)
      .executeTakeFirstOrThrow();
    const sent = await sentBefore(trx, at);
    const running = await runningTrip(trx, at);
    const verdict = signInSmsVerdict({
      // An order placed during a running trip does not let its number past it.
      liveOrder: liveOrder !== undefined && (!running || liveOrder < new Date(running.opened_at)),
      otherNumbersInSeries: Number(inSeries.n),
      sentLastHour: sent.hour,
      sentLastDay: sent.day,
      budget,
      coolingDown: running !== undefined,
    });
    if (verdict.send || verdict.refused !== "budget") return { verdict };
    if (!verdict.trips && running) {
      await trx
        .updateTable("shop_alerts")
        .set({ refused: sql`refused + 1`, last_at: at })
        .where("id", "=", running.id)
        .execute();
      return { verdict };
    }
    return { verdict, tripText: await trip(trx, at, verdict.reached === "day" ? "day" : "hour", sent.hour, sent.day) };
  }

  /** A new trip: its alert, its cooldown, and the record of its one text to the shop's phone. */
  async function trip(trx: Transaction<DB>, at: Date, reached: "hour" | "day", sentLastHour: number, sentLastDay: number) {
    const id = randomUUID();
    await trx
      .insertInto("shop_alerts")
      .values({
        id,
        kind: SMS_BUDGET_ALERT,
        opened_at: at,
        cooldown_until: new Date(at.getTime() + SMS_BUDGET_COOLDOWN_MINUTES * MINUTE),
        last_at: at,
        refused: 1,
        details: JSON.stringify({ reached, perHour: budget.perHour, perDay: budget.perDay, sentLastHour, sentLastDay }),
      })
      .execute();
    if (!alertPhone) return undefined;
    const send = { key: `${SMS_BUDGET_ALERT}:${id}`, jobId: `${SMS_BUDGET_ALERT}-${id}` };
    await trx
      .insertInto("notification_sends")
      .values({
        key: send.key,
        kind: SMS_BUDGET_ALERT,
        channel: "sms",
        queue: "notifications",
        job_name: ALERT_JOB,
        job_id: send.jobId,
        recipient: alertPhone,
        body: budgetTripSms(deps.shopName, { reached, budget, cooldownMinutes: SMS_BUDGET_COOLDOWN_MINUTES }),
        status: "pending",
      })
      .execute();
    return send;
  }

  /** Hands a trip's text to the queue, after its record committed; a queue that cannot take it now leaves it to the repair sweep. */
  async function textTheShop(send: { key: string; jobId: string }): Promise<void> {
    try {
      await deps.queue.add("notifications", ALERT_JOB, { key: send.key }, { jobId: send.jobId });
    } catch (err) {
      console.warn(`the sign-in text budget's alert to the shop waits for the job queue: ${err instanceof Error ? err.message : String(err)}`);
    }
  }

  return { liveOrderSince, decide, textsPaused, textTheShop, budget };
}

export type SignInSmsBudgetService = ReturnType<typeof createSignInSmsBudget>;
