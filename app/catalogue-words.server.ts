import { findCatalogueProduct } from "../domain/catalogue";
import { describeItems } from "../domain/orders/order";
import { nameIn, schoolNameIn, sizeIn } from "../domain/catalogue-words";
import type { Language } from "../domain/i18n";
import { parseShopProductCartId } from "../domain/shop-products";
import type { Shop } from "../services/index";

/** What a cart or checkout line is called on the page: it stores English (events, orders), the page may not. */
export interface LineWords {
  name: string;
  school: string;
  size: string;
}

interface LineRef {
  productId: string;
  name: string;
  school: string;
  size: string;
}

/**
 * The words of cart lines in the page's language, looked up by product id at display time:
 * the cart's events keep the English name they were added with (decision 099). A product
 * the catalogue no longer has keeps the name its line carries. One entry per line, in order.
 */
export async function lineWordsIn(shop: Shop, language: Language, lines: readonly LineRef[]): Promise<LineWords[]> {
  if (language === "en") return lines.map(({ name, school, size }) => ({ name, school, size }));
  const shopIds = [...new Set(lines.map((line) => parseShopProductCartId(line.productId)).filter((id) => id !== undefined))];
  const shopProducts = new Map(
    await Promise.all(shopIds.map(async (id) => [id, await shop.catalogue.findProduct(id)] as const)),
  );
  return lines.map((line) => {
    const shopId = parseShopProductCartId(line.productId);
    const catalogued = shopId === undefined ? findCatalogueProduct(line.productId) : undefined;
    const product = catalogued ?? (shopId === undefined ? undefined : shopProducts.get(shopId));
    const school = catalogued?.school;
    return {
      name: product ? nameIn(language, product) : line.name,
      school: school && school.name === line.school ? schoolNameIn(language, school) : line.school,
      size: sizeIn(language, line.size),
    };
  });
}

/** English product name -> the page's name, for refusals worded on the server that name a line's product. */
export function namesByEnglish(lines: readonly LineRef[], words: readonly LineWords[]): (english: string) => string {
  const names = new Map(lines.map((line, i) => [line.name, words[i].name]));
  return (english) => names.get(english) ?? english;
}

/** "Shirt (30) x 2, Belt (Free Size) x 1" in the page's language: an order's lines keep the English they were placed with. */
export async function describeItemsIn(shop: Shop, language: Language, lines: readonly (LineRef & { quantity: number })[]): Promise<string> {
  const words = await lineWordsIn(shop, language, lines);
  return describeItems(lines.map((line, i) => ({ name: words[i].name, size: words[i].size, quantity: line.quantity })));
}
