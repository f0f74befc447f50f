import { randomUUID } from "node:crypto";
import fc from "fast-check";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ORDER_STATUSES, PAYMENT_STATUSES } from "../../domain/orders/events";
import { ordersProjector } from "../../projectors/orders";
import { foldOrder } from "../../domain/orders/order";
import { ProjectorRunner } from "../../projectors/runner";
import { replay, verify } from "../../projectors/replay";
import { openTestShop, type TestShop } from "../support/shop";
import { withTimeout } from "../support/time";

let shop: TestShop;

beforeAll(async () => {
  shop = await openTestShop();
});
afterAll(async () => {
  await shop?.close();
});

const products = [
  { productId: "school/dps/shirt", size: "30" },
  { productId: "white/shirt", size: "24" },
  { productId: "stationery/scientific-calculator", size: undefined },
  { productId: "kids-shoes/sports-shoes", size: "3" },
];
const details = { name: "Ravi", phone: "9876543210", address: "12 Station Road", city: "Churu", pincode: "331001" };
const admin = { kind: "admin" as const, id: "admin-1", name: "Asha" };

/** Names a replay must carry through COPY's text format untouched: tabs, backslashes, line breaks, quotes, Devanagari. */
const NAMES = ["Ravi", "Tab\there", "Back\\slash \\N", "Line\nbreak\r\n", "Quote \"q\" 'a'", "रवि शर्मा"];

type Op =
  | { kind: "place"; items: { product: number; quantity: number }[]; user: boolean; dup: boolean; name: number }
  | { kind: "status"; order: number; to: string }
  | { kind: "payment"; order: number; to: string }
  | { kind: "delete"; order: number }
  /** A piece of one of its lines dropped before dispatch (decision 204): refused once the goods left, or for the last piece. */
  | { kind: "drop"; order: number; line: number };

const opArb: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant("place" as const),
      items: fc.array(fc.record({ product: fc.nat(products.length - 1), quantity: fc.integer({ min: 1, max: 5 }) }), {
        minLength: 1,
        maxLength: 3,
      }),
      user: fc.boolean(),
      dup: fc.boolean(),
      name: fc.nat(NAMES.length - 1),
    }),
  },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant("status" as const), order: fc.nat(20), to: fc.constantFrom(...ORDER_STATUSES) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant("payment" as const), order: fc.nat(20), to: fc.constantFrom(...PAYMENT_STATUSES) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("delete" as const), order: fc.nat(20) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant("drop" as const), order: fc.nat(20), line: fc.nat(2) }) },
);

/** Drops made across the runs: the property must have seen some, not only refusals. */
let drops = 0;

/** One piece of the order's `line`-th line as it stands, dropped by the owner. */
async function dropOne(orderId: string, line: number) {
  const state = foldOrder(await shop.orders.getOrderTrail(orderId));
  if (!state.exists) return undefined;
  const { productId, size, school } = state.placed.lines[line % state.placed.lines.length];
  const dropped = await shop.orders.dropLine(orderId, { line: { productId, size, school }, quantity: 1 }, admin);
  drops += 1;
  return dropped;
}

/** The read models as rows, without the projector's own clock column. */
async function snapshot() {
  const orders = await shop.db
    .selectFrom("orders")
    .selectAll()
    .orderBy("id")
    .execute();
  const history = await shop.db.selectFrom("order_status_history").selectAll().orderBy("order_id").orderBy("revision").execute();
  return {
    orders: orders.map(({ projected_at, ...rest }) => {
      void projected_at;
      return rest;
    }),
    history,
  };
}

/**
 * Waits for the newest position this test wrote. (The store's visible head can
 * trail a just-committed write while another transaction on the server is open,
 * so "caught up with the head" would compare too early.)
 */
let newest: string | undefined;
function wrote(position: string | undefined) {
  if (position && (!newest || shop.store.comparePositions(position, newest) > 0)) newest = position;
}
async function caughtUp() {
  if (newest) expect(await shop.waitForReadModels(newest, 20_000)).toBe(true);
}

/** A rebuild as an operator runs it: truncate the read models, reset checkpoints, project everything again. */
async function rebuild() {
  await shop.runner?.stop();
  const names = [ordersProjector.name];
  await sql`truncate table orders, order_status_history`.execute(shop.db);
  await shop.db.updateTable("projector_checkpoints").set({ position: null }).where("name", "in", names).execute();
  shop.runner = new ProjectorRunner(shop.db, shop.store, shop.projectors, { log: () => {}, batchSize: 7 });
  await shop.runner.start();
  await caughtUp();
}

describe("order read models", () => {
  it("are rebuilt from the events exactly as live projection built them (random command sequences)", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(opArb, { minLength: 1, maxLength: 25 }), async (ops) => {
        const placed: string[] = [];
        for (const op of ops) {
          if (op.kind === "place") {
            const userId = op.user ? randomUUID() : undefined;
            const owner = userId ? { kind: "user" as const, userId } : { kind: "guest" as const, token: randomUUID() };
            for (const item of op.items) {
              const p = products[item.product];
              await shop.cart.add(owner, { productId: p.productId, size: p.size, quantity: item.quantity });
            }
            const key = randomUUID();
            const submit = () =>
              shop.orders.placeOrderFromCart({
                owner,
                idempotencyKey: key,
                details: { ...details, name: NAMES[op.name], address: `${NAMES[op.name]}, 12 Station Road` },
                user: userId ? { id: userId, name: "Ravi" } : null,
              });
            const results = await Promise.all(op.dup ? [submit(), submit()] : [submit()]);
            for (const r of results) wrote(r.position);
            placed.push(results[0].orderId);
          } else if (placed.length > 0) {
            const orderId = placed[op.order % placed.length];
            const run =
              op.kind === "status"
                ? shop.orders.changeStatus(orderId, op.to, admin)
                : op.kind === "payment"
                  ? shop.orders.changePaymentStatus(orderId, op.to, admin)
                  : op.kind === "drop"
                    ? dropOne(orderId, op.line)
                    : shop.orders.deleteOrder(orderId, admin);
            // A change to a deleted order is refused; that is part of the sequence too.
            const result = await run.catch((err: { code?: string }) => {
              if (err.code !== "RULE_VIOLATION") throw err;
            });
            if (result) wrote(result.position);
          }
        }
        await caughtUp();
        const live = await snapshot();
        expect(live.orders.length).toBeGreaterThanOrEqual(new Set(placed).size);
        await withTimeout(rebuild(), 30_000, "the rebuild did not finish in 30 s");
        const rebuilt = await snapshot();
        expect(rebuilt).toEqual(live);
        // The operator's replay reads only order events, each projector side by side, in small spans.
        await withTimeout(replay(shop.db, shop.store, [...shop.projectors], { batchSize: 5 }), 30_000, "replay hung");
        expect(await snapshot()).toEqual(live);
        // On a Postgres server `shop replay` loads the fresh tables through COPY: the same rows.
        if (shop.database.session) {
          const session = shop.database.session;
          const copied = replay(shop.db, shop.store, [...shop.projectors], { batchSize: 5, session });
          await withTimeout(copied, 30_000, "COPY replay hung");
          expect(await snapshot()).toEqual(live);
        }
        const differences = verify(shop.db, shop.store, [...shop.projectors], { batchSize: 3 });
        expect(await withTimeout(differences, 30_000, "verify hung")).toEqual([]);
      }),
      // A failing sequence is reported as found: shrinking runs of a second each would outlast the test's time.
      // The first run is a known sequence with a drop that must be taken (three pieces, one dropped before
      // dispatch), so the drops seen below never hang on chance; the random runs follow.
      {
        numRuns: 6,
        endOnFailure: true,
        examples: [[[{ kind: "place", items: [{ product: 0, quantity: 3 }], user: false, dup: false, name: 5 }, { kind: "drop", order: 0, line: 0 }]]],
      },
    );
    expect(drops).toBeGreaterThan(0);
  }, 120_000);
});
