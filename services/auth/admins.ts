import { randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import type { DB } from "../../db/schema";
import { looksLikeEmail, normalizeEmail } from "../../domain/auth";
import { RuleViolation } from "../../domain/errors";

/** One admin as the Admins page and `shop admin list` show them. */
export interface AdminRecord {
  id: string;
  name: string;
  email: string | null;
  since: Date | null;
  lastSignInAt: Date | null;
  disabledAt: Date | null;
  /** The enabled admin who became one first: the only one who may add and disable admins. */
  owner: boolean;
}

/**
 * A temporary password for a new admin when none is given: 16 characters from an alphabet
 * without look-alikes (0/O, 1/l/I), about 90 bits, easy to read out over the phone once.
 */
export function temporaryPassword(): string {
  const alphabet = "abcdefghjkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789";
  const bytes = randomBytes(16);
  return Array.from(bytes, (b) => alphabet[b % alphabet.length]).join("");
}

/**
 * Who may act on the admins: `cli` is the operator at the server (no owner check); `admin` is a signed-in admin,
 * checked here to be the first admin (decision 104); `staff` is an owner on the staff roster, whose page asked for
 * the `staff` permission before calling (decision 215).
 */
export type AdminChanger = { kind: "cli" } | { kind: "admin"; id: string } | { kind: "staff"; id: string };

/**
 * Every admin, owner first then by when they became admins. The owner is the enabled admin
 * with the earliest `admin_since` (ties by id): the first admin while they are enabled, and
 * since only the operator's `shop admin disable` can switch the owner off, the next one after that.
 */
export async function listAdmins(db: Kysely<DB>): Promise<AdminRecord[]> {
  const rows = await db
    .selectFrom("users")
    .select(["id", "name", "email", "admin_since", "created_at", "last_sign_in_at", "admin_disabled_at"])
    .where("role", "=", "admin")
    .execute();
  const since = (r: (typeof rows)[number]) => new Date(r.admin_since ?? r.created_at).getTime();
  rows.sort((a, b) => since(a) - since(b) || a.id.localeCompare(b.id));
  const ownerId = rows.find((r) => !r.admin_disabled_at)?.id;
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    email: r.email,
    since: r.admin_since ? new Date(r.admin_since) : new Date(r.created_at),
    lastSignInAt: r.last_sign_in_at ? new Date(r.last_sign_in_at) : null,
    disabledAt: r.admin_disabled_at ? new Date(r.admin_disabled_at) : null,
    owner: r.id === ownerId,
  }));
}

export async function requireOwner(db: Kysely<DB>, by: AdminChanger): Promise<void> {
  if (by.kind !== "admin") return;
  const owner = (await listAdmins(db)).find((a) => a.owner);
  if (!owner || owner.id !== by.id) throw new RuleViolation("admins.notOwner", {}, 403);
}

export function checkNewAdmin(input: { email?: string; name?: string }): { email: string; name: string } {
  const name = input.name?.trim() ?? "";
  const email = input.email?.trim() ?? "";
  if (!name || name.length > 100 || !looksLikeEmail(email)) throw new RuleViolation("admins.invalidInput", {}, 422);
  return { email: normalizeEmail(email), name };
}

/**
 * The rules of switching an admin off, checked before the change: never yourself (the page
 * would lock you out mid-click), never the last enabled admin (nobody could sign in to undo it).
 */
export async function checkDisable(db: Kysely<DB>, by: AdminChanger, target: AdminRecord): Promise<void> {
  await requireOwner(db, by);
  if (by.kind !== "cli" && by.id === target.id) throw new RuleViolation("admins.self", {}, 409);
  const enabled = (await listAdmins(db)).filter((a) => !a.disabledAt);
  if (!target.disabledAt && enabled.length <= 1) throw new RuleViolation("admins.lastEnabled", {}, 409);
}
