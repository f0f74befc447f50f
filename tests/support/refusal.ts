import { isAuthError } from "../../services/auth/index";

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
