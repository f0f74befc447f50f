import { randomUUID } from "node:crypto";
import type { Position } from "../eventstore/port";
import type { ShopConfig } from "../server/config";
import { openShopCore } from "../server/runtime";
import { createServices, type Shop } from "../services/index";
import { seedShop } from "../db/seed";
import { ProjectorRunner } from "../projectors/runner";
import { listCatalogueProducts, type CatalogueProduct } from "../domain/catalogue";
import type { Actor, OrderStatus } from "../domain/orders/events";
import { progressReporter } from "./ops";
import { command } from "./args";
import { definitions } from "./definitions";
import { seededRandom, writeDemoHistory } from "./demo-history";

/**
 * `shop seed-demo --orders N`: realistic carts and orders through the same
 * commands the pages use (add, change quantity, remove, place, status
 * changes), for demos and for the replay benchmark. With `--history`: two school years of orders
 * with the April and July rushes, UPI and cash, returns and exchanges (bin/demo-history.ts), for the
 * reports (decision 137).
 */

const FIRST_NAMES = ["Aarav", "Priya", "Rohan", "Sneha", "Vikram", "Anjali", "Karan", "Pooja", "Rahul", "Neha", "Manish", "Kavita", "Suresh", "Meena", "Deepak", "Sunita"];
const LAST_NAMES = ["Sharma", "Verma", "Saini", "Jangid", "Meena", "Choudhary", "Agarwal", "Shekhawat", "Rathore", "Goyal", "Jain", "Poonia"];
const AREAS = ["Subhash Chowk", "Station Road", "Gandhi Nagar", "Shanti Nagar", "Bhaleri Road", "Ratangarh Road", "Tehsil Road", "Agarsen Nagar"];
const CITIES = [
  { city: "Churu", pincode: "331001" },
  { city: "Ratangarh", pincode: "331022" },
  { city: "Sardarshahar", pincode: "331403" },
  { city: "Rajgarh", pincode: "331023" },
];
const ADMIN: Actor = { kind: "admin", name: "demo seed" };

type Random = ReturnType<typeof seededRandom>;

/** One demo order through the real commands: the events it wrote, and where its last one is. */
async function oneOrder(
  shop: Shop,
  products: CatalogueProduct[],
  random: Random,
): Promise<{ events: number; last: Position | undefined }> {
  const owner = { kind: "guest" as const, token: randomUUID() };
  let events = 0;
  const lines: { productId: string; size: string }[] = [];
  for (let i = random.int(1, 4); i > 0; i--) {
    const product = random.pick(products);
    const size = product.sizes.length ? random.pick(product.sizes) : "Free Size";
    if (await shop.cart.add(owner, { productId: product.id, size, quantity: random.int(1, 3) })) events++;
    lines.push({ productId: product.id, size });
  }
  if (random.next() < 0.3) {
    const line = random.pick(lines);
    const changed = await shop.cart.changeQuantity(owner, { productId: line.productId, size: line.size, school: schoolOf(products, line.productId) }, random.int(1, 5));
    // Asking for the quantity the line already has changes nothing.
    if (changed) events++;
  }
  const name = `${random.pick(FIRST_NAMES)} ${random.pick(LAST_NAMES)}`;
  const place = random.pick(CITIES);
  const placed = await shop.orders.placeOrderFromCart({
    owner,
    idempotencyKey: randomUUID(),
    details: {
      name,
      phone: `${random.pick(["6", "7", "8", "9"])}${String(random.int(0, 999_999_999)).padStart(9, "0")}`,
      address: `${random.int(1, 250)}, ${random.pick(AREAS)}`,
      city: place.city,
      pincode: place.pincode,
    },
  });
  events += 3; // placed with its payment request, and the cart checked out
  const orderId = placed.orderId;
  const path: OrderStatus[] =
    random.next() < 0.1 ? ["cancelled"] : (["processing", "shipped", "delivered"] as OrderStatus[]).slice(0, random.int(0, 3));
  let last = placed.position;
  for (const status of path) {
    const changed = await shop.orders.changeStatus(orderId, status, ADMIN);
    if (changed.changed) events++;
    last = changed.position ?? last;
  }
  if (path.at(-1) === "delivered") {
    const paid = await shop.orders.markPaid(orderId, ADMIN);
    if (paid.changed) events++;
    last = paid.position ?? last;
  }
  return { events, last };
}

/**
 * A long seed on a busy machine meets a pool wait or a dropped connection now and then;
 * one such order is tried again rather than ending an hour's run. A demo order that failed
 * half way leaves a cart or an order short of its last steps: real shops have those too.
 */
async function withRetries<T>(step: () => Promise<T>, attempts = 4): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await step();
    } catch (err) {
      if (attempt >= attempts) throw err;
      console.error(`seed-demo: ${(err as Error).message}; trying that order again`);
      await new Promise((resolve) => setTimeout(resolve, 500 * attempt));
    }
  }
}

function schoolOf(products: CatalogueProduct[], productId: string): string {
  return products.find((p) => p.id === productId)?.school?.name ?? "";
}

export const seedDemoCommand = command(
  definitions.seedDemo,
  (config, { options }) => seedDemo(config, options),
);

async function seedDemo(config: ShopConfig, { orders, concurrency, seed, history }: { orders: number; concurrency: number; seed: number; history?: boolean }): Promise<number> {
  const core = await openShopCore(config, { migrate: true });
  const shop: Shop = { ...core, ...createServices(core) };
  await seedShop(shop.db);
  // Read models follow as they would in the running shop (a second runner beside a running shop is safe).
  const runner = new ProjectorRunner(shop.db, shop.store, core.projectors, { log: () => {} });
  await runner.start();
  const products = listCatalogueProducts().filter((p) => !p.comingSoon);
  const random = seededRandom(seed);
  const progress = progressReporter("seed-demo", "orders");
  const started = Date.now();
  let done = 0;
  let events = 0;
  let lastWritten: Position | undefined;
  let next = 0;
  try {
    if (history) {
      // Day by day, oldest first, on a clock set back to each day: one order at a time (they share the clock).
      // Timed by performance.now(): Date is the shifted clock meanwhile.
      const began = performance.now();
      done = await writeDemoHistory(shop, products, random, {
        orders,
        until: new Date(),
        onDay: (placed) => progress.update({ done: placed, total: orders, rate: placed / Math.max((performance.now() - began) / 1000, 0.001) }),
      });
      progress.finish();
      lastWritten = await shop.store.headPosition();
      if (lastWritten) await shop.waitForReadModels(lastWritten, 600_000);
      console.log(`seeded ${done} orders over two school years in ${((performance.now() - began) / 1000).toFixed(1)}s`);
      return 0;
    }
    await Promise.all(
      Array.from({ length: Math.min(concurrency, orders) }, async () => {
        while (next < orders) {
          next++;
          const written = await withRetries(() => oneOrder(shop, products, random));
          events += written.events;
          if (shop.store.comparePositions(written.last, lastWritten) > 0) lastWritten = written.last;
          done++;
          progress.update({ done, total: orders, rate: done / Math.max((Date.now() - started) / 1000, 0.001) });
        }
      }),
    );
    progress.finish();
    // The head readers see can be short of what was written here while another transaction on
    // the server is still open: wait until it covers the last order's events, then for the read models.
    const deadline = Date.now() + 60_000;
    let head = await shop.store.headPosition();
    while (shop.store.comparePositions(head, lastWritten) < 0 && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 50));
      head = await shop.store.headPosition();
    }
    if (head) await shop.waitForReadModels(head, Math.max(deadline - Date.now(), 1000));
    const seconds = (Date.now() - started) / 1000;
    console.log(`seeded ${done} orders (${events} events) in ${seconds.toFixed(1)}s, ${(done / seconds).toFixed(0)} orders/s`);
    return 0;
  } finally {
    await runner.stop();
    await shop.close();
  }
}
