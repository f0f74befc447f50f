/**
 * The shop's staff and their roles (decision 215): the roster's one stream through the command handler, kept folded
 * in memory (every admin request reads it), begun with the admins there were as owners the first time it is read.
 * A role names an admin account (the users table); the Admins page adds the account and gives its role.
 */
import type { Kysely } from "kysely";
import type { DB } from "../db/schema";
import { normalizeEmail } from "../domain/auth";
import { RuleViolation } from "../domain/errors";
import type { Actor } from "../domain/orders/events";
import type { Role } from "../domain/staff/roles";
import { STAFF_STREAM, checkOwnerLeft, roleIn, staffDecider, staffEvents, type StaffPerson, type StaffState } from "../domain/staff/roster";
import { createCommandHandler } from "../eventstore/command-handler";
import type { ShopEvents } from "../eventstore/port";
import type { AdminChanger, AuthService, User } from "./auth/index";

/** The operator at the server: `shop admin create`, the first admin from the settings, a test's admin. */
export const OPERATOR: Actor = { kind: "system", name: "operator" };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function createStaffService(deps: { db: Kysely<DB>; store: ShopEvents; auth: Pick<AuthService, "addAdmin" | "secondFactor" | "revokeAllForUser"> }) {
  const { db, store } = deps;
  const roster = createCommandHandler(store, { decider: staffDecider, events: staffEvents }, { cachedStreams: 1 });

  async function admins(): Promise<StaffPerson[]> {
    const rows = await db.selectFrom("users").select(["id", "name", "email"]).where("role", "=", "admin").orderBy("admin_since").orderBy("id").execute();
    return rows.map((r) => ({ id: r.id, name: r.name || r.email || "Admin" }));
  }

  /** The roster, begun first if it has not been: the admins there are now become owners. */
  async function current(): Promise<StaffState> {
    const { state } = await roster.load(STAFF_STREAM);
    if (state.begun) return state;
    const list = await admins();
    return (await roster.handle(STAFF_STREAM, { type: "BeginStaff", admins: list, at: new Date().toISOString() })).state;
  }

  /** The admin accounts switched off now (decision 104). */
  async function disabledIds(): Promise<string[]> {
    const rows = await db.selectFrom("users").select("id").where("role", "=", "admin").where("admin_disabled_at", "is not", null).execute();
    return rows.map((r) => r.id);
  }

  /** The admin account's name, or a refusal: a role is given to the shop's own people only. */
  async function staffMember(id: string): Promise<StaffPerson> {
    if (!UUID.test(id)) throw new RuleViolation("staff.notStaff", {}, 404);
    const row = await db.selectFrom("users").select(["id", "name", "email"]).where("id", "=", id).where("role", "=", "admin").executeTakeFirst();
    if (!row) throw new RuleViolation("staff.notStaff", {}, 404);
    return { id: row.id, name: row.name || row.email || "Admin" };
  }

  /** Gives an admin account a role; an owner's word (or the operator's). Refusals are RuleViolations (403, 404, 409, 422). */
  async function giveRole(personId: string, role: string, actor: Actor): Promise<{ changed: boolean }> {
    await current();
    const person = await staffMember(personId);
    const disabled = await disabledIds();
    const handled = await roster.handle(STAFF_STREAM, { type: "GiveRole", person, role, actor, at: new Date().toISOString(), disabled });
    return { changed: handled.changed };
  }

  return {
    /** The role of an admin account; null when nobody has given it one (it may do nothing but change its password). */
    async roleOf(id: string): Promise<Role | null> {
      return roleIn(await current(), id);
    },

    /** Everyone's role, by account id. */
    async roles(): Promise<ReadonlyMap<string, Role>> {
      const state = await current();
      return new Map(Object.entries(state.people).map(([id, p]) => [id, p.role]));
    },

    /**
     * A new person from the owner's page: their admin account (name, email, temporary password), then the role the
     * owner chose. Until the role is given the account may do nothing, so a failure between leaves no one with too much.
     */
    async addPerson(by: AdminChanger, input: { name: string; email: string; password: string }, role: Role, actor: Actor): Promise<User> {
      const user = await deps.auth.addAdmin(by, input);
      await giveRole(user.id, role, actor);
      return user;
    },

    giveRole,

    /**
     * A staff member lost the phone with their authenticator app (decision 197): the reset is recorded on the roster
     * (who, by whom, when), then their secret and recovery codes end, as do their sessions and tokens; the owner and
     * managers set a new one up at their next sign-in before any other page opens. `email` names the admin account.
     */
    async resetSecondFactor(email: string, actor: Actor): Promise<{ person: StaffPerson; enrolAgain: boolean }> {
      await current();
      const row = await db.selectFrom("users").select("id").where("email", "=", normalizeEmail(email)).where("role", "=", "admin").executeTakeFirst();
      if (!row) throw new RuleViolation("staff.notStaff", {}, 404);
      const person = await staffMember(row.id);
      const handled = await roster.handle(STAFF_STREAM, { type: "ResetSecondFactor", person, actor, at: new Date().toISOString() });
      const reset = handled.events.find((e) => e.type === "SecondFactorReset");
      const enrolAgain = reset?.type === "SecondFactorReset" && reset.data.enrolAgain;
      await deps.auth.secondFactor.reset(person.id, { enrolAgain });
      await deps.auth.revokeAllForUser(person.id);
      return { person, enrolAgain };
    },

    /**
     * Before an admin account is switched off (the owner's page, `shop admin disable`): refused when it is the last
     * owner who can sign in, as the roster's rule says (`staff.lastOwner`), other owners switched off or not.
     */
    async checkDisable(id: string, disabled: readonly string[]): Promise<void> {
      const state = await current();
      const name = state.people[id]?.name ?? "";
      checkOwnerLeft(state, { id, name }, disabled);
    },

    /**
     * The operator made this account an admin (at the server, or the first admin from the settings): an owner, as
     * the admins before roles were, unless the owner already gave it a role.
     */
    async operatorMadeAdmin(id: string): Promise<void> {
      const state = await current();
      if (roleIn(state, id) !== null) return;
      const person = await staffMember(id);
      await roster.handle(STAFF_STREAM, { type: "GiveRole", person, role: "owner", actor: OPERATOR, at: new Date().toISOString() });
    },
  };
}

export type StaffService = ReturnType<typeof createStaffService>;
