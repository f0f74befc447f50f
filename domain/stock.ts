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
