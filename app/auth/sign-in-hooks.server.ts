import type { Shop } from "../../services/index";
import { clearGuestCookie, readGuestToken } from "../cart/guest-cookie.server";

/**
 * Runs on every page sign-in and sign-up of a shopper (email and password,
 * phone code, Google), after the new session exists and before the redirect.
 * Whatever headers it returns are added to that redirect (Set-Cookie included).
 *
 * The account service joins the guest orders placed with the account's mobile
 * number and merges the guest cart into the shopper's saved cart; the guest
 * cookie goes once the cart has merged. API logins do not call it: an /api
 * client keeps its own cart (the /api's code step links the orders itself).
 */
export async function afterShopperSignIn(request: Request, shop: Shop, userId: string): Promise<Headers> {
  const headers = new Headers();
  const guestToken = await readGuestToken(request, shop);
  const { cartMerged } = await shop.accounts.afterSignIn(userId, guestToken ?? null);
  // A cart that did not merge keeps its cookie, so the next sign-in merges it.
  if (cartMerged) headers.append("Set-Cookie", await clearGuestCookie(shop));
  return headers;
}
