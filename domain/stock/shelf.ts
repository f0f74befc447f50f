// What the shelf allows. Products of the shop's own table count their stock; catalogue
// (school uniform) items are made to order and have none. The one rule the cart, the
// cart page and the order all ask (stock as its own stream comes later, decision 092).

/** Units on the shelf for a counted product; undefined for a made-to-order item. */
export type Shelf = number | undefined;

export const outOfStockMessage = (name: string) => `${name} is out of stock.`;

/** Why `quantity` of `name` cannot be sold from this shelf, or undefined when it can. */
export function stockProblem(name: string, quantity: number, shelf: Shelf): string | undefined {
  if (shelf === undefined) return undefined;
  if (shelf <= 0) return outOfStockMessage(name);
  if (quantity > shelf) return `Only ${shelf} of ${name} left in stock.`;
  return undefined;
}

/** What a shopper is told about a product's shelf: the same words on cards and product pages. */
export type ShelfLabel = { kind: "in" } | { kind: "few"; left: number } | { kind: "out" } | { kind: "made to order" };

/** "Only 3 left" from `LOW_STOCK_MARK` units down; a made-to-order item (no shelf) says so. */
export function shelfLabel(shelf: Shelf): ShelfLabel {
  if (shelf === undefined) return { kind: "made to order" };
  if (shelf <= 0) return { kind: "out" };
  if (shelf <= LOW_STOCK_MARK) return { kind: "few", left: shelf };
  return { kind: "in" };
}

/** At or under this many units a product is "low": "Only k left" in the shop, the low-stock filter in the admin. */
export const LOW_STOCK_MARK = 5;
