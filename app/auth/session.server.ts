import { createCookie, createSessionStorage, redirect, type Cookie, type Session, type SessionStorage } from "@remix-run/node";
import type { Shop } from "../../services/index";
import { isAuthError, type SessionKind, type User } from "../../services/auth/index";
import { ADMIN_DEVICE_DAYS, ADMIN_SESSION_HOURS, AFTER_SIGN_IN, SHOPPER_SESSION_DAYS } from "../../domain/auth";
import { SECOND_FACTOR_PATH, SECOND_FACTOR_PENDING_MINUTES, allowedBeforeSecondFactor } from "../../domain/totp";
import { safeRedirect } from "../../domain/redirect";
import { ADMIN_PASSWORD_PATH, allowedBeforePasswordChange } from "../../domain/admin-password";
import { ADMIN_COOKIE, ADMIN_DEVICE_COOKIE, SHOPPER_COOKIE } from "../../domain/cookies";
import { afterShopperSignIn } from "./sign-in-hooks.server";
import { languageOf } from "../i18n/i18n.server";
import { refusalText } from "../i18n/refusals.server";
import { refusal } from "../../domain/errors";
import { BACK_OFFICE, type Role } from "../../domain/staff/roles";

/** Who is shopping, as every page and other feature sees them. */
export interface Shopper {
  id: string;
  name: string;
  email: string | null;
  phone: string | null;
}

export interface Admin {
  id: string;
  name: string;
  email: string | null;
  /** Signed in with a temporary password: only the change-password page is open to them (decision 120). */
  mustChangePassword: boolean;
  /** Their second factor was reset (a lost phone): only its page, the password's and sign-out are open to them. */
  mustEnrolSecondFactor: boolean;
  /** What the owner made them (decision 215); null for an account nobody has given a role, which may do nothing. */
  role: Role | null;
}

export interface SessionData {
  userId?: string;
  /** The number a code was just sent to: the code step reads it from here, not from the URL. */
  otpPhone?: string;
  /** Where to go after the code step. */
  redirectTo?: string;
  /** The name given at sign-up by phone: the account the code makes is called this. */
  otpName?: string;
  /**
   * The code of a number new to the shop was right: the proof (services/auth/phone-proof.ts) waits
   * here while the parent gives the name the account is made with (decision 114).
   */
  phoneProof?: string;
  /** Account page: the new number a code was sent to, waiting for that code. */
  phoneChange?: string;
  /**
   * "Remember me" was left unticked: the cookie is the browser's session cookie (no Max-Age), gone when the
   * browser closes, and the row is kept a day at most. Set at sign-in, and before the code step of a phone login.
   */
  forgetOnClose?: boolean;
  /** The login page's "Remember me" was unticked before the code step: the sign-in it ends in is not remembered. */
  otpForget?: boolean;
  /**
   * An admin whose password was right and whose authenticator code is still to come (decision 197), and until when
   * (ms): the session signs nobody in (no userId) until the code is taken.
   */
  pendingAdmin?: string;
  pendingAdminUntil?: number;
}
type FlashData = { error: string; "auth:error": { message: string } };

const ANONYMOUS_SESSION_MS = 3_600_000;
/** A sign-in not remembered: its row outlives no browser session longer than a day. */
const UNREMEMBERED_SESSION_MS = 24 * 3_600_000;

interface Storage {
  sessions: SessionStorage<SessionData, FlashData>;
  /** The signed cookie holding the session id: who is signed in is read from it and one row. */
  cookie: Cookie;
}

interface Storages {
  shopper: Storage;
  admin: Storage;
}

// One pair of storages per shop (one shop per process; tests start several).
const cache = new WeakMap<object, Storages>();

function storageFor(shop: Shop, kind: SessionKind): Storage {
  let storages = cache.get(shop.db);
  if (!storages) {
    storages = { shopper: build(shop, "shopper"), admin: build(shop, "admin") };
    cache.set(shop.db, storages);
  }
  return storages[kind];
}

/**
 * The cookie holds only a random session id, signed with the shop's secret;
 * the table holds its sha-256 and the data. Logging out deletes the row, so a
 * copied cookie dies with the session. Shopper and admin sessions use separate
 * cookies and separate rows: one never counts as the other.
 */
function build(shop: Shop, kind: SessionKind): Storage {
  const maxAge = kind === "admin" ? ADMIN_SESSION_HOURS * 3600 : SHOPPER_SESSION_DAYS * 86400;
  const cookie = createCookie(kind === "admin" ? ADMIN_COOKIE : SHOPPER_COOKIE, {
    httpOnly: true,
    sameSite: "lax",
    secure: shop.config.production,
    path: "/",
    maxAge,
    secrets: [shop.sessionSecret],
  });
  // A visitor's session (Google's state, the number waiting for its code) is kept an hour, not a month:
  // bots that start sign-ins must not fill the table.
  const expiry = (data: object, expires?: Date) => {
    const full = expires ?? new Date(Date.now() + maxAge * 1000);
    if ("forgetOnClose" in data && data.forgetOnClose) return new Date(Math.min(full.getTime(), Date.now() + UNREMEMBERED_SESSION_MS));
    if ("userId" in data && data.userId) return full;
    return new Date(Math.min(full.getTime(), Date.now() + ANONYMOUS_SESSION_MS));
  };
  const storage = createSessionStorage<SessionData, FlashData>({
    cookie,
    createData: (data, expires) => shop.auth.sessions.create(kind, data as Record<string, unknown>, expiry(data, expires)),
    readData: (id) => shop.auth.sessions.read(kind, id) as never,
    updateData: (id, data, expires) => shop.auth.sessions.update(kind, id, data as Record<string, unknown>, expiry(data, expires)),
    deleteData: (id) => shop.auth.sessions.destroy(kind, id),
  });
  // Every commit of a session not remembered, at sign-in or later (a flash, the account page), keeps its cookie a session cookie.
  const sessions: SessionStorage<SessionData, FlashData> = {
    ...storage,
    commitSession: (session, options) =>
      storage.commitSession(session, session.get("forgetOnClose") ? { ...options, maxAge: undefined, expires: undefined } : options),
  };
  return { sessions, cookie };
}

export function shopperStorage(shop: Shop) {
  return storageFor(shop, "shopper").sessions;
}

export function adminStorage(shop: Shop) {
  return storageFor(shop, "admin").sessions;
}

export function getShopperSession(request: Request, shop: Shop): Promise<Session<SessionData, FlashData>> {
  return shopperStorage(shop).getSession(request.headers.get("Cookie"));
}

export function getAdminSession(request: Request, shop: Shop): Promise<Session<SessionData, FlashData>> {
  return adminStorage(shop).getSession(request.headers.get("Cookie"));
}

/**
 * The user signed in by this request's session cookie of `kind`: the cookie's signature, then
 * the session row and its user in one query (the same rows Remix's session storage reads).
 */
async function sessionUser(request: Request, shop: Shop, kind: SessionKind): Promise<(User & { mustChangePassword?: boolean; mustEnrolSecondFactor?: boolean }) | null> {
  const id: unknown = await storageFor(shop, kind).cookie.parse(request.headers.get("Cookie"));
  return typeof id === "string" && id ? shop.auth.sessions.user(kind, id) : null;
}

/**
 * When the account of this browser's shopper session was erased (decision 248), as the page says it; null when it
 * was not (no cookie, signed out, or expired). Asked only where a signed-out parent lands, never on every page.
 */
export async function erasedSessionAt(request: Request, shop: Shop): Promise<Date | null> {
  const id: unknown = await storageFor(shop, "shopper").cookie.parse(request.headers.get("Cookie"));
  return typeof id === "string" && id ? shop.auth.sessions.erasedAt(id) : null;
}

/** The signed-in shopper, or null. */
export async function getShopper(request: Request, shop: Shop): Promise<Shopper | null> {
  const user = await sessionUser(request, shop, "shopper");
  return user && { id: user.id, name: user.name, email: user.email, phone: user.phone };
}

function here(request: Request): string {
  const url = new URL(request.url);
  return `${url.pathname}${url.search}`;
}

/** The signed-in shopper, or a redirect to /login that comes back here afterwards. */
export async function requireShopper(request: Request, shop: Shop): Promise<Shopper> {
  const shopper = await getShopper(request, shop);
  if (!shopper) throw redirect(`/login?${new URLSearchParams({ redirectTo: here(request) })}`);
  return shopper;
}

/**
 * The signed-in admin (admin cookie AND the admin account, read fresh from the database) with their role on the
 * staff roster (decision 215), or null.
 */
export async function getAdmin(request: Request, shop: Shop): Promise<Admin | null> {
  const user = await sessionUser(request, shop, "admin");
  if (!user || user.role !== "admin") return null;
  const role = await shop.staff.roleOf(user.id);
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    mustChangePassword: user.mustChangePassword === true,
    mustEnrolSecondFactor: user.mustEnrolSecondFactor === true,
    role,
  };
}

/**
 * A person of the shop's staff, whatever their role: the admin, or a redirect to /admin/login. An
 * admin who still has the temporary password they were added with is sent to change it from
 * every admin page and action but that one (decision 120). For the pages everyone may open (their
 * own password); every other page asks for its permission (app/admin/guard.server.ts, `requirePermission`).
 */
export async function requireStaff(request: Request, shop: Shop): Promise<Admin> {
  const admin = await getAdmin(request, shop);
  if (!admin) throw redirect("/admin/login");
  const path = new URL(request.url).pathname;
  if (admin.mustChangePassword && !allowedBeforePasswordChange(path)) throw redirect(ADMIN_PASSWORD_PATH);
  if (admin.mustEnrolSecondFactor && !allowedBeforeSecondFactor(path)) throw redirect(SECOND_FACTOR_PATH);
  return admin;
}

/**
 * The 403 a person gets for what their role may not do: the reason in their language (`refusals:permission.*`), as
 * `message` (what the admin pages' error boundaries show) beside the refusal's key.
 */
export function refusedForRole(request: Request, key: string): Response {
  const message = refusalText(languageOf(request), refusal(key));
  return Response.json({ message, refused: key }, { status: 403 });
}

/**
 * The owner or a manager: for a page that has not named its permission. Such a page is closed to counter staff and
 * packers rather than open to them (decision 215).
 */
export async function requireAdmin(request: Request, shop: Shop): Promise<Admin> {
  return backOffice(request, await requireStaff(request, shop));
}

/** The person, if they are the owner or a manager; else the 403 that says so. */
export function backOffice(request: Request, person: Admin): Admin {
  if (!person.role) throw refusedForRole(request, "permission.noRole");
  if (!BACK_OFFICE.includes(person.role)) throw refusedForRole(request, "permission.backOffice");
  return person;
}

function mergeHeaders(target: Headers, extra: Headers): void {
  for (const cookie of extra.getSetCookie()) target.append("Set-Cookie", cookie);
  extra.forEach((value, key) => {
    if (key.toLowerCase() !== "set-cookie") target.append(key, value);
  });
}

/**
 * A fresh session for a user: the old one (and its id) is deleted and a new
 * id issued, so an id planted before sign-in is worthless after it.
 */
async function rotate(storage: SessionStorage<SessionData, FlashData>, request: Request, userId: string, remember = true): Promise<string> {
  const old = await storage.getSession(request.headers.get("Cookie"));
  if (old.id) await storage.destroySession(old);
  const fresh = await storage.getSession();
  fresh.set("userId", userId);
  if (!remember) fresh.set("forgetOnClose", true);
  return storage.commitSession(fresh);
}

/**
 * Ends every page sign-in of a shopper: new session, the sign-in hooks (cart merge), redirect. `remember: false`
 * ("Remember me" unticked on the login page) makes it a browser session's cookie instead of 30 days'.
 */
export async function signInShopper(
  request: Request,
  shop: Shop,
  userId: string,
  redirectTo?: unknown,
  options: { remember?: boolean } = {},
): Promise<Response> {
  const headers = new Headers();
  headers.append("Set-Cookie", await rotate(shopperStorage(shop), request, userId, options.remember ?? true));
  mergeHeaders(headers, await afterShopperSignIn(request, shop, userId));
  return redirect(safeRedirect(redirectTo, AFTER_SIGN_IN), { headers });
}

/** Where an admin with a second factor types its code after the password (decision 197). */
export const ADMIN_CODE_PATH = "/admin/login/code";
/** The login page's query naming why a pending sign-in ended (`too-many-codes`). */
export const ADMIN_LOGIN_NOTICE = "ended";

/**
 * A right password of an admin with a second factor: a fresh session that signs nobody in, holding whose code is
 * awaited and until when, and the code page.
 */
export async function awaitAdminCode(request: Request, shop: Shop, userId: string): Promise<Response> {
  const storage = adminStorage(shop);
  const old = await storage.getSession(request.headers.get("Cookie"));
  if (old.id) await storage.destroySession(old);
  const fresh = await storage.getSession();
  fresh.set("pendingAdmin", userId);
  fresh.set("pendingAdminUntil", Date.now() + SECOND_FACTOR_PENDING_MINUTES * 60_000);
  return redirect(ADMIN_CODE_PATH, { headers: { "Set-Cookie": await storage.commitSession(fresh) } });
}

/** The admin whose code this browser's session awaits, and the session's id; null when none or too late. */
export async function pendingAdminCode(request: Request, shop: Shop): Promise<{ userId: string; sessionId: string } | null> {
  const session = await getAdminSession(request, shop);
  const userId = session.get("pendingAdmin");
  const until = session.get("pendingAdminUntil");
  if (!userId || !session.id || typeof until !== "number" || until < Date.now()) return null;
  return { userId, sessionId: session.id };
}

/**
 * The admin device cookie (decision 253): set with every admin sign-in, read only by the admin login, whose holds on
 * wrong passwords it lets this browser past. Its value is the auth service's MAC'd mark, so it needs no signature here.
 */
function adminDeviceCookie(shop: Shop): Cookie {
  return createCookie(ADMIN_DEVICE_COOKIE, {
    httpOnly: true,
    sameSite: "lax",
    secure: shop.config.production,
    path: "/admin/login",
    maxAge: ADMIN_DEVICE_DAYS * 86_400,
  });
}

/** This browser's admin device mark, as the admin login gives it to the auth service; null without one. */
export async function adminDeviceOf(request: Request, shop: Shop): Promise<string | null> {
  const value: unknown = await adminDeviceCookie(shop).parse(request.headers.get("Cookie"));
  return typeof value === "string" ? value : null;
}

/** A fresh admin session, then `to` (the dashboard; the change-password page after a change of password). */
export async function signInAdmin(request: Request, shop: Shop, userId: string, to = "/admin"): Promise<Response> {
  const headers = new Headers();
  headers.append("Set-Cookie", await rotate(adminStorage(shop), request, userId));
  headers.append("Set-Cookie", await adminDeviceCookie(shop).serialize(shop.auth.adminDeviceMark(userId)));
  return redirect(to, { headers });
}

export async function signOutShopper(request: Request, shop: Shop): Promise<Response> {
  const storage = shopperStorage(shop);
  const session = await storage.getSession(request.headers.get("Cookie"));
  return redirect("/", { headers: { "Set-Cookie": await storage.destroySession(session) } });
}

export async function signOutAdmin(request: Request, shop: Shop): Promise<Response> {
  const storage = adminStorage(shop);
  const session = await storage.getSession(request.headers.get("Cookie"));
  return redirect("/admin/login", { headers: { "Set-Cookie": await storage.destroySession(session) } });
}

/**
 * Step one of phone sign-in from a page: sends the code, remembers the number
 * (and where to go afterwards) in the session, and moves to the code step.
 * A refusal (send limits, a bad number) comes back worded in the page's language.
 */
export async function startPhoneCode(
  request: Request,
  shop: Shop,
  phone: string,
  redirectTo: string,
  clientIp?: string,
  /** The name given at sign-up by phone; a login by phone keeps none. */
  name?: string,
  /** "Remember me" on the login page; the code step signs in with it. */
  remember = true,
): Promise<Response | { error: string; status: number }> {
  try {
    // The code's text speaks the page's language.
    await shop.auth.sendCode({ phone, ip: clientIp, language: languageOf(request) });
  } catch (err) {
    if (isAuthError(err)) return { error: refusalText(languageOf(request), err.refusal), status: err.status };
    throw err;
  }
  const storage = shopperStorage(shop);
  const session = await storage.getSession(request.headers.get("Cookie"));
  session.set("otpPhone", phone);
  session.set("redirectTo", safeRedirect(redirectTo, AFTER_SIGN_IN));
  session.unset("phoneProof");
  if (name) session.set("otpName", name);
  else session.unset("otpName");
  // Only the sign-in to come is not remembered: this visitor's session (an hour at most) keeps its cookie's age.
  if (remember) session.unset("otpForget");
  else session.set("otpForget", true);
  return redirect("/otp", { headers: { "Set-Cookie": await storage.commitSession(session) } });
}
