import type { AppLoadContext } from "@remix-run/node";
import { may, type Permission } from "../../domain/staff/roles";
import { backOffice, refusedForRole, requireStaff, type Admin } from "../auth/session.server";

const checks = new WeakMap<AppLoadContext, { cookie: string | null; staff: Promise<Admin> }>();

/**
 * `requireStaff` once per request for the loaders of one page: the admin layout and the page
 * under it both check the person, side by side on the same request, and each check is a
 * session read, a user read and the roster's. The answer is kept on the request's load context, which
 * server/http.ts makes afresh for every request, so it never outlives the request; the
 * cookie must match too, so a context shared by mistake could not pass one person's check
 * to another request.
 */
export function requireStaffOncePerRequest(request: Request, context: AppLoadContext): Promise<Admin> {
  const cookie = request.headers.get("Cookie");
  const known = checks.get(context);
  if (known && known.cookie === cookie) return known.staff;
  const staff = requireStaff(request, context.shop);
  checks.set(context, { cookie, staff });
  return staff;
}

/**
 * Every admin loader and action starts with this (decision 215): the person signed in (or a redirect to
 * /admin/login), and their role's permission for what the request asks, or a 403 that says why in their
 * language. An action that does several things asks for the permission of the one it was sent to do.
 */
export async function requirePermission(request: Request, context: AppLoadContext, permission: Permission): Promise<Admin> {
  const person = await requireStaffOncePerRequest(request, context);
  const refused = refusalFor(person, permission);
  if (refused) throw refusedForRole(request, refused);
  return person;
}

/** The owner or a manager, once per request: for a page that names no permission of its own (`requireAdmin`). */
export async function requireAdminOncePerRequest(request: Request, context: AppLoadContext): Promise<Admin> {
  return backOffice(request, await requireStaffOncePerRequest(request, context));
}

/**
 * For an action whose form says what it is asked to do: the refusal key when this person's role may not do it
 * (the page words it beside its form, 403), or null when they may.
 */
export function refusalFor(person: Admin, permission: Permission): string | null {
  if (!person.role) return "permission.noRole";
  return may(person.role, permission) ? null : `permission.${permission}`;
}
