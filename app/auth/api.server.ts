import type { Shop } from "../../services/index";
import type { User } from "../../services/auth/index";
import { AUTH_MESSAGES } from "../../domain/auth";
import { jsonError } from "../api/http.server";
import { BACK_OFFICE } from "../../domain/staff/roles";
import { refusal } from "../../domain/errors";
import { refusalText } from "../i18n/refusals.server";

// Reading bodies, answering errors and guarding methods is app/api/http.server.ts's job;
// this module is the /api's side of sign-in: who is calling.

export function bearerToken(request: Request): string | null {
  const header = request.headers.get("Authorization") ?? "";
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match ? match[1] : null;
}

/**
 * The user behind the request's bearer token. Throws a JSON Response: 401
 * `{ message }` without a valid token, 403 for a shopper token on an admin
 * call (or the other way round). Admin tokens come only from
 * /api/users/admin-login, and the admin role is read fresh on every call. The admin calls (orders,
 * their payments and refunds, products and stock) are the owner's and a manager's: another role's
 * token gets a 403 that says so (decision 215).
 */
export async function requireApiUser(request: Request, shop: Shop, options: { role?: "admin" } = {}): Promise<User> {
  const token = bearerToken(request);
  if (!token) throw jsonError(401, AUTH_MESSAGES.signInRequired, { "WWW-Authenticate": "Bearer" });
  const scope = options.role === "admin" ? "admin" : "shopper";
  const user = await shop.auth.userForToken(token, scope);
  if (user && scope === "admin") {
    const role = await shop.staff.roleOf(user.id);
    if (!role || !BACK_OFFICE.includes(role)) throw jsonError(403, refusalText("en", refusal(role ? "permission.backOffice" : "permission.noRole")));
  }
  if (user) return user;
  // Valid, but for the other kind of call: signed in, not allowed.
  if (await shop.auth.userForToken(token, scope === "admin" ? "shopper" : "admin")) {
    throw jsonError(403, AUTH_MESSAGES.notAllowed);
  }
  throw jsonError(401, AUTH_MESSAGES.signInRequired, { "WWW-Authenticate": 'Bearer error="invalid_token"' });
}

/** The user as every /api answer shows it. */
export function publicUser(user: User) {
  return { id: user.id, name: user.name, email: user.email, phone: user.phone, role: user.role };
}

/** The /api admin behind a token, as the stock history and the order trail name who did it. */
export async function requireApiAdminActor(request: Request, shop: Shop): Promise<{ kind: "admin"; id: string; name: string }> {
  const admin = await requireApiUser(request, shop, { role: "admin" });
  return { kind: "admin", id: admin.id, name: admin.name || admin.email || "Admin" };
}
