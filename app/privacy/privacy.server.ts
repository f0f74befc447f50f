import type { Shop } from "../../services/index";
import { accountSubject, orderSubject } from "../../domain/privacy/subjects";
import type { Language } from "../../domain/i18n";
import { erasureDueBy } from "../../domain/privacy/events";
import { getShopper } from "../auth/session.server";

/**
 * The privacy pages' server glue (decisions 121-124): consent at checkout, a copy of the data as a
 * download, the view model of "Your data" on the account page.
 */

/**
 * Checkout's consent: the signed-in parent's own, or the guest order's. Never fails the order: it is placed.
 * With the shop's WhatsApp, the box beside it is their WhatsApp choice too (decision 231): ticked, yes; a
 * signed-in parent who unticks the box the page ticked for them says no; a guest who leaves it records nothing.
 */
export async function recordCheckoutConsent(
  shop: Shop,
  request: Request,
  orderId: string,
  language: Language,
  whatsapp = false,
): Promise<void> {
  const shopper = await getShopper(request, shop);
  const subject = shopper ? accountSubject(shopper.id) : orderSubject(orderId);
  await shop.privacy.consent({ subject, place: "checkout", language });
  if (shop.config.whatsapp) await shop.whatsapp.choose(subject, whatsapp, "checkout", language);
}

/** Everything the shop holds about a person, as a JSON file to save. */
export async function dataCopyResponse(shop: Shop, subject: string): Promise<Response> {
  const copy = await shop.privacy.copy(subject);
  const day = new Date().toISOString().slice(0, 10);
  return new Response(`${JSON.stringify(copy, null, 2)}\n`, {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="my-data-${day}.json"`,
      "Cache-Control": "private, no-store",
    },
  });
}

/** The account page's "Your data": where the consent stands and whether an erasure is under way. */
export async function accountPrivacy(shop: Shop, userId: string) {
  const state = await shop.privacy.state(accountSubject(userId));
  return {
    consent: state.consent ?? null,
    erasureAskedAt: state.erasureAskedAt ?? null,
    dueBy: state.erasureAskedAt ? erasureDueBy(state.erasureAskedAt) : null,
  };
}
