import type { ServiceCore } from "./core";
import { createCartService } from "./cart";
import { createCatalogueService } from "./catalogue";
import { createChildrenService } from "./children";
import { createLinePricer } from "./line-prices";
import { createOrderService } from "./orders";
import { createStockService } from "./stock";
import { createSchoolStockService } from "./school-stock";
import { createTailorBatchService } from "./tailor-batches";
import { createProductTaxService } from "./product-tax";
import { createRazorpayClient } from "./gateway/razorpay";
import { parseShopProductCartId } from "../domain/shop-products";
import { createCourierService } from "./courier/service";
import { createDeliveryDatesService } from "./delivery-dates";

/** Cart and orders share one pricer: domain/ for catalogue ids, the products table for "product/{n}". */
export function createShoppingServices(core: ServiceCore) {
  const catalogue = createCatalogueService(core.db);
  // The children on parents' accounts (decision 133): the cart asks whether a line's child is the parent's own.
  const children = createChildrenService({ db: core.db, store: core.store });
  const stock = createStockService({ db: core.db, store: core.store, waitUntilVisible: core.waitForOrders });
  // The school items the owner counts (decision 180): priced with their shelf, reserved with the order.
  const schoolStock = createSchoolStockService({ db: core.db, store: core.store, stock });
  // A product of the shop's table is priced with its HSN code and class (decision 200): its order line keeps them.
  const productTax = createProductTaxService({ store: core.store });
  const productForCart = async (id: string) => {
    const product = await catalogue.productForCart(id);
    const numeric = product && parseShopProductCartId(product.id);
    if (!product || numeric === undefined) return product;
    const { facts } = await productTax.of(numeric, product.category);
    return facts ? { ...product, tax: facts } : product;
  };
  // A shop that issues tax documents sells nothing whose line would have no HSN code (decision 200).
  const taxFactsNeeded = core.config.seller !== undefined && core.config.seller.scheme !== "unregistered";
  const priceLine = createLinePricer(productForCart, (item, size) => schoolStock.shelf(item, size), { taxFactsNeeded });
  const cart = createCartService({ store: core.store, priceLine, ownChild: children.isOwn });
  // The dates parents are told: the owner's rules, and the courier's promise outside his town (decision 236). The
  // courier is made after the orders it ships, and asked only once both are.
  const deliveryDates = createDeliveryDatesService({ store: core.store, courier: () => courier, schoolShelf: (item, size) => schoolStock.shelf(item, size) });
  const orders = createOrderService({
    db: core.db,
    store: core.store,
    priceLine,
    cart,
    stock,
    skus: () => schoolStock.lookup(),
    waitUntilVisible: core.waitForOrders,
    waitForCash: core.waitForCash,
    ...(core.config.charges ? { charges: core.config.charges } : {}),
    // UPI is offered to the shop's own ID, or through the gateway when only that is set (decision 221).
    upiAvailable: core.config.upi !== undefined || core.config.razorpay !== undefined,
    ...(core.config.razorpay ? { gateway: createRazorpayClient(core.config.razorpay) } : {}),
    ...(core.config.orderLimits ? { limits: core.config.orderLimits } : {}),
    ...(core.config.holdRules ? { holds: core.config.holdRules } : {}),
    // Invoices and credit notes as the seller's settings say (docs/tax.md).
    ...(core.config.seller ? { tax: { seller: core.config.seller, rates: core.config.taxRates ?? {} } } : {}),
    promise: (order) => deliveryDates.promiseFor(order),
  });
  // The courier when its settings are set (decision 235): serviceability, shipments, the tracking webhook.
  const courier = core.config.courier ? createCourierService({ settings: core.config.courier, orders }) : undefined;
  // Work orders to the tailor, received onto the same shelves (decision 181).
  const tailorBatches = createTailorBatchService({ store: core.store, stock, schoolStock, waitUntilVisible: core.waitForOrders });
  return { cart, children, orders, priceLine, stock, schoolStock, tailorBatches, productTax, courier, deliveryDates };
}
