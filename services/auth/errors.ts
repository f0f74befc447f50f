/** Why a sign-in step was refused, with the HTTP status the /api answers and the message a person sees. */
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

export class AuthError extends Error {
  override name = "AuthError";
  readonly status: number;
  constructor(
    readonly code: AuthErrorCode,
    message: string,
    /** The refusal as a key with values, where it has one: a page words it in its visitor's language, the /api says `message`. */
    readonly refusal?: { key: string; values: Record<string, string | number> },
  ) {
    super(message);
    this.status = STATUS[code];
  }
}

/** By name, not instanceof: the server bundle and the CLI may load separate copies of this module. */
export function isAuthError(err: unknown): err is AuthError {
  return err instanceof Error && err.name === "AuthError" && typeof (err as AuthError).code === "string";
}
