import { findCatalogueProduct } from "../domain/catalogue";
import type { FixedPriceProduct } from "../domain/accessories";
import { descriptionIn, nameIn } from "../domain/catalogue-words";
import type { Language } from "../domain/i18n";
import { offerFor } from "./offers.server";

/** A fixed-price shelf (stationery, regular shoes, bottles, bags) as cards with their add forms, in the page's language. */
export function shelfCards(prefix: string, products: readonly FixedPriceProduct[], language: Language) {
  return products.map((item) => {
    const product = findCatalogueProduct(`${prefix}/${item.id}`);
    if (!product) throw new Error(`catalogue has no ${prefix}/${item.id}`);
    return {
      id: item.id,
      name: nameIn(language, item),
      description: descriptionIn(language, item),
      image: item.image,
      price: item.price,
      offer: offerFor(product, { language }),
    };
  });
}
