import type { ShopConfig } from "../server/config";
import { openShopCore } from "../server/runtime";
import { createStockService } from "../services/stock";
import { shipPastOrders } from "../services/stock-shipped";
import { command } from "./args";
import { definitions } from "./definitions";

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
  definitions.stockOpen,
  (config) =>
    withStock(config, async (stock) => {
      const { products, opened } = await stock.openAll();
      console.log(`stock: ${opened} of ${products} products opened now; ${products - opened} were already events`);
      return 0;
    }),
);

export const stockShipPastCommand = command(
  definitions.stockShipPast,
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
  definitions.stockSweep,
  (config, { options }) =>
    withStock(config, async (stock) => {
      const { released } = await stock.sweep({ graceMs: options["grace-seconds"] * 1000 });
      console.log(`stock sweep: ${released} order holds given back`);
      return 0;
    }),
);
