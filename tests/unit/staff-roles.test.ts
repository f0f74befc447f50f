/**
 * Staff and their roles (decision 215): the one table of who may do what, and the roster's rules. Given what the
 * staff stream holds, when the owner (or someone else) names a person, then the role given, nothing, or a refusal
 * worded in both languages.
 */
import { describe, expect, it } from "vitest";
import { spec } from "../support/decider-spec";
import { wordsRefusal } from "../../app/i18n/refusals.server";
import { LANGUAGES } from "../../domain/i18n";
import { PERMISSIONS, ROLES, homeOf, may, permissionsOf, type Permission } from "../../domain/staff/roles";
import { staffDecider, roleIn, type StaffEvent } from "../../domain/staff/roster";

const at = "2026-12-07T12:00:00.000Z";
const asha = { id: "u-asha", name: "Asha" };
const vikram = { id: "u-vikram", name: "Vikram" };
const meena = { id: "u-meena", name: "Meena" };
const admin = (p: { id: string; name: string }) => ({ kind: "admin" as const, id: p.id, name: p.name });
const operator = { kind: "system" as const, name: "shop staff" };

const begun: StaffEvent = { type: "StaffBegun", data: { owners: [asha], at } };
const given = (person: { id: string; name: string }, role: "owner" | "manager" | "counter" | "packer", previous: null | "owner" | "manager" | "counter" | "packer" = null, by = admin(asha)): StaffEvent => ({
  type: "RoleGiven",
  data: { person, role, previous, actor: by, at },
});
const give = (person: { id: string; name: string }, role: string, by: { kind: "admin" | "system"; id?: string; name?: string } = admin(asha)) => ({
  type: "GiveRole" as const,
  person,
  role,
  actor: by,
  at,
});

describe("who may do what", () => {
  const onlyOwnerAndManager: Permission[] = ["refund", "deleteOrders", "catalogue", "erase", "reports", "orders", "messages"];

  it("lets only the owner and a manager refund, delete orders, change prices, erase a parent's data and see reports", () => {
    for (const permission of onlyOwnerAndManager) {
      expect(ROLES.filter((role) => may(role, permission)), permission).toEqual(["owner", "manager"]);
    }
  });

  it("lets counter staff sell, exchange, keep their drawer and print a bill, and nothing else", () => {
    expect(PERMISSIONS.filter((p) => may("counter", p))).toEqual(["sell", "exchange", "drawer", "print"]);
    expect(may("counter", "refund")).toBe(false);
  });

  it("lets a packer see the orders to pack and print their slips, and nothing else", () => {
    expect(PERMISSIONS.filter((p) => may("packer", p))).toEqual(["seeOrders", "print"]);
  });

  it("keeps naming people to the owner; a manager does everything else", () => {
    expect(ROLES.filter((role) => may(role, "staff"))).toEqual(["owner"]);
    expect(PERMISSIONS.filter((p) => !may("manager", p))).toEqual(["staff"]);
    expect(permissionsOf("owner")).toEqual(PERMISSIONS);
  });

  it("gives an admin nobody has named nothing", () => {
    for (const permission of PERMISSIONS) expect(may(null, permission)).toBe(false);
    expect(permissionsOf(undefined)).toEqual([]);
  });

  it("says why in both languages for every permission refused, and for having no role", () => {
    for (const lang of LANGUAGES) {
      for (const permission of PERMISSIONS) expect(wordsRefusal(lang, `permission.${permission}`), `${lang} permission.${permission}`).toBe(true);
      expect(wordsRefusal(lang, "permission.noRole")).toBe(true);
    }
  });

  it("starts each person on a page they may open", () => {
    expect(homeOf("owner")).toBe("/admin");
    expect(homeOf("manager")).toBe("/admin");
    expect(homeOf("packer")).toBe("/admin");
    expect(homeOf("counter")).toBe("/admin/counter");
    expect(homeOf(null)).toBe("/admin/password");
  });
});

describe("the staff roster", () => {
  const roster = spec(staffDecider);

  it("begins with every admin there was as an owner, once", () => {
    roster.given().when({ type: "BeginStaff", admins: [asha, vikram], at }).then([{ type: "StaffBegun", data: { owners: [asha, vikram], at } }]);
    const state = roster.given({ type: "StaffBegun", data: { owners: [asha, vikram], at } }).state();
    expect(roleIn(state, asha.id)).toBe("owner");
    expect(roleIn(state, vikram.id)).toBe("owner");
    expect(roleIn(state, meena.id)).toBeNull();
    roster.given(begun).when({ type: "BeginStaff", admins: [asha, vikram, meena], at }).thenNothing();
    roster.given().when({ type: "BeginStaff", admins: [], at }).thenNothing();
  });

  it("lets the owner name a person to the counter, and records who did it", () => {
    roster.given(begun).when(give(meena, "counter")).then([given(meena, "counter")]);
    expect(roleIn(roster.given(begun, given(meena, "counter")).state(), meena.id)).toBe("counter");
  });

  it("lets the owner change a role, keeping the one before", () => {
    roster.given(begun, given(meena, "counter")).when(give(meena, "manager")).then([given(meena, "manager", "counter")]);
    roster.given(begun, given(meena, "counter")).when(give(meena, "counter")).thenNothing();
  });

  it("refuses a role from anyone but an owner", () => {
    const history = [begun, given(vikram, "manager"), given(meena, "counter")];
    roster.given(history).when(give({ id: "u-new", name: "Ravi" }, "packer", admin(vikram))).thenRefuses("permission.staff", {}, 403);
    roster.given(history).when(give(vikram, "owner", admin(meena))).thenRefuses("permission.staff", {}, 403);
    roster.given(history).when(give(meena, "owner", { kind: "admin", id: "u-stranger", name: "Stranger" })).thenRefuses("permission.staff", {}, 403);
  });

  it("refuses a role that is not one of the four", () => {
    roster.given(begun).when(give(meena, "cashier")).thenRefuses("staff.role", {}, 422);
  });

  it("never lets an owner change their own role, nor leaves the shop without an owner", () => {
    roster.given(begun, given(vikram, "owner")).when(give(asha, "counter")).thenRefuses("staff.self", {}, 409);
    roster.given(begun).when(give(asha, "manager", operator)).thenRefuses("staff.lastOwner", { name: "Asha" }, 409);
    // With a second owner, one owner may make the other a manager.
    roster.given(begun, given(vikram, "owner")).when(give(vikram, "manager")).then([given(vikram, "manager", "owner")]);
  });

  it("counts only the owners who can sign in: an owner switched off keeps no one's shop", () => {
    const twoOwners = [begun, given(vikram, "owner")];
    // Vikram's account is switched off: Asha is the last owner who can sign in, so even the operator keeps her one.
    roster.given(twoOwners).when({ ...give(asha, "manager", operator), disabled: [vikram.id] }).thenRefuses("staff.lastOwner", { name: "Asha" }, 409);
    // The owner switched off may lose the role: Asha stays.
    roster.given(twoOwners).when({ ...give(vikram, "manager"), disabled: [vikram.id] }).then([given(vikram, "manager", "owner")]);
    roster.given(twoOwners).when({ ...give(asha, "manager", operator), disabled: [] }).then([given(asha, "manager", "owner", operator as never)]);
  });

  it("lets the operator at the server give any role", () => {
    roster.given(begun).when(give(meena, "owner", operator)).then([given(meena, "owner", null, operator as never)]);
  });

  const reset = (person: { id: string; name: string }, by: { kind: "admin" | "system"; id?: string; name?: string } = operator) => ({
    type: "ResetSecondFactor" as const,
    person,
    actor: by,
    at,
  });

  it("records a lost phone's second factor reset by the operator or an owner; the owner and managers enrol again", () => {
    const history = [begun, given(vikram, "manager"), given(meena, "counter")];
    roster.given(history).when(reset(vikram)).then([{ type: "SecondFactorReset", data: { person: vikram, enrolAgain: true, actor: operator, at } }]);
    roster.given(history).when(reset(vikram, admin(asha))).then([{ type: "SecondFactorReset", data: { person: vikram, enrolAgain: true, actor: admin(asha), at } }]);
    // Counter staff have no second factor page: theirs is only taken away.
    roster.given(history).when(reset(meena)).then([{ type: "SecondFactorReset", data: { person: meena, enrolAgain: false, actor: operator, at } }]);
    // The roles stay as they were.
    expect(roleIn(roster.given(...history, { type: "SecondFactorReset", data: { person: vikram, enrolAgain: true, actor: operator, at } }).state(), vikram.id)).toBe("manager");
  });

  it("refuses a reset from a manager, of someone not on the roster, and of an owner's own", () => {
    const history = [begun, given(vikram, "manager")];
    roster.given(history).when(reset(asha, admin(vikram))).thenRefuses("permission.staff", {}, 403);
    roster.given(history).when(reset({ id: "u-stranger", name: "Stranger" })).thenRefuses("staff.notStaff", {}, 404);
    roster.given(history).when(reset(asha, admin(asha))).thenRefuses("staff.resetSelf", {}, 409);
  });

  it("decides nothing on a roster that has not begun", () => {
    expect(() => roster.given().when(give(meena, "counter")).events()).toThrow(/not begun/);
  });
});
