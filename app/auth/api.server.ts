import { z } from "zod";
import type { Shop } from "../../services/index";
import { isAuthError, type User } from "../../services/auth/index";
import { AUTH_MESSAGES } from "../../domain/auth";

/** Bodies above this are refused before parsing: no sign-in payload comes close. */
export const MAX_JSON_BYTES = 16 * 1024;

export function jsonError(status: number, message: string, headers?: HeadersInit): Response {
  return Response.json({ message }, { status, headers: { "Cache-Control": "no-store", ...headers } });
}

export function bearerToken(request: Request): string | null {
  const header = request.headers.get("Authorization") ?? "";
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match ? match[1] : null;
}

/**
 * The user behind the request's bearer token. Throws a JSON Response: 401
 * `{ message }` without a valid token, 403 for a shopper token on an admin
 * call (or the other way round). Admin tokens come only from
 * /api/users/admin-login, and the admin role is read fresh on every call.
 */
export async function requireApiUser(request: Request, shop: Shop, options: { role?: "admin" } = {}): Promise<User> {
  const token = bearerToken(request);
  if (!token) throw jsonError(401, AUTH_MESSAGES.signInRequired, { "WWW-Authenticate": "Bearer" });
  const scope = options.role === "admin" ? "admin" : "shopper";
  const user = await shop.auth.userForToken(token, scope);
  if (user) return user;
  // Valid, but for the other kind of call: signed in, not allowed.
  if (await shop.auth.userForToken(token, scope === "admin" ? "shopper" : "admin")) {
    throw jsonError(403, AUTH_MESSAGES.notAllowed);
  }
  throw jsonError(401, AUTH_MESSAGES.signInRequired, { "WWW-Authenticate": 'Bearer error="invalid_token"' });
}

/**
 * Reads a JSON body against a zod schema of types (strict: unknown fields are
 * refused). 415 when it is not JSON, 413 too large, 400 malformed or wrong
 * types. Rules on the values (a valid email, a 10-digit phone) are the
 * caller's, answered with 422.
 */
export async function readJson<T extends z.ZodType>(request: Request, schema: T): Promise<z.infer<T>> {
  const type = request.headers.get("Content-Type") ?? "";
  if (!/^application\/json\b/i.test(type.trim())) throw jsonError(415, "Send the body as JSON (Content-Type: application/json).");
  const declared = Number(request.headers.get("Content-Length") ?? "0");
  if (declared > MAX_JSON_BYTES) throw jsonError(413, "The request body is too large.");
  let text: string;
  try {
    text = await request.text();
  } catch {
    throw jsonError(400, "The request body could not be read.");
  }
  if (Buffer.byteLength(text) > MAX_JSON_BYTES) throw jsonError(413, "The request body is too large.");
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw jsonError(400, "The request body is not valid JSON.");
  }
  const parsed = schema.safeParse(body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue?.path.length ? `${issue.path.join(".")}: ` : "";
    throw jsonError(400, `Invalid request: ${where}${issue?.message ?? "wrong shape"}`);
  }
  return parsed.data;
}

/** A refusal from the auth service as the JSON answer; anything else is a real fault and propagates. */
export function authErrorResponse(err: unknown): Response {
  if (err instanceof Response) return err;
  if (isAuthError(err)) return jsonError(err.status, err.message);
  throw err;
}

export function methodNotAllowed(allow: string): Response {
  return jsonError(405, `Use ${allow} for this address.`, { Allow: allow });
}

/** The user as every /api answer shows it. */
export function publicUser(user: User) {
  return { id: user.id, name: user.name, email: user.email, phone: user.phone, role: user.role };
}
