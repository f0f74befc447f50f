/**
 * The owner's size charts and the exchanges report on the real store and Postgres (decisions 131, 132):
 * a chart set through the command handler reaches the read model and the finder; a reset goes back to
 * the starting chart; exchanges are counted per product and size; a replay rebuilds both tables and
 * verify finds no difference.
 */
import { randomInt, randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestShop, type TestShop } from "../support/shop";
import { replay, verify } from "../../projectors/replay";
import { sizesProjector } from "../../projectors/sizes";
import { DEFAULT_SIZE_CHARTS } from "../../domain/sizes/charts";
import { findSize } from "../../domain/sizes/finder";
import { isRuleViolation } from "../../domain/errors";
import type { Actor } from "../../domain/orders/events";

let shop: TestShop;
const admin: Actor = { kind: "admin", id: "a1", name: "Asha" };

beforeAll(async () => {
  shop = await openTestShop();
}, 120_000);
afterAll(async () => {
  await shop?.close();
});

async function settled(position: unknown) {
  if (position) expect(await shop.waitForReadModels(position as Parameters<TestShop["waitForReadModels"]>[0])).toBe(true);
}

/** A delivered DPS shirt in size 26, exchanged for `to`. */
async function exchanged(to: string, quantity = 1) {
  const phone = `9${String(randomInt(0, 999_999_999)).padStart(9, "0")}`;
  const placed = await shop.orders.placeOrder({
    scope: `guest:${phone}`,
    idempotencyKey: randomUUID(),
    items: [{ productId: "school/dps/shirt", size: "26", quantity }],
    customer: { kind: "guest", name: "Asha Devi", phone },
    address: { name: "Asha Devi", phone, address: "Ward 5, Station Road", city: "Churu", pincode: "331001" },
    paymentMethod: "cod",
  });
  await shop.orders.changeStatus(placed.orderId, "shipped", admin);
  await shop.orders.changeStatus(placed.orderId, "delivered", admin);
  await shop.orders.pay(placed.orderId, (at) => ({ type: "CollectCash", actor: admin, at }));
  const asked = await shop.orders.requestReturn(
    placed.orderId,
    { lines: [{ productId: "school/dps/shirt", size: "26", school: "DPS", quantity }], want: "exchange", exchangeSize: to, reason: "Too small" },
    { kind: "guest", name: "Asha Devi" },
  );
  await shop.orders.approveReturn(placed.orderId, asked.returnId, undefined, admin);
  await shop.orders.receiveReturn(placed.orderId, asked.returnId, "drop-off", admin);
  const made = await shop.orders.makeExchange(placed.orderId, asked.returnId, admin);
  await settled((made as { position?: unknown }).position);
}

describe("size charts and exchanges", () => {
  it("serves the starting charts until the owner changes one, then the owner's, then the starting one again", async () => {
    expect((await shop.sizes.charts()).shirt).toEqual(DEFAULT_SIZE_CHARTS.shirt);
    const rows = [{ size: "26", ageFrom: 6, ageTo: 9, fits: { chest: { min: 22, max: 26 } } }];
    const set = await shop.sizes.set("shirt", rows, admin);
    expect(set.changed).toBe(true);
    await settled(set.position);
    const charts = await shop.sizes.charts();
    expect(charts.shirt.rows).toEqual(rows);
    expect(findSize("shirt", ["24", "26", "28"], { chestCm: 24 * 2.54 }, charts)).toMatchObject({ size: "26", reason: { key: "reason.fitsNoRoom" } });
    expect((await shop.sizes.list()).find((entry) => entry.chart.kind === "shirt")?.changed?.by).toBe("Asha");
    expect((await shop.sizes.set("shirt", rows, admin)).changed).toBe(false);

    const reset = await shop.sizes.reset("shirt", admin);
    await settled(reset.position);
    expect((await shop.sizes.charts()).shirt).toEqual(DEFAULT_SIZE_CHARTS.shirt);
  });

  it("refuses a broken chart and stores nothing", async () => {
    const refused = await shop.sizes.set("pant", [{ size: "28", ageFrom: 7, ageTo: 9, fits: { waist: { min: 22, max: 23 } } }], admin).catch((err) => err);
    expect(isRuleViolation(refused) && refused.key).toBe("sizes.decidingMissing");
    expect((await shop.sizes.charts()).pant).toEqual(DEFAULT_SIZE_CHARTS.pant);
  });

  it("counts exchanges per product and size; a replay rebuilds the same rows", async () => {
    await exchanged("28", 2);
    await exchanged("28");
    await exchanged("24");
    const counts = await shop.sizes.exchanges();
    expect(counts.map(({ lastAt: _, ...count }) => count)).toEqual([
      { kind: "shirt", productId: "school/dps/shirt", fromSize: "26", toSize: "28", units: 3, exchanges: 2 },
      { kind: "shirt", productId: "school/dps/shirt", fromSize: "26", toSize: "24", units: 1, exchanges: 1 },
    ]);
    // Read back once the read model has it: the chart is read from it, and verify compares it.
    const jacket = await shop.sizes.set("jacket", [{ size: "30", ageFrom: 9, fits: { chest: { min: 27, max: 29 } } }], admin);
    await settled(jacket.position);

    expect(await verify(shop.db, shop.store, [sizesProjector])).toEqual([]);
    await replay(shop.db, shop.store, [sizesProjector]);
    expect(await verify(shop.db, shop.store, [sizesProjector])).toEqual([]);
    expect((await shop.sizes.exchanges()).map((count) => count.units)).toEqual([3, 1]);
    expect((await shop.sizes.charts()).jacket.rows).toHaveLength(1);
  });
});
