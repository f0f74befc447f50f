/**
 * How many sign-in codes the shop texts, beyond one number's and one address's limits
 * (domain/auth.ts): the rules against SMS pumping (decision 116). The second probe had 80 codes
 * sent to 80 numbers within seconds from 4 addresses, each under its own limits; each text costs
 * the shop money, and a pumping run works through a series of numbers.
 *
 * - **A series of numbers** (their first OTP_PREFIX_DIGITS digits: operator and circle) gets
 *   codes for at most OTP_MAX_NUMBERS_PER_PREFIX different numbers an hour.
 * - **The whole shop** texts at most its budget an hour and a day (SMS_BUDGET_PER_HOUR,
 *   SMS_BUDGET_PER_DAY): every text to a parent counts, codes, an order's and a complaint's texts alike
 *   (decision 195). Reaching it is a trip: the shop's phone gets one text and the admin pages
 *   one alert, and a cooldown of SMS_BUDGET_COOLDOWN_MINUTES starts, during which codes go only to
 *   parents with a live order (one not delivered or cancelled) placed before the trip, and a parent's
 *   other texts are skipped. A trip's refused codes are counted on its alert, never texted about again.
 * - A parent with a live order placed before the trip is never refused by the series or the budget:
 *   their number is known to the shop, and they may need to see or pay the order now. An order placed
 *   during the trip (a guest's, to any number) does not open that door.
 */

/** The digits of a mobile number that name its series. */
export const OTP_PREFIX_DIGITS = 5;
/** Different numbers of one series that get a code in an hour. */
export const OTP_MAX_NUMBERS_PER_PREFIX = 10;
export const OTP_PREFIX_WINDOW_MINUTES = 60;
/** Once the budget is reached, codes go only to parents with a live order for this long. */
export const SMS_BUDGET_COOLDOWN_MINUTES = 60;
/** A town shop's busiest hour signs in a few dozen parents by phone (server/config.ts says why). */
export const DEFAULT_SIGN_IN_SMS_BUDGET = { perHour: 60, perDay: 300 } as const;

/** The series a number belongs to. */
export function mobilePrefix(phone: string): string {
  return phone.slice(0, OTP_PREFIX_DIGITS);
}

export interface SignInSmsBudget {
  perHour: number;
  perDay: number;
}

/** What the send sees when it decides. */
export interface SignInSmsSituation {
  /** The number has a live order: past the series limit and the budget. */
  liveOrder: boolean;
  /** Other numbers of its series that got a code in the last hour. */
  otherNumbersInSeries: number;
  /** Codes the shop sent in the last hour and the last day. */
  sentLastHour: number;
  sentLastDay: number;
  budget: SignInSmsBudget;
  /** A trip's cooldown is running. */
  coolingDown: boolean;
}

/** Which budget was reached. */
export type BudgetReached = "hour" | "day" | "cooldown";

export type SignInSmsVerdict =
  | { send: true; pastBudget: BudgetReached | null }
  | { send: false; refused: "series" }
  /** `trips`: this refusal starts a trip (an alert and one text to the shop), else it is counted on the running one. */
  | { send: false; refused: "budget"; reached: BudgetReached; trips: boolean };

export function budgetReached(s: Pick<SignInSmsSituation, "sentLastHour" | "sentLastDay" | "budget" | "coolingDown">): BudgetReached | null {
  if (s.coolingDown) return "cooldown";
  if (s.sentLastHour >= s.budget.perHour) return "hour";
  if (s.sentLastDay >= s.budget.perDay) return "day";
  return null;
}

/** Whether a code goes to this number now. Pure: the send looks the situation up under its lock. */
export function signInSmsVerdict(s: SignInSmsSituation): SignInSmsVerdict {
  const reached = budgetReached(s);
  if (s.liveOrder) return { send: true, pastBudget: reached };
  if (s.otherNumbersInSeries >= OTP_MAX_NUMBERS_PER_PREFIX) return { send: false, refused: "series" };
  if (reached) return { send: false, refused: "budget", reached, trips: reached !== "cooldown" };
  return { send: true, pastBudget: null };
}

/**
 * The one text to the shop's phone when the budget trips. Staff texts stay in English, as the
 * new-order email does (domain/notifications.ts).
 */
export function budgetTripSms(shopName: string, trip: { reached: "hour" | "day"; budget: SignInSmsBudget; cooldownMinutes: number }): string {
  const which = trip.reached === "hour" ? `${trip.budget.perHour} an hour` : `${trip.budget.perDay} a day`;
  return (
    `${shopName}: sign-in codes reached the shop's budget (${which}), maybe SMS pumping. ` +
    `For ${trip.cooldownMinutes} minutes only parents with a live order get a code. See the admin dashboard.`
  );
}
