/**
 * Children on the account and class kits on the real store and database (decisions 133, 134): the
 * children's stream and its read model, the five-child limit through the service, a kit of a child's
 * sizes going into the cart in one append with each line checked and an unmade size named, lines for two
 * children kept apart and both leaving the cart with the order's combined line, and a cart stored before
 * lines named a child read as it was.
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cartStreamId, userCartId } from "../../domain/cart";
import type { ChildDetails } from "../../domain/children/children";
import { isRuleViolation } from "../../domain/errors";
import { buildKit } from "../../domain/kits/build";
import { kitFor } from "../../domain/kits/kits";
import { openTestShop, type TestShop } from "../support/shop";
import { englishOf } from "../support/refusal";
import { adapterOf } from "../support/event-store";

let shop: TestShop;

beforeAll(async () => {
  shop = await openTestShop();
});
afterAll(async () => {
  await shop?.close();
});

const ravi: ChildDetails = { name: "Ravi", school: "dps", className: "3", kit: "boys", measurements: { ageYears: 7, chestCm: 61, waistCm: 56 }, sizes: {} };

async function refusal(promise: Promise<unknown>): Promise<{ message: string; status: number }> {
  try {
    await promise;
  } catch (err) {
    if (isRuleViolation(err)) return { message: englishOf(err), status: err.status };
    throw err;
  }
  throw new Error("expected a refusal");
}

describe("children on the account", () => {
  it("keeps a parent's children in the read model, in the order added, and no one else's", async () => {
    const userId = randomUUID();
    const other = randomUUID();
    await shop.children.add(userId, ravi);
    const added = await shop.children.add(userId, { ...ravi, name: "Asha", kit: "girls" });
    await shop.children.add(other, ravi);
    await shop.waitForReadModels(added.position!);
    expect((await shop.children.list(userId)).map((c) => c.name)).toEqual(["Ravi", "Asha"]);
    expect(await shop.children.get(other, added.childId)).toBeUndefined();

    const changed = await shop.children.change(userId, added.childId, { ...ravi, name: "Asha", className: "4", sizes: { shirt: "28" } });
    await shop.waitForReadModels(changed.position!);
    expect(await shop.children.get(userId, added.childId)).toMatchObject({ className: "4", sizes: { shirt: "28" } });

    const removed = await shop.children.remove(userId, added.childId);
    await shop.waitForReadModels(removed.position!);
    expect((await shop.children.list(userId)).map((c) => c.name)).toEqual(["Ravi"]);
  });

  it("refuses a sixth child with 409 and stores nothing", async () => {
    const userId = randomUUID();
    for (const name of ["A", "B", "C", "D", "E"]) await shop.children.add(userId, { ...ravi, name });
    expect(await refusal(shop.children.add(userId, { ...ravi, name: "F" }))).toEqual({
      message: "You can keep up to 5 children on your account. Remove one to add another.",
      status: 409,
    });
    expect(await shop.store.readStream(`children-${userId}`)).toHaveLength(5);
  });
});

describe("a class kit into the cart", () => {
  it("builds the kit from the child's sizes and adds it in one append, naming what the shop cannot sell", async () => {
    const userId = randomUUID();
    const { childId } = await shop.children.add(userId, ravi);
    const owner = { kind: "user" as const, userId };
    const kit = kitFor(await shop.kits.of("dps"), "3", "boys")!;
    const lines = buildKit("dps", kit, { measurements: ravi.measurements });
    expect(lines.map((l) => l.item)).toEqual(["shirt", "pant", "belt", "tie-small", "socks-1"]);
    expect(lines.find((l) => l.item === "belt")?.size).toBe("Free Size");
    const shirt = lines.find((l) => l.item === "shirt")!;
    expect(shirt.size).not.toBeNull();

    const before = (await shop.store.readStream(cartStreamId(userCartId(userId)))).length;
    const done = await shop.cart.addMany(owner, [
      ...lines.filter((l) => l.size).map((l) => ({ productId: l.productId, size: l.size!, quantity: l.count, forChild: childId })),
      // Asked in a size the shirt is not made in: named, not dropped.
      { productId: "school/dps/shirt", size: "99", quantity: 1, forChild: childId },
    ]);
    expect(done.notAdded.map((n) => [n.productId, n.size])).toEqual([["school/dps/shirt", "99"]]);
    const after = await shop.store.readStream(cartStreamId(userCartId(userId)));
    // One append: every event of the kit at consecutive revisions, in one command.
    expect(after.length - before).toBe(done.added.length);
    const view = await shop.cart.view(owner);
    expect(view.lines.every((l) => l.forChild === childId)).toBe(true);
    expect(view.lines.find((l) => l.productId === "school/dps/socks-1")?.quantity).toBe(3);
  });

  it("keeps two children's lines of one item apart; the order's combined line takes both out of the cart", async () => {
    const userId = randomUUID();
    const owner = { kind: "user" as const, userId };
    const a = await shop.children.add(userId, ravi);
    const b = await shop.children.add(userId, { ...ravi, name: "Asha" });
    await shop.cart.add(owner, { productId: "school/dps/shirt", size: "30", quantity: 1, forChild: a.childId });
    await shop.cart.add(owner, { productId: "school/dps/shirt", size: "30", quantity: 2, forChild: b.childId });
    const view = await shop.cart.view(owner);
    expect(view.lines.map((l) => [l.forChild, l.quantity])).toEqual([
      [a.childId, 1],
      [b.childId, 2],
    ]);
    await shop.cart.checkOut(userCartId(userId), randomUUID(), [{ productId: "school/dps/shirt", size: "30", school: "DPS", quantity: 3 }]);
    expect((await shop.cart.view(owner)).lines).toEqual([]);
  });

  it("the cart refuses a line for another parent's child, a removed child or a guest's, one at a time or as a kit, and adds nothing", async () => {
    const parent = randomUUID();
    const stranger = { kind: "user" as const, userId: randomUUID() };
    const { childId } = await shop.children.add(parent, ravi);
    const shirt = { productId: "school/dps/shirt", size: "30", quantity: 1, forChild: childId };
    const cases: [string, () => Promise<unknown>][] = [
      ["another parent's", () => shop.cart.add(stranger, shirt)],
      ["a kit for another parent's", () => shop.cart.addMany(stranger, [{ ...shirt, forChild: undefined }, shirt])],
      ["a guest's", () => shop.cart.add({ kind: "guest", token: randomUUID() }, shirt)],
    ];
    for (const [what, attempt] of cases) {
      expect(await refusal(attempt()), what).toEqual({ message: expect.stringMatching(/child/i), status: 404 });
    }
    expect((await shop.cart.view(stranger)).lines).toEqual([]);
    await shop.children.remove(parent, childId);
    expect((await refusal(shop.cart.add({ kind: "user", userId: parent }, shirt))).status).toBe(404);
    expect((await shop.cart.view({ kind: "user", userId: parent })).lines).toEqual([]);
  });

  it("reads a cart line stored before lines named a child (version 1) as a line for nobody", async () => {
    const userId = randomUUID();
    await adapterOf(shop.store).append(
      cartStreamId(userCartId(userId)),
      [{ id: randomUUID(), type: "CartItemAdded", data: { productId: "school/dps/shirt", size: "30", school: "DPS", name: "Shirt", quantity: 1 } }],
      "no_stream",
    );
    const view = await shop.cart.view({ kind: "user", userId });
    expect(view.lines).toHaveLength(1);
    expect(view.lines[0].forChild).toBeUndefined();
  });
});

describe("the owner's kits", () => {
  it("starts from the item list, refuses an overlap, and keeps the owner's change", async () => {
    const slug = "shekhawati-public-school";
    expect(await shop.kits.fromItemList(slug)).toBe(true);
    const boys15 = { from: "1", to: "5", side: "boys", items: [{ item: "shirt", count: 3 }, { item: "pant-class-1-to-5", count: 2 }] } as const;
    const kit = { ...boys15, items: [...boys15.items] };
    expect((await refusal(shop.kits.set(slug, kit, "Owner"))).status).toBe(409);
    await shop.kits.remove(slug, { from: "Nursery", to: "5", side: "boys" }, "Owner");
    expect((await shop.kits.set(slug, kit, "Owner")).changed).toBe(true);
    expect(await shop.kits.fromItemList(slug)).toBe(false);
    expect(kitFor(await shop.kits.of(slug), "2", "boys")?.items).toEqual(kit.items);
    expect(kitFor(await shop.kits.of(slug), "Nursery", "boys")).toBeUndefined();
  });
});
