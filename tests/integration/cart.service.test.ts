import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cartStreamId, guestCartId, userCartId } from "../../domain/cart";
import { isRuleViolation } from "../../domain/errors";
import type { CartOwner } from "../../services/cart";
import { openTestShop, type TestShop } from "../support/shop";
import { englishOf } from "../support/refusal";
import { adapterOf } from "../support/event-store";

let shop: TestShop;

beforeAll(async () => {
  shop = await openTestShop({ projectors: false });
});
afterAll(async () => {
  await shop?.close();
});

const guest = (): CartOwner => ({ kind: "guest", token: randomUUID() });
const user = (): CartOwner => ({ kind: "user", userId: randomUUID() });

async function refusal(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (err) {
    if (isRuleViolation(err)) return englishOf(err);
    throw err;
  }
  throw new Error("expected a refusal");
}

describe("cart service on the event store", () => {
  it("prices every line on the server and totals price x quantity", async () => {
    const owner = guest();
    await shop.cart.add(owner, { productId: "school/dps/shirt", size: "30", quantity: 2 });
    await shop.cart.add(owner, { productId: "stationery/scientific-calculator", size: "Free Size", quantity: 1 });
    const view = await shop.cart.view(owner);
    expect(view.lines.map((l) => [l.name, l.school, l.size, l.unitPrice, l.quantity])).toEqual([
      ["Shirt", expect.any(String), "30", 310, 2],
      ["Scientific Calculator", "", "Free Size", 150, 1],
    ]);
    expect(view.lines[0].school).not.toBe("");
    expect(view.total).toBe(310 * 2 + 150);
    expect(view.count).toBe(3);
  });

  it("refuses unknown products, sizes and junk, writing nothing", async () => {
    const owner = guest();
    expect(await refusal(shop.cart.add(owner, { productId: "school/dps/spaceship", size: "30", quantity: 1 }))).toBe(
      "This product is not in our catalogue.",
    );
    expect(await refusal(shop.cart.add(owner, { productId: "school/dps/shirt", size: "31", quantity: 1 }))).toMatch(/Size 31 is not available/);
    expect(await refusal(shop.cart.add(owner, { productId: "school/dps/shirt", size: "30", quantity: 0 }))).toMatch(/at least 1/);
    expect(await refusal(shop.cart.add(owner, { productId: "product/999999", quantity: 1 }))).toBe("This product is not in our catalogue.");
    expect(await shop.store.readStream(cartStreamId(guestCartId((owner as { token: string }).token)))).toEqual([]);
  });

  it("prices products of the shop table from the table, and refuses out-of-stock ones", async () => {
    const [inStock, soldOut] = await shop.db
      .insertInto("products")
      .values([
        { name: "Cart Test Blazer", price: 899, category: "blazer", gender: "unisex", stock_quantity: 3 },
        { name: "Cart Test Tie", price: 99, category: "tie", gender: "unisex", stock_quantity: 0 },
      ])
      .returning("id")
      .execute();
    const owner = guest();
    await shop.cart.add(owner, { productId: `product/${inStock.id}`, quantity: 2 });
    const view = await shop.cart.view(owner);
    expect(view.lines[0]).toMatchObject({ name: "Cart Test Blazer", unitPrice: 899, size: "Free Size" });
    expect(await refusal(shop.cart.add(owner, { productId: `product/${soldOut.id}`, quantity: 1 }))).toBe("Cart Test Tie is out of stock.");
    expect(await refusal(shop.cart.add(guest(), { productId: `product/${inStock.id}`, quantity: 4 }))).toMatch(/Only 3/);
  });

  it("never loses an update when two tabs change one cart at once", async () => {
    const owner = user();
    const adds = Array.from({ length: 10 }, (_, i) =>
      shop.cart.add(owner, { productId: "school/dps/shirt", size: String(24 + 2 * (i % 5)), quantity: 1 }),
    );
    await Promise.all(adds);
    const view = await shop.cart.view(owner);
    expect(view.count).toBe(10);
    expect(view.lines).toHaveLength(5);
    const events = await shop.store.readStream(cartStreamId(userCartId((owner as { userId: string }).userId)));
    expect(events).toHaveLength(10);
  });

  it("merges a guest cart into the user's in one append, once", async () => {
    const g = guest();
    const u = user();
    const token = (g as { token: string }).token;
    const userId = (u as { userId: string }).userId;
    await shop.cart.add(g, { productId: "school/dps/shirt", size: "30", quantity: 2 });
    await shop.cart.add(g, { productId: "bags/classic-school-backpack", quantity: 1 }).catch(() => undefined);
    await shop.cart.add(g, { productId: "stationery/scientific-calculator", quantity: 1 });
    await shop.cart.add(u, { productId: "school/dps/shirt", size: "30", quantity: 1 });
    const before = await shop.store.readStream(cartStreamId(userCartId(userId)));

    await shop.cart.mergeGuestCart(token, userId);
    const after = await shop.store.readStream(cartStreamId(userCartId(userId)));
    expect(after.length - before.length).toBe(1);
    expect(after[after.length - 1].type).toBe("CartMerged");
    const view = await shop.cart.view(u);
    const shirt = view.lines.find((l) => l.productId === "school/dps/shirt");
    expect(shirt?.quantity).toBe(3);
    expect(view.lines.some((l) => l.productId === "stationery/scientific-calculator")).toBe(true);

    // A second sign-in with the same guest cart adds nothing; the guest stream is untouched.
    await shop.cart.mergeGuestCart(token, userId);
    expect(await shop.store.readStream(cartStreamId(userCartId(userId)))).toHaveLength(after.length);
    expect((await shop.cart.view(g)).count).toBeGreaterThan(0);
  });

  it("leaves both carts as they were when the merge append fails", async () => {
    const g = guest();
    const u = user();
    await shop.cart.add(g, { productId: "stationery/scientific-calculator", quantity: 1 });
    await shop.cart.add(u, { productId: "stationery/premium-school-notebook", quantity: 1 }).catch(async () => {
      await shop.cart.add(u, { productId: "school/dps/belt", quantity: 1 });
    });
    const userStream = cartStreamId(userCartId((u as { userId: string }).userId));
    const guestStream = cartStreamId(guestCartId((g as { token: string }).token));
    const userBefore = await shop.store.readStream(userStream);
    const guestBefore = await shop.store.readStream(guestStream);
    // The store refuses every append (as if the database went away mid-merge).
    const realAppend = adapterOf(shop.store).append.bind(shop.store);
    adapterOf(shop.store).append = async () => {
      throw new Error("connection lost");
    };
    try {
      await expect(shop.cart.mergeGuestCart((g as { token: string }).token, (u as { userId: string }).userId)).rejects.toThrow(
        "connection lost",
      );
    } finally {
      adapterOf(shop.store).append = realAppend;
    }
    expect(await shop.store.readStream(userStream)).toEqual(userBefore);
    expect(await shop.store.readStream(guestStream)).toEqual(guestBefore);
  });

  it("replaces items (the /api's POST) as events, all or nothing", async () => {
    const owner = user();
    await shop.cart.add(owner, { productId: "school/dps/shirt", size: "30", quantity: 1 });
    await shop.cart.replace(owner, [
      { productId: "school/dps/shirt", size: "30", quantity: 4 },
      { productId: "stationery/scientific-calculator", quantity: 1 },
    ]);
    expect((await shop.cart.view(owner)).count).toBe(5);
    expect(
      await refusal(
        shop.cart.replace(owner, [
          { productId: "stationery/scientific-calculator", quantity: 1 },
          { productId: "nope/nothing", quantity: 1 },
        ]),
      ),
    ).toMatch(/items.1 \(nope\/nothing\): This product is not in our catalogue/);
    expect((await shop.cart.view(owner)).count).toBe(5);
  });
});
