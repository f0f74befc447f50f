/**
 * The HSN code and tax class of the shop's own products (decision 200): set by the owner through the one command
 * handler with the product tax decider, read from the product's stream (`productTax-{id}`, one short stream, read
 * where a price is: the cart, the checkout, the product form), falling back to the category's default.
 */
import { createCommandHandler } from "../eventstore/command-handler";
import type { ShopEvents } from "../eventstore/port";
import type { Actor } from "../domain/orders/events";
import type { ShopCategory } from "../domain/shop-products";
import { productTaxDecider, productTaxEvents, productTaxOnFile, productTaxStreamId, type ProductTax, type ProductTaxOnFile } from "../domain/tax/product-tax";

export function createProductTaxService(deps: { store: ShopEvents }) {
  const handler = createCommandHandler(deps.store, { decider: productTaxDecider, events: productTaxEvents });
  return {
    /** The product's facts: the owner's, else its category's default, else none. */
    async of(productId: number, category: ShopCategory): Promise<ProductTaxOnFile> {
      return productTaxOnFile((await handler.load(productTaxStreamId(productId))).state, category);
    },

    /** Sets the product's facts; refuses (RuleViolation, 422) facts that cannot be a product's. */
    async set(productId: number, facts: ProductTax, actor: Actor): Promise<{ changed: boolean }> {
      const handled = await handler.handle(productTaxStreamId(productId), { type: "SetProductTax", productId, facts, actor, at: new Date().toISOString() });
      return { changed: handled.changed };
    },
  };
}

export type ProductTaxService = ReturnType<typeof createProductTaxService>;
