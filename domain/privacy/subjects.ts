// Whose data an event holds: the name of the person a key is kept for (docs/privacy.md).
// A signed-in parent is one person across their account, orders, children and complaints;
// a guest's order is its own person until it is linked to an account.

/** The subject of everything a signed-in parent gave the shop. */
export function accountSubject(userId: string): string {
  return `account:${userId}`;
}

/** The subject of a guest's order (its name, phone and address) and what was said about it. */
export function orderSubject(orderId: string): string {
  return `order:${orderId}`;
}
