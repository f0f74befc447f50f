/**
 * The staff roster through the shop's services on a real Postgres and event store (decision 215): the admins there
 * were become owners when the roster is first read; the operator's admin is an owner; an owner names a person to
 * the counter, and the event names who did it; a counter person may not name anyone.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { STAFF_STREAM, staffEvents } from "../../domain/staff/roster";
import { openTestShop, type TestShop } from "../support/shop";

let shop: TestShop;
beforeAll(async () => {
  shop = await openTestShop();
});
afterAll(async () => {
  await shop?.close();
});

/** An admin account as there were before roles (a name, an email, a password): no role given by anyone. */
async function adminAccount(name: string) {
  // As the owner's page adds one before it gives the role it chose; the operator's `cli` would make an owner.
  const user = await shop.auth.addAdmin({ kind: "staff", id: "the-page" }, { name, email: `${name.toLowerCase()}-${Date.now()}@churu-uniforms.example`, password: "a long staff password 1994" });
  return { id: user.id, name: user.name };
}

describe("the staff roster", () => {
  it("makes the admins there were owners, names a counter person with who named them, and lets only an owner name", async () => {
    const asha = await adminAccount("Asha");
    const vikram = await adminAccount("Vikram");
    // The first read begins the roster: both admins there are become owners.
    expect(await shop.staff.roleOf(asha.id)).toBe("owner");
    expect(await shop.staff.roleOf(vikram.id)).toBe("owner");

    // Made an admin after the roster began: no role until the owner gives one, so nothing to do.
    const meena = await adminAccount("Meena");
    expect(await shop.staff.roleOf(meena.id)).toBeNull();
    const byAsha = { kind: "admin" as const, id: asha.id, name: asha.name };
    expect(await shop.staff.giveRole(meena.id, "counter", byAsha)).toEqual({ changed: true });
    expect(await shop.staff.roleOf(meena.id)).toBe("counter");

    // A counter person names nobody; nor does anyone name a shopper's account.
    await expect(shop.staff.giveRole(vikram.id, "packer", { kind: "admin", id: meena.id, name: "Meena" })).rejects.toMatchObject({ key: "permission.staff", status: 403 });
    await expect(shop.staff.giveRole("not-an-admin", "packer", byAsha)).rejects.toMatchObject({ key: "staff.notStaff", status: 404 });

    const events = staffEvents.readAll(await shop.store.readStream(STAFF_STREAM));
    expect(events.map((e) => e.type)).toEqual(["StaffBegun", "RoleGiven"]);
    expect(events[0].data).toMatchObject({ owners: [asha, vikram] });
    expect(events[1].data).toMatchObject({ person: meena, role: "counter", previous: null, actor: byAsha });
  });

  it("makes the operator's admin an owner, and leaves a role the owner gave as it is", async () => {
    const { user } = await shop.auth.createAdmin({ email: `operator-${Date.now()}@churu-uniforms.example`, password: "admin password 1994", name: "Ravi" });
    expect(await shop.staff.roleOf(user.id)).toBe("owner");
  });
});
