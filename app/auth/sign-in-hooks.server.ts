import type { Shop } from "../../services/index";
import { clearGuestCookie, readGuestToken } from "../cart/guest-cookie.server";

/**
 * Runs on every page sign-in and sign-up of a shopper (email and password,
 * phone code, Google), after the new session exists and before the redirect.
 * Whatever headers it returns are added to that redirect (Set-Cookie included).
 *
 * The guest orders placed with the account's mobile number join the account
 * (decision 114: an account's number was always proven by a code), and the
 * cart merges the guest cart into the shopper's saved cart. API logins do not
 * call it: an /api client keeps its own cart (the /api's code step links the
 * orders itself).
 */
export async function afterShopperSignIn(request: Request, shop: Shop, userId: string): Promise<Headers> {
  await linkGuestOrders(shop, userId);
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

/** The account's guest orders join it; a failure leaves them for the next sign-in, and the sign-in succeeds. */
async function linkGuestOrders(shop: Shop, userId: string): Promise<void> {
  try {
    const user = await shop.auth.findUser(userId);
    if (user?.phone) await shop.accounts.linkGuestOrders(user);
  } catch (err) {
    console.error(`guest orders for user ${userId}: ${err instanceof Error ? err.message : String(err)}`);
  }
}
