import { findCatalogueProduct } from "../domain/catalogue";
import type { FixedPriceProduct } from "../domain/accessories";
import { descriptionIn, nameIn } from "../domain/catalogue-words";
import type { Language } from "../domain/i18n";
import { boughtInFacts, hasAnyFact } from "../domain/seller/item-facts";
import type { ItemFactsOnFile } from "../services/item-facts";
import type { Shop } from "../services/index";
import { offerFor } from "./offers.server";

/**
 * A fixed-price shelf (stationery, regular shoes, bottles, bags) as cards with their add forms, in the page's language.
 * The shelf is these items' page: a card shows the facts the owner set for its item (`onFile`, decision 142), none when none is set.
 */
export function shelfCards(prefix: string, products: readonly FixedPriceProduct[], language: Language, onFile: ReadonlyMap<string, ItemFactsOnFile> = new Map()) {
  return products.map((item) => {
    const product = findCatalogueProduct(`${prefix}/${item.id}`);
    if (!product) throw new Error(`catalogue has no ${prefix}/${item.id}`);
    const facts = onFile.get(product.id)?.facts;
    return {
      id: item.id,
      name: nameIn(language, item),
      description: descriptionIn(language, item),
      image: item.image,
      price: item.price,
      offer: offerFor(product, { language }),
      facts: facts && hasAnyFact(facts) ? boughtInFacts(facts) : null,
    };
  });
}

/** The facts the owner set for a shelf's items (decision 142), for `shelfCards`. */
export function shelfFacts(shop: Shop, prefix: string, products: readonly FixedPriceProduct[]): Promise<Map<string, ItemFactsOnFile>> {
  return shop.itemFacts.onFile(products.map((item) => `${prefix}/${item.id}`));
}
