import { findCatalogueProduct } from "../domain/catalogue";
import type { FixedPriceProduct } from "../domain/accessories";
import { offerFor } from "./offers.server";

/** A fixed-price shelf (stationery, regular shoes, bottles, bags) as cards with their add forms. */
export function shelfCards(prefix: string, products: readonly FixedPriceProduct[]) {
  return products.map((item) => {
    const product = findCatalogueProduct(`${prefix}/${item.id}`);
    if (!product) throw new Error(`catalogue has no ${prefix}/${item.id}`);
    return {
      id: item.id,
      name: item.name,
      description: item.description,
      image: item.image,
      price: item.price,
      offer: offerFor(product),
    };
  });
}
