// The one part of a page's frame that is a shopper's own. app/ looks it up and draws it; the web
// server (server/page-cache.ts) keeps catalogue pages with holes where it goes (decision 106).

/**
 * Whether the shopper is signed in (the navbar offers Account and Logout instead of Login and
 * Sign up) and their cart badge. Nothing else on a catalogue page differs between shoppers. The
 * name is not here: the frame never shows it.
 */
export interface ShopperFrame {
  signedIn: boolean;
  /** null: nothing in the cart, so no badge. */
  badge: CartBadge | null;
}

/** The navbar's cart badge: the count it shows and the words a screen reader says, in the page's language. */
export interface CartBadge {
  count: string;
  label: string;
}

/** A shopper who is not signed in and has nothing in the cart: their pages are a visitor's. */
export function isVisitorFrame(frame: ShopperFrame): boolean {
  return !frame.signedIn && frame.badge === null;
}
