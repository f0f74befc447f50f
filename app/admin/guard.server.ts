import type { AppLoadContext } from "@remix-run/node";
import { requireAdmin, type Admin } from "../auth/session.server";

const checks = new WeakMap<AppLoadContext, { cookie: string | null; admin: Promise<Admin> }>();

/**
 * `requireAdmin` once per request for the loaders of one page: the admin layout and the page
 * under it both check the admin, side by side on the same request, and each check is a
 * session read and a user read. The answer is kept on the request's load context, which
 * server/http.ts makes afresh for every request, so it never outlives the request; the
 * cookie must match too, so a context shared by mistake could not pass one admin's check
 * to another request. Actions still call `requireAdmin` themselves.
 */
export function requireAdminOncePerRequest(request: Request, context: AppLoadContext): Promise<Admin> {
  const cookie = request.headers.get("Cookie");
  const known = checks.get(context);
  if (known && known.cookie === cookie) return known.admin;
  const admin = requireAdmin(request, context.shop);
  checks.set(context, { cookie, admin });
  return admin;
}
