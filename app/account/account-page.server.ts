/**
 * The account page's own part (decision 114): the parent's details (name, email, mobile number)
 * and their saved delivery addresses, as the page shows them and as its forms change them. Every
 * form posts to `/account?details` and reads through the one form pipeline; a change answers with
 * a redirect back to the page (what it says saved in `?saved=`), a refusal with the form's
 * `{ result }`, worded in the page's language, by the field it is about.
 */
import { redirect } from "@remix-run/node";
import { isRuleViolation } from "../../domain/errors";
import { maskPhone } from "../../domain/auth";
import { ACCOUNT_FORM_LIMITS, accountForm, type AccountForm } from "../../domain/forms/account";
import type { SavedAddress } from "../../domain/account/addresses";
import { MAX_SAVED_ADDRESSES } from "../../domain/account/addresses";
import type { Language } from "../../domain/i18n";
import { isAuthError } from "../../services/auth/index";
import type { Shop } from "../../services/index";
import { getShopperSession, shopperStorage, type Shopper } from "../auth/session.server";
import { readPageForm, refusalStatus } from "../forms/form.server";
import { languageOf, refusalTable } from "../i18n/i18n.server";
import { refusalText } from "../i18n/refusals.server";

/** What `?saved=` may say after a change: the page's note for it. */
export const SAVED_NOTES = ["details", "phone", "address", "addressDeleted"] as const;
export type SavedNote = (typeof SAVED_NOTES)[number];

/** The refusals of a rule that are about one field of its form. */
const FIELD_OF_REFUSAL: Readonly<Record<string, string>> = {
  "account.emailTaken": "email",
  "account.emailNeeded": "email",
  "account.phoneSame": "phone",
  "account.phoneTaken": "phone",
};

/** The details part of the account page's data. */
export async function accountDetailsPage(shop: Shop, request: Request, shopper: Shopper) {
  const url = new URL(request.url);
  const session = await getShopperSession(request, shop);
  const pending = session.get("phoneChange");
  const saved = url.searchParams.get("saved");
  const linked = Number(url.searchParams.get("linked") ?? 0);
  return {
    addresses: await shop.accounts.addresses(shopper.id),
    maxAddresses: MAX_SAVED_ADDRESSES,
    /** The new number waiting for its code, masked as the sign-in page shows one. */
    pendingPhone: pending ? maskPhone(pending) : null,
    /** `?edit=details` / `?edit=phone` / `?address=<id|new>`: a form opened without JavaScript. */
    editing: url.searchParams.get("edit"),
    addressForm: url.searchParams.get("address"),
    saved: (SAVED_NOTES as readonly string[]).includes(saved ?? "") ? (saved as SavedNote) : null,
    linked: Number.isInteger(linked) && linked > 0 ? linked : 0,
  };
}

export type AccountDetailsView = Awaited<ReturnType<typeof accountDetailsPage>> & { shopper: Shopper };

/** The form messages the page's own forms may show (the sign-in pages' and the checkout's words), in the page's language. */
export function accountRefusals(request: Request): Record<string, string> {
  return { ...refusalTable(request, "auth"), ...refusalTable(request, "checkout") };
}

/** Back to the page after a change, saying what was saved, at the section it was made in. */
function back(saved: SavedNote, anchor: string): Response {
  return redirect(`/account?saved=${saved}${anchor}`);
}

/** The account page's own forms (`?details`): parse, one change, answer. */
export async function accountDetailsAction(shop: Shop, request: Request, shopper: Shopper, clientIp?: string) {
  const form = await readPageForm(request, accountForm, ACCOUNT_FORM_LIMITS);
  if (!form.ok) return form.answer;
  const lang = languageOf(request);
  try {
    return await change(shop, request, shopper, form.value, lang, clientIp);
  } catch (err) {
    if (isRuleViolation(err)) {
      const worded = refusalText(lang, err);
      const field = FIELD_OF_REFUSAL[err.key];
      return form.refuse(field ? { [field]: worded } : worded, refusalStatus(err.status));
    }
    // A code's refusals (wrong, expired, too many, too many sends) are the sign-in pages' words.
    if (isAuthError(err)) {
      const worded = refusalText(lang, err.refusal);
      return form.refuse(form.value.intent === "phone-send" ? { phone: worded } : form.value.intent === "phone-verify" ? { otp: worded } : worded, refusalStatus(err.status));
    }
    throw err;
  }
}

async function change(shop: Shop, request: Request, shopper: Shopper, value: AccountForm, lang: Language, clientIp?: string): Promise<Response> {
  switch (value.intent) {
    case "profile":
      await shop.accounts.updateProfile(shopper.id, { name: value.name, email: value.email }, { ip: clientIp });
      return back("details", "#details");
    case "phone-send":
      await shop.accounts.sendPhoneChangeCode(shopper.id, value.phone, { ip: clientIp, language: lang });
      return withPendingPhone(shop, request, value.phone, "/account?edit=phone#phone");
    case "phone-resend": {
      const pending = (await getShopperSession(request, shop)).get("phoneChange");
      if (!pending) return withPendingPhone(shop, request, null, "/account?edit=phone#phone");
      await shop.accounts.sendPhoneChangeCode(shopper.id, pending, { ip: clientIp, language: lang });
      return redirect("/account?edit=phone#phone");
    }
    case "phone-verify": {
      const pending = (await getShopperSession(request, shop)).get("phoneChange");
      // Nothing waiting (another tab finished it, or the session lost it): start again with the number.
      if (!pending) return withPendingPhone(shop, request, null, "/account?edit=phone#phone");
      const { linked } = await shop.accounts.provePhoneChange(shopper, pending, value.otp, { ip: clientIp });
      return withPendingPhone(shop, request, null, `/account?saved=phone${linked.length ? `&linked=${linked.length}` : ""}#phone`);
    }
    case "phone-cancel":
      return withPendingPhone(shop, request, null, "/account#phone");
    case "address-add": {
      const { intent: _, ...address } = value;
      await shop.accounts.addAddress(shopper.id, address);
      return back("address", "#addresses");
    }
    case "address-edit": {
      const { intent: _, id, ...address } = value;
      await shop.accounts.editAddress(shopper.id, id, address);
      return back("address", "#addresses");
    }
    case "address-delete":
      await shop.accounts.deleteAddress(shopper.id, value.id);
      return back("addressDeleted", "#addresses");
    case "address-from-order":
      await shop.accounts.saveAddressOfOrder(shopper.id, value.orderId);
      return redirect(`/checkout/done?order=${encodeURIComponent(value.orderId.toLowerCase())}&saved=address`);
  }
}

/** The number waiting for its code, in the session (never in the address): set, or cleared with null. */
async function withPendingPhone(shop: Shop, request: Request, phone: string | null, to: string): Promise<Response> {
  const storage = shopperStorage(shop);
  const session = await storage.getSession(request.headers.get("Cookie"));
  if (phone) session.set("phoneChange", phone);
  else session.unset("phoneChange");
  return redirect(to, { headers: { "Set-Cookie": await storage.commitSession(session) } });
}

export type { SavedAddress };
