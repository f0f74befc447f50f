import type { Shop } from "../../services/index";
import { clearGuestCookie, readGuestToken } from "../cart/guest-cookie.server";

/**
 * Runs on every page sign-in and sign-up of a shopper (email and password,
 * phone code, Google), after the new session exists and before the redirect.
 * Whatever headers it returns are added to that redirect (Set-Cookie included).
 *
 * The cart merges the guest cart into the shopper's saved cart here (cart
 * developer: fill this in). API logins do not call it: an /api client keeps
 * its own cart.
 */
export async function afterShopperSignIn(request: Request, shop: Shop, userId: string): Promise<Headers> {
  const headers = new Headers();
  const guestToken = await readGuestToken(request, shop);
  if (!guestToken) return headers;
  try {
    // One append to the user's cart; the guest stream stays as it was.
    await shop.cart.mergeGuestCart(guestToken, userId);
  } catch (err) {
    // The sign-in still succeeds. Both carts are unchanged and the cookie is kept,
    // so the next sign-in merges (a merge of the same guest revision happens once).
    console.error(`cart merge for user ${userId}: ${err instanceof Error ? err.message : String(err)}`);
    return headers;
  }
  headers.append("Set-Cookie", await clearGuestCookie(shop));
  return headers;
}
