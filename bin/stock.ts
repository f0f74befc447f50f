import type { ShopConfig } from "../server/config";
import { openShopCore } from "../server/runtime";
import { createStockService } from "../services/stock";
import { shipPastOrders } from "../services/stock-shipped";
import { command } from "./args";

/** Operator commands for stock as events (decision 100). */

async function withStock<T>(config: ShopConfig, work: (stock: ReturnType<typeof createStockService>) => Promise<T>): Promise<T> {
  const core = await openShopCore(config, { migrate: true });
  try {
    return await work(createStockService({ db: core.db, store: core.store, waitUntilVisible: core.waitForOrders }));
  } finally {
    await core.close();
  }
}

export const stockOpenCommand = command(
  {
    name: "stock open",
    summary: "give every product whose stock is not yet events its first event, from its stock column",
    details: [
      "The live migration of stock to events: safe while the shop sells (an order that reaches a product",
      "first opens it with the same count), and a no-op for products already opened. `shop start` runs it too.",
    ],
  },
  (config) =>
    withStock(config, async (stock) => {
      const { products, opened } = await stock.openAll();
      console.log(`stock: ${opened} of ${products} products opened now; ${products - opened} were already events`);
      return 0;
    }),
);

export const stockShipPastCommand = command(
  {
    name: "stock ship-past",
    summary: "take off the shelf the units still held by orders already shipped or delivered",
    details: [
      "The live migration of decision 109: before it, an order kept its hold after it shipped, so every",
      "count was off by what had left the shop. Safe while the shop sells, and a no-op once done (an order",
      "that holds nothing ships nothing). `shop start` runs it too, after `stock open`.",
    ],
  },
  async (config) => {
    const core = await openShopCore(config, { migrate: true });
    try {
      const { holds, shipped } = await shipPastOrders({ db: core.db, store: core.store });
      console.log(`stock: ${shipped} of ${holds} holds of orders shipped or delivered taken off the shelf now; the rest were done already or their order moved on`);
      return 0;
    } finally {
      await core.close();
    }
  },
);

export const stockSweepCommand = command(
  {
    name: "stock sweep",
    summary: "give back units held by orders never placed, cancelled or deleted (what a crash left)",
    options: {
      "grace-seconds": { type: "positive-integer", value: "N", description: "leave holds younger than this alone", default: 120 },
    },
    details: ["The projector process runs this sweep every 15 seconds; this runs it once."],
  },
  (config, { options }) =>
    withStock(config, async (stock) => {
      const { released } = await stock.sweep({ graceMs: options["grace-seconds"] * 1000 });
      console.log(`stock sweep: ${released} order holds given back`);
      return 0;
    }),
);
