/**
 * How a walk-in parent pays at the counter (decision 210): in cash (the notes given, the change due), by
 * UPI (a QR for the exact amount, the 12-digit reference their app shows), or split: part by UPI, the
 * rest in cash. Pure: the order decider takes the money with the sale, and the counter page shows the
 * same sums before the money is taken. Whole rupees, like every price in the shop.
 */
import { RuleViolation } from "../errors";
import { checkUpiReference } from "../orders/payment";

export const COUNTER_PAYMENTS = ["cash", "upi", "split"] as const;
export type CounterPaymentMode = (typeof COUNTER_PAYMENTS)[number];

/** The most a parent hands over in notes for one bill: a typo (₹50000 for ₹500) is refused, not given as change. */
export const MOST_CASH_GIVEN = 100_000;

/** What the staff typed: how the parent pays, the cash given and, by UPI, the amount and the reference. */
export interface CounterPaymentInput {
  mode: CounterPaymentMode;
  /** The notes handed over (cash, and the cash part of a split). */
  cashGiven?: number;
  /** The UPI part of a split (the whole total when the mode is "upi"). */
  upiAmount?: number;
  /** The UPI transaction reference (UTR) of the UPI part. */
  upiReference?: string;
}

/** The money of one bill: what the drawer keeps, what UPI brought, what is given back. */
export interface CounterPayment {
  /** Cash the shop keeps for this bill (the notes given less the change). */
  cash: number;
  upi: number;
  upiReference?: string;
  /** Notes given, and the change due back to the parent. */
  cashGiven: number;
  change: number;
}

const whole = (n: number | undefined): n is number => n !== undefined && Number.isInteger(n) && n >= 0;

/**
 * The payment of a bill of `total` rupees, or a refusal the counter shows beside the form: cash short of
 * what is due, a UPI part of nothing or of the whole bill in a split, a UPI part without its reference.
 */
export function counterPayment(total: number, input: CounterPaymentInput): CounterPayment {
  const upi = input.mode === "cash" ? 0 : input.mode === "upi" ? total : input.upiAmount;
  if (input.mode === "split" && (!whole(upi) || upi <= 0 || upi >= total)) {
    throw new RuleViolation("counter.splitUpi", { total }, 422);
  }
  const upiPart = upi ?? 0;
  const cash = total - upiPart;
  const given = input.mode === "upi" ? 0 : input.cashGiven;
  if (cash > 0) {
    if (!whole(given)) throw new RuleViolation("counter.cashGiven", {}, 422);
    if (given > MOST_CASH_GIVEN) throw new RuleViolation("counter.cashTooMuch", { most: MOST_CASH_GIVEN }, 422);
    if (given < cash) throw new RuleViolation("counter.cashShort", { due: cash, given, short: cash - given }, 422);
  }
  const cashGiven = cash > 0 ? (given as number) : 0;
  if (upiPart > 0) {
    if (!input.upiReference?.trim()) throw new RuleViolation("counter.upiReference", {}, 422);
    const upiReference = checkUpiReference(input.upiReference);
    return { cash, upi: upiPart, upiReference, cashGiven, change: cashGiven - cash };
  }
  return { cash, upi: 0, cashGiven, change: cashGiven - cash };
}
