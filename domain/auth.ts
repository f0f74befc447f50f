/**
 * Sign-up and sign-in rules shared by the pages, the /api and the services:
 * what counts as an email or a phone number, the messages a person sees, and
 * the one-time-code and rate-limit rules. No I/O here.
 */
import { OTP_LENGTH, OTP_VALID_MINUTES } from "./otp";
import { checkMobile, isMobileNumber } from "./phone";
import { COMMON_PASSWORDS } from "./data/common-passwords";
import type { Refusal } from "./errors";

export { OTP_LENGTH, OTP_VALID_MINUTES };

export type Role = "customer" | "admin";

/** Wrong codes allowed for one code before it is locked. */
export const OTP_MAX_ATTEMPTS = 5;
/** Codes sent to one number per window. */
export const OTP_MAX_SENDS_PER_PHONE = 3;
export const OTP_SEND_WINDOW_MINUTES = 10;
/** Codes requested from one IP address per window (to any numbers): stops SMS pumping. */
export const OTP_MAX_SENDS_PER_IP = 20;
/** Wrong codes from one IP address per window, across numbers. */
export const OTP_MAX_FAILED_VERIFIES_PER_IP = 30;

/**
 * Password sign-in throttling (OWASP Authentication Cheat Sheet, decision 083).
 * Hard limits fall only on what the guesser controls: one account from one
 * address (the pair), and one address across accounts. The account as a whole
 * is never locked, or anyone could lock the owner out: past a few failures each
 * further attempt on it is answered after a growing, capped delay.
 */
export const LOGIN_WINDOW_MINUTES = 15;
/** Failed logins for one account from one address, per window. */
export const LOGIN_MAX_FAILURES_PER_PAIR = 5;
/** Failed logins from one address across accounts, per window. */
export const LOGIN_MAX_FAILURES_PER_IP = 20;
/** Failures on an account (from all addresses) answered without delay, per window. */
export const LOGIN_FREE_FAILURES_PER_ACCOUNT = 5;
/** The first delay past the free failures; each further failure doubles it up to LOGIN_MAX_DELAY_MS. */
export const LOGIN_FIRST_DELAY_MS = 500;
/** The longest an attempt on a slowed account waits: what the owner pays during an attack. */
export const LOGIN_MAX_DELAY_MS = 8_000;
/**
 * Failures on one account per window that mean many addresses are guessing it:
 * from then on each address gets one failure on it per window (a botnet's
 * guesses are bounded by its addresses), while an address that has not failed
 * on it, the owner's, is still heard.
 */
export const LOGIN_ACCOUNT_CEILING = 50;

/** Sign-ups from one IP address per login window. */
export const SIGNUP_MAX_PER_IP = 20;
/**
 * "That email already has an account" answers (409) one address gets per window (decision 115):
 * past them every sign-up from the address is refused for the window, whatever its email, so
 * the refusal says nothing about the email. Five an hour lets a parent who forgot their account
 * try again; a list of emails is checked at five an hour per address.
 */
export const SIGNUP_MAX_TAKEN_PER_IP = 5;
export const SIGNUP_TAKEN_WINDOW_MINUTES = 60;

/** The longest name an account takes (the checkout's name field takes as many). */
export const NAME_MAX_LENGTH = 100;

/**
 * Eight, not the spec's six (decision 193): six characters, or eight digits, are found in moments by anyone who takes
 * the password hashes, and ASVS asks for at least eight. Too common passwords are refused at any length.
 */
export const PASSWORD_MIN_LENGTH = 8;
/** The admin can see every customer's address: a longer password than the spec's six characters. */
export const ADMIN_PASSWORD_MIN_LENGTH = 10;
/** Long enough for any passphrase, short enough that hashing it cannot be used to tie up the server. */
export const PASSWORD_MAX_LENGTH = 128;

export const SHOPPER_SESSION_DAYS = 30;
export const ADMIN_SESSION_HOURS = 12;
export const SHOPPER_TOKEN_DAYS = 30;
export const ADMIN_TOKEN_HOURS = 12;

export const AUTH_MESSAGES = {
  fillAllFields: "Please fill all fields.",
  passwordTooShort: `Password must be at least ${PASSWORD_MIN_LENGTH} characters.`,
  passwordTooLong: `Password must be at most ${PASSWORD_MAX_LENGTH} characters.`,
  passwordTooCommon: "This password is one of the most common ones. Please choose another.",
  invalidIdentifier: "Please enter a valid email or 10-digit phone number.",
  invalidEmail: "Please enter a valid email address.",
  phoneRequired: "Please enter your phone number.",
  /** A phone account's name (sign-up by phone, a new number's first sign-in): the checkout's words for it. */
  nameRequired: "Name is required",
  nameTooLong: `Name can be at most ${NAME_MAX_LENGTH} characters`,
  invalidPhone: "Please enter a valid 10-digit phone number.",
  passwordRequired: "Please enter your password.",
  loginFailed: "Login failed. Please check your credentials.",
  adminLoginFailed: "Login failed.",
  registrationFailed: "Registration failed.",
  emailTaken: "An account with this email already exists. Please log in.",
  adminPasswordTooShort: `An admin password must be at least ${ADMIN_PASSWORD_MIN_LENGTH} characters.`,
  signupRateLimited: `Too many sign-ups from your network. Please try again in ${LOGIN_WINDOW_MINUTES} minutes.`,
  signupTakenLimited: "Too many sign-ups from your network. Please try again in an hour.",
  /** The account page's email change counts "another account uses it" answers with sign-up (decisions 114, 120). */
  emailChangesLimited: "Too many email changes from your network. Please try again in an hour.",
  otpRequired: "Please enter the code.",
  otpSent: "OTP sent to your phone.",
  otpSendFailed: "Failed to send OTP",
  otpInvalid: "Invalid OTP",
  otpExpired: "The code has expired, request a new code",
  otpTooManyAttempts: "Too many attempts, request a new code",
  otpNoCode: "No code was sent to this number, request a new code",
  otpTooManySends: `Too many codes sent to this number. Please try again in ${OTP_SEND_WINDOW_MINUTES} minutes.`,
  otpTooManyFromHere: `Too many code requests from your network. Please try again in ${OTP_SEND_WINDOW_MINUTES} minutes.`,
  otpPhoneMissing: "Please start again: enter your phone number to get a code.",
  googleNotConfigured: "Google sign-in is not set up",
  googleFailed: "Google sign-in failed. Please try again.",
  signInRequired: "Please log in.",
  notAllowed: "You are not allowed to do this.",
} as const;

/** A sign-in message by its name: what a check finds wrong, and what a refusal of sign-in says. */
export type AuthWord = keyof typeof AUTH_MESSAGES;

/** The staff's sign-in refusals, worded in the `admin` group of the refusals; every other one in `auth`. */
const STAFF_REFUSALS: Partial<Record<AuthWord, string>> = { adminLoginFailed: "admin.loginFailed", adminPasswordTooShort: "admin.passwordTooShort" };

/** A sign-in refusal as a key of the `refusals` namespace (`auth.loginFailed`), which the locale files word. */
export function authRefusal(word: AuthWord): Refusal {
  return { key: STAFF_REFUSALS[word] ?? `auth.${word}`, values: {} };
}

const WHITESPACE = /\s/;
const CODE = new RegExp(`^\\d{${OTP_LENGTH}}$`);

/**
 * The spec's email test: text, at-sign, text, dot, text (no spaces). Written with
 * indexOf, not a pattern: /^[^\s@]+@[^\s@]+\.[^\s@]+$/ backtracks quadratically on
 * 'a@....x y' (a 128 KB one held the whole server for seconds). One pass per check.
 */
export function looksLikeEmail(input: string): boolean {
  const value = input.trim();
  if (WHITESPACE.test(value)) return false;
  const at = value.indexOf("@");
  if (at < 1 || value.indexOf("@", at + 1) !== -1) return false;
  // A dot with text on both sides of it after the at-sign.
  return value.slice(at + 2, -1).includes(".");
}

/** Sign-in reads a phone as exactly its 10 digits (spec): "+91 ..." is neither a phone nor an email here. */
export function isPhone(input: string): boolean {
  return isMobileNumber(input.trim());
}

export function isOtpFormat(input: string): boolean {
  return CODE.test(input.trim());
}

/** Emails are compared and stored lower-cased and trimmed. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export type Identifier = { kind: "email"; email: string } | { kind: "phone"; phone: string } | { kind: "invalid" };

/** The login field takes a mobile number or an email. */
export function classifyIdentifier(input: string | null | undefined): Identifier {
  const value = (input ?? "").trim();
  if (isPhone(value)) return { kind: "phone", phone: value };
  if (looksLikeEmail(value)) return { kind: "email", email: normalizeEmail(value) };
  return { kind: "invalid" };
}

/** A password the shop accepts when it is set; null when fine, else what is wrong with it. */
export function passwordProblem(password: string): "passwordTooShort" | "passwordTooLong" | "passwordTooCommon" | null {
  if (password.length < PASSWORD_MIN_LENGTH) return "passwordTooShort";
  if (password.length > PASSWORD_MAX_LENGTH) return "passwordTooLong";
  if (COMMON_PASSWORDS.has(password.trim().toLowerCase())) return "passwordTooCommon";
  return null;
}

export type EmailSignup = { email: string; password: string; name?: string };

/** Sign-up with email: both fields required, then a valid email, then the password rule. */
export function checkEmailSignup(input: { email?: string | null; password?: string | null; name?: string | null }):
  | { ok: true; value: EmailSignup }
  | { ok: false; problem: AuthWord } {
  const email = (input.email ?? "").trim();
  const password = input.password ?? "";
  if (!email || !password) return { ok: false, problem: "fillAllFields" };
  if (!looksLikeEmail(email)) return { ok: false, problem: "invalidEmail" };
  const problem = passwordProblem(password);
  if (problem) return { ok: false, problem };
  const name = input.name?.trim();
  return { ok: true, value: { email: normalizeEmail(email), password, ...(name ? { name } : {}) } };
}

/** Sign-up with phone: required, then exactly ten digits. */
export function checkPhone(input: string | null | undefined): { ok: true; phone: string } | { ok: false; problem: "phoneRequired" | "invalidPhone" } {
  const checked = checkMobile(input, { exact: true });
  if (checked.ok) return checked;
  return { ok: false, problem: checked.problem === "required" ? "phoneRequired" : "invalidPhone" };
}

/** The spec has no name field at sign-up: the account page shows this until the person changes it. */
export function defaultName(input: { name?: string | null; email?: string | null; phone?: string | null }): string {
  const name = input.name?.trim();
  if (name) return name.slice(0, 100);
  if (input.email) return input.email.split("@")[0].slice(0, 100);
  if (input.phone) return `Customer ${input.phone.slice(-4)}`;
  return "Customer";
}

/** Shows enough of a number for a person to recognise it: ******3210. */
export function maskPhone(phone: string): string {
  return `${"*".repeat(Math.max(0, phone.length - 4))}${phone.slice(-4)}`;
}

/** A stored one-time code, as the verify step sees it. */
export interface OtpRecord {
  expiresAt: Date;
  attempts: number;
  usedAt: Date | null;
}

export type OtpCheck = "ok" | "none" | "used" | "expired" | "locked";

/**
 * Whether a code may still be tried: the latest code for the number, unused,
 * not expired, with fewer than OTP_MAX_ATTEMPTS wrong tries. A correct code
 * after the limit is still refused, or five guesses a code would become
 * a million.
 */
export function otpCheck(record: OtpRecord | null | undefined, now: Date): OtpCheck {
  if (!record) return "none";
  if (record.usedAt) return "used";
  if (record.attempts >= OTP_MAX_ATTEMPTS) return "locked";
  if (record.expiresAt.getTime() <= now.getTime()) return "expired";
  return "ok";
}

export function otpCheckProblem(check: Exclude<OtpCheck, "ok">): AuthWord {
  switch (check) {
    case "none":
    case "used":
      return "otpNoCode";
    case "expired":
      return "otpExpired";
    case "locked":
      return "otpTooManyAttempts";
  }
}

export function otpExpiry(sentAt: Date): Date {
  return new Date(sentAt.getTime() + OTP_VALID_MINUTES * 60_000);
}

/**
 * Sliding-window estimate from two fixed windows (the previous one weighted by
 * how much of it still overlaps the sliding window): counters stay two rows per
 * key yet a burst at a window edge cannot double the limit.
 */
export function slidingWindowCount(previous: number, current: number, elapsedFraction: number): number {
  const overlap = 1 - Math.min(1, Math.max(0, elapsedFraction));
  return Math.floor(previous * overlap) + current;
}

/**
 * How long until `slidingWindowCount` drops below `max` if nothing more is
 * counted: what "try again in N minutes" tells the person. While the current
 * window is under the limit only the previous one has to fade; otherwise the
 * current window must end and then fade itself.
 */
export function slidingWindowWaitMs(
  counts: { previous: number; current: number; elapsedFraction: number },
  max: number,
  windowMs: number,
): number {
  const elapsed = Math.min(1, Math.max(0, counts.elapsedFraction));
  const { previous, current } = counts;
  if (current < max) return previous === 0 ? 0 : Math.max(0, windowMs * (1 - elapsed - (max - current) / previous));
  return windowMs * (1 - elapsed) + windowMs * Math.max(0, 1 - max / current);
}

/**
 * Too many password attempts, as a key with the minutes to wait: whole minutes, rounded up and at least one
 * ("try again in 0 minutes" would invite a retry that is refused again); worded from the locale files.
 */
export function loginRateLimitedRefusal(waitMs: number): { key: string; values: { minutes: number } } {
  const minutes = Math.max(1, Math.ceil(waitMs / 60_000));
  return { key: minutes === 1 ? "auth.loginRateLimitedMinute" : "auth.loginRateLimited", values: { minutes } };
}

/**
 * The wait before an attempt on an account is answered, given the failures on
 * it (from every address) already in the window: none for the first few, then
 * doubling up to LOGIN_MAX_DELAY_MS. Applied before the password is checked and
 * whatever the outcome, so a quick answer never gives a right guess away.
 */
export function loginDelayMs(accountFailures: number): number {
  if (accountFailures < LOGIN_FREE_FAILURES_PER_ACCOUNT) return 0;
  return Math.min(LOGIN_MAX_DELAY_MS, LOGIN_FIRST_DELAY_MS * 2 ** (accountFailures - LOGIN_FREE_FAILURES_PER_ACCOUNT));
}

/** Failures one address may make on one account per window: fewer once the account is under a spread-out attack. */
export function loginPairLimit(accountFailures: number): number {
  return accountFailures >= LOGIN_ACCOUNT_CEILING ? 1 : LOGIN_MAX_FAILURES_PER_PAIR;
}

/**
 * Wrong passwords on one admin account (decision 253), from every address together, per login window: past them the
 * account's password sign-ins are held until the window has faded, whatever the address, except from a browser that
 * signed in to it before (its admin device cookie). An admin's password opens every parent's address and phone: a
 * botnet's guesses end here, and the owner's own browser still gets in. Counted by the email typed at the admin login,
 * so an email without an account is held the same way, and by the account at the shop's login.
 */
export const ADMIN_LOGIN_MAX_FAILURES_PER_ACCOUNT = 10;
/**
 * Wrong passwords at the admin login across the shop (every email typed there) per login window: past them the admin
 * login is paused for every browser that has not signed in to the admin before. A shop has a handful of admins; fifty
 * wrong passwords in fifteen minutes is someone trying many emails or many accounts.
 */
export const ADMIN_LOGIN_MAX_FAILURES_SHOP = 50;
/** How long a browser that signed an admin in is trusted past their account's hold (its cookie's life). */
export const ADMIN_DEVICE_DAYS = 90;

export type AdminLoginHold = "account" | "shop";

/**
 * An admin login held by decision 253's limits, as a key with the whole minutes to wait, at least one (app/locales
 * refusals auth): a page words it in its visitor's language, the /api in English.
 */
export function adminLoginHeldRefusal(hold: AdminLoginHold, waitMs: number): { key: string; values: { minutes: number } } {
  const minutes = Math.max(1, Math.ceil(waitMs / 60_000));
  const key = hold === "account" ? "auth.accountHeld" : "auth.adminLoginPaused";
  return { key: minutes === 1 ? `${key}Minute` : key, values: { minutes } };
}

/** Where a sign-in lands when it was not sent from somewhere (or `redirectTo` is not a page of the shop: domain/redirect.ts). */
export const AFTER_SIGN_IN = "/account";
