/**
 * The shop's staff and their roles (decision 215): one stream, `staff-roster`, where every role given is a fact
 * with the person who gave it. The roster begins with every admin the shop had before roles existed recorded
 * as an owner (they could do everything, and still can); from then on only an owner names people and changes
 * roles, never their own, and the shop always keeps an owner who can sign in (decision 216). The operator at the server (`shop staff`, the
 * first admin from the settings) acts as the system and may give any role.
 */
import "../zod-in-browser";
import { z } from "zod";
import { RuleViolation } from "../errors";
import type { Decider } from "../events/decider";
import { createEventRegistry } from "../events/registry";
import type { Actor } from "../orders/events";
import { BACK_OFFICE, ROLES, isRole, type Role } from "./roles";

export const STAFF_STREAM = "staff-roster";

/** A person as the roster names them: the admin account's id and its name when the role was given. */
export interface StaffPerson {
  id: string;
  name: string;
}

export interface StaffBegunData {
  /** The admins there were before roles: each became an owner. */
  owners: StaffPerson[];
  at: string;
}

export interface RoleGivenData {
  person: StaffPerson;
  role: Role;
  /** The role they had before; null for a person named for the first time. */
  previous: Role | null;
  actor: Actor;
  at: string;
}

/**
 * A person's second factor taken away by the owner or the operator (a lost phone, decision 197): their authenticator
 * secret and recovery codes end, and they set a new one up before any other admin page opens to them.
 */
export interface SecondFactorResetData {
  person: StaffPerson;
  /** They must set a new one up before anything else: the owner and managers, whose page the second factor has. */
  enrolAgain: boolean;
  actor: Actor;
  at: string;
}

export type StaffEvent =
  | { type: "StaffBegun"; data: StaffBegunData }
  | { type: "RoleGiven"; data: RoleGivenData }
  | { type: "SecondFactorReset"; data: SecondFactorResetData };

const actor = z.object({ kind: z.enum(["admin", "customer", "guest", "system"]), id: z.string().optional(), name: z.string().optional() });
const person = z.object({ id: z.string().min(1), name: z.string() });
const role = z.enum(ROLES);

export const staffEvents = createEventRegistry<StaffEvent>("staff", {
  StaffBegun: { version: 1, schema: z.object({ owners: z.array(person), at: z.string() }) },
  RoleGiven: { version: 1, schema: z.object({ person, role, previous: role.nullable(), actor, at: z.string() }) },
  SecondFactorReset: { version: 1, schema: z.object({ person, enrolAgain: z.boolean(), actor, at: z.string() }) },
});

export interface StaffState {
  begun: boolean;
  /** Everyone with a role, by account id. */
  people: Record<string, { name: string; role: Role }>;
}

export type StaffCommand =
  | { type: "BeginStaff"; admins: StaffPerson[]; at: string }
  | {
      type: "GiveRole";
      person: StaffPerson;
      role: string;
      actor: Actor;
      at: string;
      /** The accounts switched off now (decision 104): an owner among them cannot sign in, so keeps no one's shop. */
      disabled?: readonly string[];
    }
  | { type: "ResetSecondFactor"; person: StaffPerson; actor: Actor; at: string };

/** The role a person holds; null for an account nobody has given one (it may do nothing in the back office). */
export function roleIn(state: StaffState, id: string): Role | null {
  return state.people[id]?.role ?? null;
}

/** The owners who can still sign in: an owner whose account is switched off names nobody and undoes nothing. */
const activeOwnersIn = (state: StaffState, disabled: readonly string[]) =>
  Object.entries(state.people).filter(([id, p]) => p.role === "owner" && !disabled.includes(id)).map(([id]) => id);

/**
 * The shop keeps an owner who can sign in (decision 215): taking the owner's role from, or switching off, the last
 * enabled owner is refused, whatever other owners are on the roster with their accounts switched off.
 */
export function checkOwnerLeft(state: StaffState, person: StaffPerson, disabled: readonly string[]): void {
  const active = activeOwnersIn(state, disabled);
  if (active.length === 1 && active[0] === person.id) throw new RuleViolation("staff.lastOwner", { name: person.name }, 409);
}

function evolve(state: StaffState, event: StaffEvent): StaffState {
  switch (event.type) {
    case "StaffBegun": {
      const people = { ...state.people };
      for (const owner of event.data.owners) people[owner.id] = { name: owner.name, role: "owner" };
      return { begun: true, people };
    }
    case "RoleGiven":
      return { ...state, people: { ...state.people, [event.data.person.id]: { name: event.data.person.name, role: event.data.role } } };
    case "SecondFactorReset":
      // The secret lives with the account (users.totp_*), not on the roster: the fact is who reset whose, and when.
      return state;
  }
}

/** Only an owner names people; the operator at the server (the system) may too. */
function checkMayName(state: StaffState, actor: Actor): void {
  if (actor.kind === "system") return;
  if (actor.kind === "admin" && actor.id && roleIn(state, actor.id) === "owner") return;
  throw new RuleViolation("permission.staff", {}, 403);
}

export const staffDecider: Decider<StaffState, StaffCommand, StaffEvent> = {
  initialState: () => ({ begun: false, people: {} }),
  evolve,
  decide(command, state) {
    switch (command.type) {
      case "BeginStaff":
        // Begun once: the admins of that moment are the owners; anyone made an admin later is given a role. A shop
        // without an admin yet has no one to begin with: its first admin begins it.
        if (state.begun || command.admins.length === 0) return [];
        return [{ type: "StaffBegun", data: { owners: command.admins, at: command.at } }];
      case "GiveRole": {
        // The service begins the roster before anything else is decided on it: a role on an unbegun roster is a fault.
        if (!state.begun) throw new Error("the staff roster has not begun");
        checkMayName(state, command.actor);
        if (!isRole(command.role)) throw new RuleViolation("staff.role", {}, 422);
        const { person, actor, at } = command;
        if (actor.kind === "admin" && actor.id === person.id) throw new RuleViolation("staff.self", {}, 409);
        const previous = roleIn(state, person.id);
        if (previous === command.role) return [];
        if (previous === "owner") checkOwnerLeft(state, person, command.disabled ?? []);
        return [{ type: "RoleGiven", data: { person, role: command.role, previous, actor, at } }];
      }
      case "ResetSecondFactor": {
        if (!state.begun) throw new Error("the staff roster has not begun");
        checkMayName(state, command.actor);
        const { person, actor, at } = command;
        // Only a person on the roster has a second factor the shop gave a page to (the owner and managers set it up).
        const held = roleIn(state, person.id);
        if (held === null) throw new RuleViolation("staff.notStaff", {}, 404);
        // An owner who lost their own phone signs in with a recovery code, or asks the operator at the server.
        if (actor.kind === "admin" && actor.id === person.id) throw new RuleViolation("staff.resetSelf", {}, 409);
        // Counter staff and packers have no second factor page: theirs (from a manager's days) is only taken away.
        return [{ type: "SecondFactorReset", data: { person, enrolAgain: BACK_OFFICE.includes(held), actor, at } }];
      }
    }
  },
};
