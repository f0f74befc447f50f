import { isAuthError } from "../../services/auth/index";
import { isRuleViolation } from "../../domain/errors";

/** The AuthError a promise rejects with (its code, message and status); fails the test if it resolves. */
export async function refusal(promise: Promise<unknown>): Promise<{ code: string; message: string; status: number }> {
  try {
    await promise;
  } catch (err) {
    if (isAuthError(err)) return { code: err.code, message: err.message, status: err.status };
    throw err;
  }
  throw new Error("expected a refusal, got success");
}

/** The RuleViolation a decider (or any synchronous rule) throws: its message and HTTP status; fails the test if none. */
export function ruleRefusal(fn: () => unknown): { message: string; status: number } {
  try {
    fn();
  } catch (err) {
    if (isRuleViolation(err)) return { message: err.message, status: err.status };
    throw err;
  }
  throw new Error("expected a refusal");
}
