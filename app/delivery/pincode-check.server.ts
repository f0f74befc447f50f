/**
 * The pincode check of product pages, the cart and the checkout (decision 113): a GET form whose
 * `?pincode=` a page's loader reads here. A valid one is remembered for the visit (a session
 * cookie of six digits, nothing else); the answer itself ("Delivery to 302001: ₹100") is worded by
 * the page from the shop's delivery rule (`deliveryTo` in domain/orders/charges.ts), so the check,
 * the cart, the checkout and the order charge the same.
 *
 * Catalogue pages are kept and shared between visitors (decisions 074, 106): their loaders read
 * only the address (`remembered: false`), whose answer is the same for everyone; the page's script
 * shows the remembered pincode there. The cart and checkout are rendered per request and read the
 * cookie too.
 */
import { pincodeCookie, pincodeFromCookie, readPincode } from "../../domain/pincode";
import type { Shop } from "../../services/index";
import { stateOfPincode } from "../../domain/tax/pincode-states";
import { suppliesInto } from "../../domain/tax/seller";
import type { PincodeCheckView } from "../components/PincodeCheck";
import { languageOf, RESOURCES } from "../i18n/i18n.server";

/** The longest `?pincode=` shown back: the field takes six digits, a parent may type a space. */
const TYPED_MAX = 12;

export function pincodeCheck(
  request: Request,
  shop: Pick<Shop, "config">,
  options: { remembered: boolean },
): { view: PincodeCheckView; headers: Headers } {
  const rule = shop.config.charges.delivery;
  const headers = new Headers();
  const asked = new URL(request.url).searchParams.get("pincode");
  if (asked !== null && asked.trim() !== "") {
    const pincode = readPincode(asked);
    if (!pincode) return { view: { rule, invalid: asked.slice(0, TYPED_MAX) }, headers };
    // Six digits India Post does not have: said so, and not remembered (decision 201).
    const state = stateOfPincode(pincode);
    if (!state) return { view: { rule, invalid: asked.slice(0, TYPED_MAX), unknown: pincode }, headers };
    // A composition or unregistered shop may not send goods to another state (decision 202): said so, not remembered.
    const seller = shop.config.seller;
    if (seller && !suppliesInto(seller, state)) {
      const names = RESOURCES[languageOf(request)].tax.state as Record<string, string>;
      const otherState = { pincode, state: names[state], shopState: names[seller.stateCode] };
      return { view: { rule, invalid: asked.slice(0, TYPED_MAX), otherState }, headers };
    }
    headers.append("Set-Cookie", pincodeCookie(pincode, shop.config.production));
    return { view: { rule, pincode }, headers };
  }
  const remembered = options.remembered ? pincodeFromCookie(request.headers.get("Cookie")) : undefined;
  return { view: { rule, ...(remembered ? { pincode: remembered } : {}) }, headers };
}
