import { isAuthError } from "../../services/auth/index";
import { isRuleViolation, type Refusal } from "../../domain/errors";
import { refusalText } from "../../app/i18n/refusals.server";
import { RESOURCES } from "../../app/i18n/i18n.server";

/** A rule's refusal in English, worded from app/locales/en/refusals.json as the /api words it. */
export const englishOf = (refusal: Refusal): string => refusalText("en", refusal);

/** A refusal as an English reader meets it: its words and its status. */
export const inEnglish = (refusal: Refusal & { status: number }): { message: string; status: number } => ({
  message: englishOf(refusal),
  status: refusal.status,
});

/** The English wording of each refusal key, by group: `ENGLISH.returns.tooLate`. */
export const ENGLISH = RESOURCES.en.refusals;

/** The AuthError a promise rejects with (its code, its English words and status); fails the test if it resolves. */
export async function refusal(promise: Promise<unknown>): Promise<{ code: string; message: string; status: number }> {
  try {
    await promise;
  } catch (err) {
    if (isAuthError(err)) return { code: err.code, message: englishOf(err.refusal), status: err.status };
    throw err;
  }
  throw new Error("expected a refusal, got success");
}

/**
 * The RuleViolation a decider (or any synchronous rule) throws: its English words (`englishOf`) and
 * HTTP status; fails the test if none.
 */
export function ruleRefusal(fn: () => unknown): { message: string; status: number } {
  try {
    fn();
  } catch (err) {
    if (isRuleViolation(err)) return { message: englishOf(err), status: err.status };
    throw err;
  }
  throw new Error("expected a refusal");
}

/**
 * The payment rules' refusals in English by their old names (domain/orders/payment.ts's PAYMENT_MESSAGES
 * before refusals became keys): a shopper's in group `payment`, the admin's in `admin`.
 */
export const PAYMENT_REFUSALS = {
  alreadyPaid: ENGLISH.payment.alreadyPaid,
  cancelled: ENGLISH.payment.cancelled,
  sameReference: ENGLISH.payment.sameReference,
  rejectedReference: ENGLISH.payment.rejectedReference,
  referenceTaken: ENGLISH.payment.referenceTaken,
  alreadyRecorded: ENGLISH.admin.paymentAlreadyRecorded,
  nothingReported: ENGLISH.admin.paymentNothingReported,
  rejectNote: ENGLISH.admin.paymentRejectNote,
  refundAmount: ENGLISH.admin.paymentRefundAmount,
  refundMethod: ENGLISH.admin.paymentRefundMethod,
  nothingPaid: ENGLISH.admin.paymentNothingPaid,
  recordedByRefund: ENGLISH.admin.paymentRecordedByRefund,
  noteTooLong: ENGLISH.admin.paymentNoteTooLong,
} as const;

/** The RuleViolation a promise rejects with, in English words (`englishOf`) and its HTTP status; fails the test if it resolves. */
export async function ruleRefusalOf(promise: Promise<unknown>): Promise<{ status: number; message: string }> {
  try {
    await promise;
  } catch (err) {
    if (isRuleViolation(err)) return { status: err.status, message: englishOf(err) };
    throw err;
  }
  throw new Error("expected a refusal");
}
