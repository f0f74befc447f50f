import type { ServiceCore } from "./core";
import { createCartService } from "./cart";
import { createCatalogueService } from "./catalogue";
import { createLinePricer } from "./line-prices";
import { createOrderService } from "./orders";
import { createStockService } from "./stock";

/** Cart and orders share one pricer: domain/ for catalogue ids, the products table for "product/{n}". */
export function createShoppingServices(core: ServiceCore) {
  const catalogue = createCatalogueService(core.db);
  const priceLine = createLinePricer((id) => catalogue.productForCart(id));
  const cart = createCartService({ store: core.store, priceLine });
  const stock = createStockService({ db: core.db, store: core.store, waitUntilVisible: core.waitForOrders });
  const orders = createOrderService({
    db: core.db,
    store: core.store,
    priceLine,
    cart,
    stock,
    waitUntilVisible: core.waitForOrders,
    ...(core.config.charges ? { charges: core.config.charges } : {}),
    upiAvailable: core.config.upi !== undefined,
    // Invoices and credit notes as the seller's settings say (docs/tax.md).
    ...(core.config.seller ? { tax: { seller: core.config.seller, rates: core.config.taxRates ?? {} } } : {}),
  });
  return { cart, orders, priceLine, stock };
}
