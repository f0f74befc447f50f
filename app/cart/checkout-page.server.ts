/**
 * The checkout page's view model and its order (app/routes/checkout.tsx): the cart's lines named in
 * the page's language with what stops each from being ordered, the money before delivery, the
 * details form filled in with what the shop knows, and the order placed from the cart with its
 * refusal worded for the page.
 */
import { data } from "@remix-run/node";
import { paymentChoiceSchema } from "../../domain/checkout";
import type { DetailsField } from "../../domain/checkout-fields";
import { isRuleViolation, refusal } from "../../domain/errors";
import type { Language } from "../../domain/i18n";
import { chargesBeforeDelivery, chargesShown, type ChargeRules } from "../../domain/orders/charges";
import { readPincode } from "../../domain/pincode";
import type { PaymentMethod, ShippingAddress } from "../../domain/orders/events";
import type { CartView } from "../../services/cart";
import type { Shop } from "../../services/index";
import { newIdempotencyKey } from "../../services/orders";
import type { Shopper } from "../auth/session.server";
import { lineWordsIn, namesByEnglish, type LineWords } from "../catalogue-words.server";
import { LINE_PICTURE_SIZE } from "../components/LinePicture";
import { linePictures } from "../pictures.server";
import { CHECKOUT_FORM_LIMITS, checkoutForm } from "../../domain/forms/cart";
import { readPageForm, type FormStatus } from "../forms/form.server";
import { languageOf, refusalTable, routeMessages } from "../i18n/i18n.server";
import { refusalText } from "../i18n/refusals.server";
import { cartContext, requestCartView } from "./cart.server";
import type { PincodeCheckView } from "../components/PincodeCheck";
import { pincodeCheck } from "../delivery/pincode-check.server";
import { accountSubject } from "../../domain/privacy/subjects";
import { cartDeliveryDates } from "../delivery/dates.server";

/** Refusals of the order that are about one field of the form, by key: shown by that field. */
const FIELD_OF_REFUSAL: Readonly<Record<string, string>> = {
  "checkout.outsideArea": "pincode",
  "checkout.noSuchPincode": "pincode",
  "checkout.outsideState": "pincode",
  "orders.noUpi": "paymentMethod",
  // The courier asked as the order is placed (decision 236).
  "courier.notServed": "pincode",
  "courier.noCodThere": "paymentMethod",
};

const CART_EMPTY = refusal("checkout.cartEmpty");

/**
 * The checkout's form: the details, the key, and how the parent will pay. Where cash is the only way,
 * a form without the choice (a page served before there was one) is a cash order; with UPI on offer
 * the parent must choose.
 */
const CHECKOUT_FORMS = {
  choose: checkoutForm.extend({ paymentMethod: paymentChoiceSchema }),
  cashOnly: checkoutForm.extend({ paymentMethod: paymentChoiceSchema.default("cod") }),
};

/** The checkout's form as the page form pipeline reads it (decision 088), with the payment choices the shop offers. */
export function readCheckoutForm(request: Request, upiAvailable: boolean) {
  return readPageForm(request, upiAvailable ? CHECKOUT_FORMS.choose : CHECKOUT_FORMS.cashOnly, {
    ...CHECKOUT_FORM_LIMITS,
    labels: { ...CHECKOUT_FORM_LIMITS.labels, paymentMethod: "Payment" },
  });
}

/** What the checkout page is drawn from: the cart, its lines' words in the page's language, who is shopping, the shop's rules. */
export interface CheckoutFacts {
  cart: Pick<CartView, "lines" | "total">;
  /** The words of each of the cart's lines in the page's language (`lineWordsIn`), in order. */
  words: readonly LineWords[];
  shopper: Pick<Shopper, "name" | "phone"> | null;
  /** A signed-in shopper's last address used: their latest order's, or a saved one since (decision 114). */
  last?: ShippingAddress;
  charges: ChargeRules;
  upiAvailable: boolean;
  now: Date;
  /** ?step=: "details" is the details form as a page of its own (without JavaScript). */
  step: string | null;
  idempotencyKey: string;
  /** The page's pincode check: the pincode just checked or remembered this visit, or what was typed when it is not one. */
  check?: Omit<PincodeCheckView, "rule">;
  /** The WhatsApp box (decision 231): offered when the shop has WhatsApp; ticked for a parent whose account chose it. */
  whatsapp?: WhatsAppBox;
}

/** The checkout's "Send my messages on WhatsApp" box: whether it is there, and ticked. */
export interface WhatsAppBox {
  offered: boolean;
  chosen: boolean;
}

/** The checkout page as it draws the cart's summary and the details form. */
export function checkoutView(facts: CheckoutFacts, lang: Language) {
  const { cart, words, shopper, last } = facts;
  const itemName = namesByEnglish(cart.lines, words);
  const summaryPincode = facts.check?.pincode ?? (facts.check?.invalid === undefined ? readPincode(last?.pincode) : undefined);
  return {
    lines: cart.lines.map((line, i) => ({
      key: `${line.productId}|${line.size}|${line.school}`,
      ...words[i],
      quantity: line.quantity,
      unitPrice: line.unitPrice,
      // A refusal as data: worded here, the product by its name in the page's language.
      problem: line.problem && refusalText(lang, line.problem, { itemName }),
    })),
    total: cart.total,
    cartEmpty: cart.lines.length === 0 ? refusalText(lang, CART_EMPTY) : null,
    // The same offer the order will be charged; delivery waits for the pincode.
    charges: chargesBeforeDelivery(cart.total, facts.charges, facts.now),
    delivery: {
      area: facts.charges.delivery.freeArea.map((start) => `${start}…`).join(", "),
      outsideCharge: facts.charges.delivery.outsideCharge,
    },
    // Every rupee for the pincode the page knows (just checked, remembered, or the last order's), else before delivery.
    shown: chargesShown(cart.total, summaryPincode, facts.charges, facts.now),
    check: { rule: facts.charges.delivery, ...facts.check, ...(summaryPincode ? { pincode: summaryPincode } : {}) } satisfies PincodeCheckView,
    // What the details step adds up as the parent types the pincode, in the browser as on the server (decision 113).
    money: { subtotal: cart.total, rules: facts.charges, at: facts.now.toISOString() },
    // The pincode checked this visit fills the details' pincode when the shop knows none of the shopper's.
    checkedPincode: facts.check?.pincode ?? "",
    upiAvailable: facts.upiAvailable,
    whatsapp: facts.whatsapp ?? { offered: false, chosen: false },
    signedIn: Boolean(shopper),
    // Known details of a signed-in shopper (their account, their last order) fill the form; a guest types them.
    prefill: {
      name: last?.name ?? shopper?.name ?? "",
      phone: last?.phone ?? shopper?.phone ?? "",
      address: last?.address ?? "",
      city: last?.city ?? "",
      pincode: last?.pincode ?? "",
    } satisfies Record<DetailsField, string>,
    // A new key on every render: one submit of this form is one order, however often it arrives.
    idempotencyKey: facts.idempotencyKey,
    showDetails: facts.step === "details",
  };
}

/** The checkout page's data for `request`. */
export async function checkoutPage(shop: Shop, request: Request) {
  const { shopper, owner } = await cartContext(request, shop);
  const cart = owner ? await requestCartView(request, shop, owner) : { lines: [], total: 0, count: 0 };
  const step = new URL(request.url).searchParams.get("step");
  // The last address used: the latest order's, or a saved one added or edited since (decision 114).
  const last = shopper && cart.lines.length ? await shop.accounts.checkoutAddress(shopper.id) : undefined;
  const lang = languageOf(request);
  // Lines keep the English they were added with; the page names them in its language (decision 099).
  const words = await lineWordsIn(shop, lang, cart.lines);
  const { view: check, headers } = pincodeCheck(request, shop, { remembered: true });
  const facts = {
    cart,
    words,
    shopper,
    last,
    charges: shop.config.charges,
    upiAvailable: shop.orders.upiAvailable,
    whatsapp: await whatsappBox(shop, shopper),
    now: new Date(),
    step,
    idempotencyKey: newIdempotencyKey(),
    // What the check said of a pincode it refuses (none in India Post's directory, another state) is shown as the check said it.
    check: {
      ...(check.pincode ? { pincode: check.pincode } : {}),
      ...(check.invalid !== undefined ? { invalid: check.invalid } : {}),
      ...(check.unknown !== undefined ? { unknown: check.unknown } : {}),
      ...(check.otherState ? { otherState: check.otherState } : {}),
    },
  };
  const view = checkoutView(facts, lang);
  // Each line's picture: the main photo, else the drawing in its school's colours (decision 140).
  const pictures = await linePictures(shop, cart.lines.map((line) => line.productId), LINE_PICTURE_SIZE);
  return data(
    {
      ...view,
      lines: view.lines.map((line, i) => ({ ...line, picture: pictures[cart.lines[i].productId] })),
      // When it arrives, before the parent pays: to the pincode the page knows, or in town and elsewhere (decision 236).
      dates: await cartDeliveryDates(shop, lang, cart.lines, view.check.pincode),
      messages: routeMessages(request, "checkout", "payment", "delivery", "seller", "privacy"),
      refusals: refusalTable(request, "checkout"),
    },
    { headers },
  );
}

/** The WhatsApp box for this shopper: none without the shop's WhatsApp; a signed-in parent's standing choice ticks it. */
async function whatsappBox(shop: Shop, shopper: Pick<Shopper, "id"> | null): Promise<WhatsAppBox> {
  if (!shop.config.whatsapp) return { offered: false, chosen: false };
  return { offered: true, chosen: shopper ? await shop.whatsapp.wants(accountSubject(shopper.id)) : false };
}

export type CheckoutOutcome = { ok: true; orderId: string } | { ok: false; refusal: string | Readonly<Record<string, string>>; status: FormStatus };

/**
 * The order from the request's cart, with the details and payment method the form sent; once it
 * is visible (read your writes: the confirmation and the account page already show it). A refusal
 * is worded in the page's language, by the field it is about when it is about one.
 */
export async function placeCheckoutOrder(
  shop: Shop,
  request: Request,
  order: { idempotencyKey?: string; paymentMethod: PaymentMethod; details: ShippingAddress; shownTotal?: number },
  clientIp?: string,
): Promise<CheckoutOutcome> {
  const { idempotencyKey, paymentMethod, details, shownTotal } = order;
  const { shopper, owner } = await cartContext(request, shop);
  if (!owner) return { ok: false, refusal: refusalText(languageOf(request), CART_EMPTY), status: 422 };
  try {
    const placed = await shop.orders.placeOrderFromCart({
      owner,
      idempotencyKey: idempotencyKey ?? "",
      details,
      user: shopper ? { id: shopper.id, name: shopper.name, email: shopper.email } : null,
      // The order's SMS speak the language the shopper ordered in.
      language: languageOf(request),
      paymentMethod,
      // Placed at the total the form showed, or refused with the new one to confirm (decision 113).
      page: shownTotal === undefined ? {} : { shownTotal },
      // To the account's own proven number, or held to the limits on unverified orders (decision 194).
      from: { ip: clientIp ?? "", verifiedPhone: shopper?.phone ?? null },
    });
    // Read your writes: the confirmation and the account page already show the order.
    await shop.orders.waitUntilVisible(placed.position);
    return { ok: true, orderId: placed.orderId };
  } catch (err) {
    // The refusal is worded here, in the page's language, the product by its name in it (the
    // cart's lines know it by its English one).
    if (!isRuleViolation(err)) throw err;
    const lang = languageOf(request);
    const lines = lang === "en" ? [] : (await shop.cart.view(owner)).lines;
    const itemName = namesByEnglish(lines, await lineWordsIn(shop, lang, lines));
    const worded = refusalText(lang, err, { itemName });
    const field = FIELD_OF_REFUSAL[err.key];
    return { ok: false, refusal: field ? { [field]: worded } : worded, status: err.status };
  }
}
