// What the shelf allows. Products of the shop's own table count their stock, each in its own
// stream (`stock-{id}`, decision 100; domain/stock/stock.ts); catalogue (school uniform) items
// are made to order and have none. The one rule the cart, the cart page, the order and the
// stock decider's reservation all ask, on the units for sale.
import { refusal, type Refusal } from "../errors";

/** Units for sale of a counted product; undefined for a made-to-order item. */
export type Shelf = number | undefined;

/**
 * Why `quantity` of `name` cannot be sold from this shelf (`stock.outOfStock`, `stock.onlyLeft`
 * naming the item and what is left), or undefined when it can. A refusal as data: the caller
 * throws it as a RuleViolation with the status that fits, or names it inside another.
 */
export function stockProblem(name: string, quantity: number, shelf: Shelf): Refusal | undefined {
  if (shelf === undefined) return undefined;
  if (shelf <= 0) return refusal("stock.outOfStock", { item: name });
  if (quantity > shelf) return refusal("stock.onlyLeft", { left: shelf, item: name });
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
