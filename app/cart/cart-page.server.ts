/**
 * The cart page's view model and its changes (app/routes/cart.tsx): the lines named in the page's
 * language with what stops each from being ordered, the money before delivery, and add, update,
 * remove and clear through the cart service with a refusal worded for the page.
 */
import { data } from "@remix-run/node";
import type { z } from "zod";
import type { Refusal } from "../../domain/errors";
import { isRuleViolation } from "../../domain/errors";
import type { cartForm } from "../../domain/forms/cart";
import type { Language } from "../../domain/i18n";
import { chargesBeforeDelivery, chargesShown, type ChargeRules } from "../../domain/orders/charges";
import type { CartOwner, CartView } from "../../services/cart";
import type { Shop } from "../../services/index";
import { lineWordsIn, namesByEnglish, type LineWords } from "../catalogue-words.server";
import { LINE_PICTURE_SIZE } from "../components/LinePicture";
import { linePictures } from "../pictures.server";
import type { AddedItem } from "../components/AddedNote";
import type { FormStatus } from "../forms/form.server";
import { languageOf, refusalTable, routeMessages } from "../i18n/i18n.server";
import { refusalText } from "../i18n/refusals.server";
import { cartContext, requestCartView } from "./cart.server";
import { pincodeCheck } from "../delivery/pincode-check.server";
import { cartDeliveryDates } from "../delivery/dates.server";

const EMPTY: Omit<CartView, "cartId"> = { revision: -1, lines: [], count: 0, total: 0 };

/**
 * The cart page from the cart, its lines' words in the page's language (`lineWordsIn`, in order), the
 * shop's charges and the pincode checked this visit, if any.
 */
export function cartView(
  cart: Pick<CartView, "lines" | "count" | "total">,
  words: readonly LineWords[],
  rules: ChargeRules,
  lang: Language,
  now: Date,
  pincode?: string,
) {
  const itemName = namesByEnglish(cart.lines, words);
  return {
    // A line's problem is a refusal as data: worded here, the product by its name in the page's language.
    lines: cart.lines.map(({ problem, ...line }, i) => ({
      ...line,
      ...(problem ? { problem: refusalText(lang, problem, { itemName }) } : {}),
      shown: words[i],
    })),
    // The same offer the order will be charged; delivery waits for the address at checkout.
    charges: chargesBeforeDelivery(cart.total, rules, now),
    outsideCharge: rules.delivery.outsideCharge,
    // With a pincode checked this visit, every rupee to it: the total then has delivery in it (decision 113).
    shown: chargesShown(cart.total, pincode, rules, now),
    count: cart.count,
  };
}

/** The cart page's data for `request`. */
export async function cartPage(shop: Shop, request: Request) {
  const { owner } = await cartContext(request, shop);
  const cart = owner ? await requestCartView(request, shop, owner) : EMPTY;
  const lang = languageOf(request);
  // Lines keep the English they were added with; the page names them in its language (decision 099).
  const words = await lineWordsIn(shop, lang, cart.lines);
  // Which child each line is for, by the name the parent gave (decision 133); a child removed since is nobody.
  const children = owner?.kind === "user" && cart.lines.some((line) => line.forChild) ? await shop.children.list(owner.userId) : [];
  const childNames = Object.fromEntries(children.map((child) => [child.id, child.name]));
  const { view: check, headers } = pincodeCheck(request, shop, { remembered: true });
  const view = cartView(cart, words, shop.config.charges, lang, new Date(), check.pincode);
  // Each line's picture: the main photo, else the drawing in its school's colours (decision 140).
  const pictures = await linePictures(shop, cart.lines.map((line) => line.productId), LINE_PICTURE_SIZE);
  return data(
    {
      ...view,
      lines: view.lines.map((line) => ({ ...line, picture: pictures[line.productId] })),
      childNames,
      check,
      // When it arrives, to the pincode the page knows or in town and elsewhere (decision 236).
      dates: await cartDeliveryDates(shop, lang, cart.lines, check.pincode),
      messages: routeMessages(request, "cart", "delivery"),
      refusals: refusalTable(request, "checkout"),
    },
    { headers },
  );
}

/** A change to the cart, as the cart's forms (domain/forms/cart.ts) send it. */
export type CartChange = z.output<typeof cartForm>;

/** Done (with what an add put in the cart), or the rule's refusal in the page's language. */
export type CartChangeOutcome = { ok: true; added?: AddedItem } | { ok: false; refusal: string; status: FormStatus };

/** Add, update, remove or clear, on `owner`'s cart. */
export async function changeCart(shop: Shop, owner: CartOwner, change: CartChange, lang: Language): Promise<CartChangeOutcome> {
  let added: AddedItem | undefined;
  try {
    switch (change.intent) {
      case "add": {
        // The cart refuses a line for a child who is not this parent's own (decision 133).
        await shop.cart.add(owner, { productId: change.productId, size: change.size, quantity: change.quantity, ...(change.forChild ? { forChild: change.forChild } : {}) });
        added = await addedItem(shop, change, lang);
        break;
      }
      case "update":
        await shop.cart.changeQuantity(owner, lineOf(change), change.quantity);
        break;
      case "remove":
        await shop.cart.remove(owner, lineOf(change));
        break;
      case "clear":
        await shop.cart.clear(owner);
        break;
    }
  } catch (err) {
    // A rule's refusal is worded here, in the page's language, the product by its name in it.
    if (isRuleViolation(err)) {
      const adding = change.intent === "add" ? { productId: change.productId, size: change.size } : undefined;
      return { ok: false, refusal: await refusalOfCart(shop, owner, lang, err, adding), status: err.status };
    }
    throw err;
  }
  return { ok: true, ...(added ? { added } : {}) };
}

/** What an add put in the cart, named as the shop names it in the page's language: "Added: Shirt (30) x 2". */
async function addedItem(shop: Shop, item: { productId: string; size?: string; quantity: number }, lang: Language): Promise<AddedItem | undefined> {
  const priced = await shop.priceLine(item.productId, item.size);
  if (!priced.ok) return undefined;
  const [shown] = await lineWordsIn(shop, lang, [priced.product]);
  return { name: shown.name, size: shown.size, quantity: item.quantity };
}

/** The line a row's form names: product, size, school and the child it is for (a line's identity). */
function lineOf(row: { productId: string; size: string; school: string; forChild?: string }) {
  return { productId: row.productId, size: row.size, school: row.school, ...(row.forChild ? { forChild: row.forChild } : {}) };
}

/**
 * A rule's refusal of a change to the cart, in `lang`: a product it names (a line of the cart, or the
 * one being added) by its name in that language.
 */
async function refusalOfCart(shop: Shop, owner: CartOwner, lang: Language, refused: Refusal, adding?: { productId: string; size?: string }): Promise<string> {
  if (lang === "en") return refusalText(lang, refused);
  const lines: { productId: string; name: string; size: string; school: string }[] = [...(await shop.cart.view(owner)).lines];
  const added = adding && (await shop.priceLine(adding.productId, adding.size));
  if (added && added.ok) lines.push(added.product);
  return refusalText(lang, refused, { itemName: namesByEnglish(lines, await lineWordsIn(shop, lang, lines)) });
}
