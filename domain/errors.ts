/**
 * A business rule said no: the message is for the customer (or the admin) as is.
 * Routes map it to a 4xx; it is never a 500. Checked by `code`, not `instanceof`,
 * because the server bundle and the CLI may load separate copies of this module.
 */
export class RuleViolation extends Error {
  override name = "RuleViolation";
  readonly code = "RULE_VIOLATION";
  constructor(
    message: string,
    /** The HTTP status that fits: 404 missing, 409 conflicts with the current state, 422 refused input. */
    readonly status: 400 | 404 | 409 | 413 | 422 = 422,
  ) {
    super(message);
  }
}

export function isRuleViolation(err: unknown): err is RuleViolation {
  return !!err && typeof err === "object" && (err as { code?: string }).code === "RULE_VIOLATION";
}
