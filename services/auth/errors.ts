import type { Refusal } from "../../domain/errors";

/** Why a sign-in step was refused, with the HTTP status it is answered with. */
export type AuthErrorCode =
  | "invalid_input"
  | "invalid_credentials"
  | "wrong_role"
  | "email_taken"
  | "rate_limited"
  | "otp_invalid"
  | "otp_expired"
  | "otp_locked"
  | "otp_none"
  | "google_failed";

const STATUS: Record<AuthErrorCode, number> = {
  invalid_input: 422,
  invalid_credentials: 401,
  wrong_role: 403,
  email_taken: 409,
  rate_limited: 429,
  otp_invalid: 401,
  otp_expired: 401,
  otp_locked: 429,
  otp_none: 401,
  google_failed: 401,
};

/**
 * A sign-in step said no, as a rule does (domain/errors.ts `RuleViolation`): a key of the `refusals`
 * namespace with its values, never a sentence. A page words it in its visitor's language, the /api
 * in English (app/i18n/refusals.server.ts `refusalText`); the message is the key, for logs.
 */
export class AuthError extends Error implements Refusal {
  override name = "AuthError";
  readonly status: number;
  readonly key: string;
  readonly values: Refusal["values"];
  constructor(
    readonly code: AuthErrorCode,
    readonly refusal: Refusal,
  ) {
    super(refusal.key);
    this.status = STATUS[code];
    this.key = refusal.key;
    this.values = refusal.values;
  }
}

/** By name, not instanceof: the server bundle and the CLI may load separate copies of this module. */
export function isAuthError(err: unknown): err is AuthError {
  return err instanceof Error && err.name === "AuthError" && typeof (err as AuthError).code === "string";
}
