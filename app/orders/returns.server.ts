/**
 * The shopper's side of returns (decision 103): what the account and tracking pages show of an order's
 * after-sale (the courier and tracking number, each return's state, whether and until when a return
 * may be asked for now) and the request those pages post. Notes are never read here: they are the
 * shop's own. The pages decide whose order it is before calling.
 */
import { isRuleViolation, refusal, type Refusal } from "../../domain/errors";
import type { Actor, AskedLine, OrderLine } from "../../domain/orders/events";
import { lineKey, returnRequestRefusal, returnable } from "../../domain/orders/returns";
import { RETURN_WINDOW_MS } from "../../domain/orders/terms";
import { formatDate, formatDateTime, type Language } from "../../domain/i18n";
import type { Shop } from "../../services/index";
import type { ShopperReturns } from "../components/ReturnRequest";
import { lineWordsIn, namesByEnglish } from "../catalogue-words.server";
import { serverT } from "../i18n/i18n.server";
import { findCatalogueProduct } from "../../domain/catalogue";
import { sizeIn } from "../../domain/catalogue-words";
import { refusalText } from "../i18n/refusals.server";

/** A step's outcome: what it changed, or the rule's refusal as data (the page words it in its language: `refusalText`). */
export type StepOutcome = { ok: true; changed: boolean } | { ok: false; status: number; refusal: Refusal };

/** A step's outcome: what it changed, or the rule's refusal (anything else is a fault and is thrown). */
export async function outcomeOf(run: () => Promise<{ changed: boolean }>): Promise<StepOutcome> {
  try {
    const result = await run();
    return { ok: true, changed: result.changed };
  } catch (err) {
    if (isRuleViolation(err)) return { ok: false, status: err.status, refusal: refusal(err.key, err.values) };
    throw err;
  }
}

export async function shopperReturns(shop: Shop, orderId: string, status: string, lang: Language, now = new Date()): Promise<ShopperReturns | null> {
  const afterSale = await shop.orders.afterSale(orderId);
  if (!afterSale) return null;
  const t = serverT(lang);
  // Each line named as the catalogue does in the page's language: the order keeps the English it was placed with.
  const words = await lineWordsIn(shop, lang, afterSale.lines);
  const labels = new Map(afterSale.lines.map((l, i) => [lineKey(l), `${words[i].name} (${words[i].size})`]));
  const labelOf = (l: { productId: string; size: string; school: string }) => labels.get(lineKey(l)) ?? `${l.productId} (${sizeIn(lang, l.size)})`;
  const sizesMade = await sizesOf(shop);
  const until = afterSale.deliveredAt ? new Date(Date.parse(afterSale.deliveredAt) + RETURN_WINDOW_MS) : null;
  // The decider's own rule, asked ahead: delivered, within the 7 days, something left to ask back. These pages show no deleted order.
  const canAsk = returnRequestRefusal({ status, deleted: false, afterSale }, now.toISOString()) === null;
  return {
    openUntil: canAsk && until ? formatDateTime(until, lang) : null,
    // Only what may still be asked back, each at most its units left: a line exchanged or asked back already is not offered.
    lines: await Promise.all(
      afterSale.lines.flatMap((l, index) => (returnable(afterSale, l) > 0 ? [{ l, index }] : [])).map(async ({ l, index }) => ({
        index,
        label: labelOf(l),
        quantity: returnable(afterSale, l),
        // What it may be exchanged for: the other sizes the catalogue makes it in, each by its size word.
        sizes: (await sizesMade(l)).filter((size) => size.toLowerCase() !== l.size.toLowerCase()).map((size) => ({ value: size, label: sizeIn(lang, size) })),
      })),
    ),
    // A sentence a parent reads: what was asked, when, and where it stands ("Refund of ... asked on ..., waiting for the shop.").
    returns: afterSale.returns.map((r) => {
      // An exchange names each line's own size wanted ("Shirt (30) x 1 for size 32, Socks (4) x 1 for size 5").
      const lines = r.lines
        .map((l) => {
          const line = `${labelOf(l)} x ${l.quantity}`;
          return r.want === "exchange" && l.exchangeSize ? t("returns:shopper.exchangeLine", { line, size: sizeIn(lang, l.exchangeSize) }) : line;
        })
        .join(", ");
      const what = t(`returns:shopper.what.${r.want}`, { lines });
      return { key: r.returnId, text: t(`returns:shopper.where.${r.stage}`, { what, date: formatDate(r.requestedAt, lang) }), note: r.note ?? "" };
    }),
    courier: afterSale.delivery?.method === "courier" && afterSale.delivery.courier ? { courier: afterSale.delivery.courier, tracking: afterSale.delivery.trackingNumber ?? "" } : null,
    byHand: afterSale.delivery?.method === "hand",
  };
}

/** The sizes a line's product is made in: the catalogue's, or for a shop product those of the products of its name. */
async function sizesOf(shop: Shop): Promise<(line: OrderLine) => Promise<readonly string[]>> {
  let shopProducts: Promise<{ name: string; size: string }[]> | undefined;
  return async (line) => {
    const catalogued = findCatalogueProduct(line.productId);
    if (catalogued) return catalogued.sizes;
    shopProducts ??= shop.products.listAll();
    const sizes = (await shopProducts).filter((product) => product.name === line.name).map((product) => product.size);
    return [...new Set(sizes)];
  };
}

/**
 * The lines a request names: the order's n-th line when its box `line-<n>` is ticked, `qty-<n>` of it
 * (1 when left blank; the form starts every line at 1), and for an exchange the size chosen for it (`size-<n>`).
 * A line not ticked is not returned, whatever its quantity says.
 */
export function returnLinesOf(fields: Readonly<Record<string, unknown>>, lines: readonly OrderLine[]): AskedLine[] | "bad quantity" {
  const asked: AskedLine[] = [];
  for (const [index, line] of lines.entries()) {
    if (fields[`line-${index}`] !== "on") continue;
    const raw = fields[`qty-${index}`];
    const text = typeof raw === "string" && raw.trim() !== "" ? raw.trim() : "1";
    if (!/^\d{1,3}$/.test(text)) return "bad quantity";
    const size = fields[`size-${index}`];
    const exchangeSize = typeof size === "string" ? size.trim() : "";
    asked.push({ productId: line.productId, size: line.size, school: line.school, quantity: Number(text), ...(exchangeSize ? { exchangeSize } : {}) });
  }
  return asked;
}

/**
 * The shopper's request through the order service; a refusal in the page's language, the order's
 * products by their names in it ("You can return at most 2 of ...", an exchange's size short on the shelf).
 */
export async function requestReturnFor(
  shop: Shop,
  lang: Language,
  orderId: string,
  fields: { want: string; exchangeSize?: string; reason: string } & Record<string, unknown>,
  actor: Actor,
): Promise<{ ok: true } | { ok: false; status: number; message: string }> {
  const afterSale = await shop.orders.afterSale(orderId);
  if (!afterSale) return { ok: false, status: 404, message: refusalText(lang, refusal("orders.notFound")) };
  const lines = returnLinesOf(fields, afterSale.lines);
  if (lines === "bad quantity") return { ok: false, status: 422, message: refusalText(lang, refusal("returns.quantity")) };
  const { want, exchangeSize, reason } = fields;
  const outcome = await outcomeOf(() =>
    shop.orders.requestReturn(orderId, { lines, want, ...(want === "exchange" && exchangeSize ? { exchangeSize } : {}), reason }, actor),
  );
  if (outcome.ok) return { ok: true };
  const itemName = namesByEnglish(afterSale.lines, await lineWordsIn(shop, lang, afterSale.lines));
  return { ok: false, status: outcome.status, message: refusalText(lang, outcome.refusal, { itemName }) };
}
