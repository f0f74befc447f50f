import { findCatalogueProduct } from "../domain/catalogue";
import type { FixedPriceProduct } from "../domain/accessories";
import { descriptionIn, nameIn } from "../domain/catalogue-words";
import type { Language } from "../domain/i18n";
import { boughtInFacts, hasAnyFact } from "../domain/seller/item-facts";
import type { ItemFactsOnFile } from "../services/item-facts";
import type { Shop } from "../services/index";
import { offerFor } from "./offers.server";
import { CARD_PICTURE_SIZE } from "./components/CardPicture";
import type { PictureView } from "./photos.server";
import { shelfItemPictures } from "./pictures.server";

/** What the shop holds of a shelf's items beyond the catalogue data: the owner's facts (decision 142) and main photos (decision 146). */
export interface ShelfOnFile {
  facts: ReadonlyMap<string, ItemFactsOnFile>;
  /** Each card's picture by catalogue id: the main photo, else the item's drawing. */
  pictures: Readonly<Record<string, PictureView>>;
}

/**
 * A fixed-price shelf (stationery, regular shoes, bottles, bags) as cards with their add forms, in the page's language.
 * The shelf is these items' page: a card shows the facts the owner set for its item (`onFile`, decision 142), none when
 * none is set, and the item's main photo (decision 146), its drawing until there is one.
 */
export function shelfCards(prefix: string, products: readonly FixedPriceProduct[], language: Language, onFile: ShelfOnFile) {
  return products.map((item) => {
    const product = findCatalogueProduct(`${prefix}/${item.id}`);
    if (!product) throw new Error(`catalogue has no ${prefix}/${item.id}`);
    const facts = onFile.facts.get(product.id)?.facts;
    return {
      id: item.id,
      name: nameIn(language, item),
      description: descriptionIn(language, item),
      picture: onFile.pictures[product.id],
      price: item.price,
      offer: offerFor(product, { language }),
      facts: facts && hasAnyFact(facts) ? boughtInFacts(facts) : null,
    };
  });
}

/** The facts and main photos the owner set for a shelf's items, for `shelfCards`: one query each for the whole shelf. */
export async function shelfOnFile(shop: Shop, prefix: string, products: readonly FixedPriceProduct[]): Promise<ShelfOnFile> {
  const ids = products.map((item) => `${prefix}/${item.id}`);
  const [facts, pictures] = await Promise.all([
    shop.itemFacts.onFile(ids),
    shelfItemPictures(shop, products.map((item, i) => ({ id: ids[i], illustration: item.illustration })), CARD_PICTURE_SIZE),
  ]);
  return { facts, pictures };
}
