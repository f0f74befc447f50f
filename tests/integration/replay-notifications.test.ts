import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "kysely";
import { openTestShop, type TestShop } from "../support/shop";
import { startJobHandlers } from "../../workers/index";
import { startBackground } from "../../workers/background";
import { replay } from "../../projectors/replay";

let shop: TestShop;
let stopBackground: () => Promise<void>;

beforeAll(async () => {
  shop = await openTestShop();
  startJobHandlers(shop, () => {});
  stopBackground = await startBackground(shop, () => {});
});
afterAll(async () => {
  await stopBackground?.();
  await shop?.close();
});

async function sentMessages() {
  const { rows } = await sql<{ n: number }>`select count(*)::int as n from outbox_messages`.execute(shop.db);
  return rows[0].n;
}

describe("a replay beside the running reactor", () => {
  it("rebuilds the order read models with their indexes and sends no customer a second message", async () => {
    const owner = { kind: "guest" as const, token: randomUUID() };
    await shop.cart.add(owner, { productId: "school/dps/shirt", size: "30", quantity: 2 });
    const placed = await shop.orders.placeOrderFromCart({
      owner,
      idempotencyKey: randomUUID(),
      details: { name: "Sunita Saini", phone: "9876501234", address: "12 Station Road", city: "Churu", pincode: "331001" },
    });
    await shop.orders.changeStatus(placed.orderId, "shipped", { kind: "admin", name: "Asha" });
    // Placed -> one SMS; shipped -> one SMS. Wait until both went out.
    const deadline = Date.now() + 20_000;
    while ((await sentMessages()) < 2 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    const before = await sentMessages();
    expect(before).toBeGreaterThanOrEqual(2);
    const reactorBefore = await sql<{ position: string | null }>`select position from reactor_checkpoints`.execute(shop.db);

    const indexes = () =>
      sql<{ indexdef: string }>`select indexdef from pg_indexes where schemaname = 'public'
        and tablename in ('orders', 'order_status_history') order by indexname`.execute(shop.db);
    const indexesBefore = (await indexes()).rows;
    const result = await replay(shop.db, shop.store, [...shop.projectors]);
    // The rebuilt tables carry the live tables' indexes under the same names (later migrations name them).
    expect((await indexes()).rows).toEqual(indexesBefore);
    expect(result.events).toBeGreaterThan(0);
    const order = await shop.orders.getOrder(placed.orderId);
    expect(order?.status).toBe("shipped");

    await new Promise((r) => setTimeout(r, 1500));
    expect(await sentMessages()).toBe(before);
    const reactorAfter = await sql<{ position: string | null }>`select position from reactor_checkpoints`.execute(shop.db);
    expect(reactorAfter.rows).toEqual(reactorBefore.rows);
  });
});
