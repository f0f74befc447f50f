/**
 * The account page's WhatsApp choice (decision 231): whether the parent's texts (sign-in codes, order news)
 * come on WhatsApp or by SMS, given and withdrawn here as events of their privacy stream. Shown only when the
 * shop has WhatsApp; the texts go to the account's own mobile number, so without one there is nothing to choose.
 */
import { redirect } from "@remix-run/node";
import { ACCOUNT_FORM_MESSAGES, WHATSAPP_CHOICE_LIMITS, whatsappChoiceForm } from "../../domain/forms/account";
import { accountSubject } from "../../domain/privacy/subjects";
import type { Shop } from "../../services/index";
import type { Shopper } from "../auth/session.server";
import { readPageForm } from "../forms/form.server";
import { languageOf, refusalIn } from "../i18n/i18n.server";

/**
 * What `?texts=` says after a change: the note shown under the choice. Not `?whatsapp`, the action's own
 * address: the page's other forms post to where the page is.
 */
const SAVED = ["on", "off"] as const;

export interface WhatsAppChoiceView {
  /** The parent's mobile number the texts go to; null: none on the account yet. */
  phone: string | null;
  chosen: boolean;
  saved: (typeof SAVED)[number] | null;
}

/** The choice as the account page shows it; null when the shop has no WhatsApp. */
export async function whatsappChoicePage(shop: Shop, request: Request, shopper: Pick<Shopper, "id" | "phone">): Promise<WhatsAppChoiceView | null> {
  if (!shop.config.whatsapp) return null;
  const saved = new URL(request.url).searchParams.get("texts");
  return {
    phone: shopper.phone ?? null,
    chosen: await shop.whatsapp.wants(accountSubject(shopper.id)),
    saved: (SAVED as readonly string[]).includes(saved ?? "") ? (saved as WhatsAppChoiceView["saved"]) : null,
  };
}

/** The choice changed: back to the page at the choice, saying so; a form the page did not send is refused as such. */
export async function whatsappChoiceAction(shop: Shop, request: Request, shopper: Pick<Shopper, "id">) {
  const form = await readPageForm(request, whatsappChoiceForm, WHATSAPP_CHOICE_LIMITS);
  if (!form.ok) return form.answer;
  // Without the shop's WhatsApp the page offers no choice: a post of one is not the page's.
  if (!shop.config.whatsapp) return form.refuse(refusalIn(languageOf(request), ACCOUNT_FORM_MESSAGES.notThisPage), 404);
  const wants = form.value.whatsapp === "on";
  await shop.whatsapp.choose(accountSubject(shopper.id), wants, "account", languageOf(request));
  return back(form.value.whatsapp);
}

/** Back to the page at the choice, saying what it is now. */
function back(now: WhatsAppChoiceView["saved"]): Response {
  return redirect(`/account?texts=${now}#whatsapp`, { status: 303 });
}
