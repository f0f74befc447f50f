/**
 * The admins' second factor (decision 197): time-based one-time codes (TOTP, RFC 6238 over HOTP, RFC 4226) as every
 * authenticator app makes them: HMAC-SHA1 of the 30-second step, 6 digits, the step before and after accepted for a
 * phone's clock a little off, each step used once. Recovery codes stand in for a lost phone, each good once.
 * The rules' numbers and words; the codes themselves are made and checked with node:crypto in services/auth/totp.ts.
 */

export const TOTP_STEP_SECONDS = 30;
export const TOTP_DIGITS = 6;
/** Steps either side of now a code is taken from: a phone's clock a little ahead or behind. */
export const TOTP_DRIFT_STEPS = 1;
export const RECOVERY_CODE_COUNT = 10;
/** Wrong codes one pending sign-in may send before it starts again from the password. */
export const SECOND_FACTOR_MAX_WRONG = 5;
/** How long a right password waits for its code. */
export const SECOND_FACTOR_PENDING_MINUTES = 5;

export const SECOND_FACTOR_PATH = "/admin/second-factor";

/**
 * Whether a page of the admin area may be shown to an admin whose second factor was reset (a lost phone): its own
 * page, to set a new one up, the password's and sign-out. Everything else waits for the new one.
 */
export function allowedBeforeSecondFactor(pathname: string): boolean {
  const path = pathname.endsWith(".data") ? pathname.slice(0, -".data".length) : pathname;
  return path === SECOND_FACTOR_PATH || path === "/admin/password" || path === "/admin/logout";
}

export const SECOND_FACTOR_MESSAGES = {
  codeRequired: "Please enter the 6-digit code from your authenticator app, or a recovery code.",
  codeWrong: "That code is not right. Please try again with the code your app shows now.",
  tooManyTries: "Too many wrong codes. Please sign in again with your password.",
  expired: "The sign-in took too long. Please sign in again with your password.",
  setupCodeWrong: "That code is not right. Check that the app's clock is right and try the code it shows now.",
  apiCodeRequired: "This admin signs in with a second factor: send the code from the authenticator app as `code`.",
  /** The /api's admin-login for an admin whose second factor was reset: the pages set the new one up. */
  apiEnrolFirst: "This admin's second factor was reset: set up a new one at /admin/second-factor first.",
} as const;
