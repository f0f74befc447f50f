/**
 * The shopper's side of returns (decision 103): what the account and tracking pages show of an order's
 * after-sale (the courier and tracking number, each return's state, whether and until when a return
 * may be asked for now) and the request those pages post. Notes are never read here: they are the
 * shop's own. The pages decide whose order it is before calling.
 */
import { isRuleViolation } from "../../domain/errors";
import type { Actor, OrderLine, ReturnLine } from "../../domain/orders/events";
import { RETURN_MESSAGES, RETURN_WINDOW_MS, isOpen, lineKey } from "../../domain/orders/returns";
import { formatDateTime, type Language } from "../../domain/i18n";
import type { Shop } from "../../services/index";
import type { ShopperReturns } from "../components/ReturnRequest";
import { serverT } from "../i18n/i18n.server";
import { refusalByPatternIn } from "../i18n/refusal-patterns.server";

export type StepOutcome = { ok: true; changed: boolean } | { ok: false; status: number; message: string };

/** A step's outcome: what it changed, or the rule's refusal (anything else is a fault and is thrown). */
export async function outcomeOf(run: () => Promise<{ changed: boolean }>): Promise<StepOutcome> {
  try {
    const result = await run();
    return { ok: true, changed: result.changed };
  } catch (err) {
    if (isRuleViolation(err)) return { ok: false, status: err.status, message: err.message };
    throw err;
  }
}

/**
 * A returns refusal in `lang` (the rules speak English; refusals.json "returns" has each in Hindi), or
 * the shelf's when an exchange's new size is short ("Only 1 of Steel Bottle left in stock.").
 */
export function returnRefusalIn(lang: Language, message: string): string {
  const said = refusalByPatternIn(lang, "returns", message);
  // The shelf's words ("Only 1 of ... left in stock.") are the checkout's, where parents meet them first.
  return said !== message ? said : refusalByPatternIn(lang, "checkout", message);
}

export async function shopperReturns(shop: Shop, orderId: string, status: string, lang: Language, now = new Date()): Promise<ShopperReturns | null> {
  const afterSale = await shop.orders.afterSale(orderId);
  if (!afterSale) return null;
  const t = serverT(lang);
  const names = new Map(afterSale.lines.map((l) => [lineKey(l), l.name]));
  const until = afterSale.deliveredAt ? new Date(Date.parse(afterSale.deliveredAt) + RETURN_WINDOW_MS) : null;
  // The decider's rule, asked ahead: delivered, within the 7 days, no return under way.
  const canAsk = status === "delivered" && until !== null && until >= now && !afterSale.returns.some(isOpen);
  return {
    openUntil: canAsk && until ? formatDateTime(until, lang) : null,
    lines: afterSale.lines.map((l, index) => ({ index, label: `${l.name} (${l.size})`, quantity: l.quantity })),
    returns: afterSale.returns.map((r) => ({
      key: r.returnId,
      want: r.want === "exchange" ? t("returns:want.exchangeFor", { size: r.exchangeSize ?? "" }) : t("returns:want.refund"),
      lines: r.lines.map((l) => `${names.get(lineKey(l)) ?? l.productId} (${l.size}) x ${l.quantity}`).join(", "),
      stage: t(`returns:stage.${r.stage}`),
      note: r.note ?? "",
    })),
    courier: afterSale.delivery?.method === "courier" && afterSale.delivery.courier ? { courier: afterSale.delivery.courier, tracking: afterSale.delivery.trackingNumber ?? "" } : null,
    byHand: afterSale.delivery?.method === "hand",
  };
}

/** The lines a request names: `qty-<n>` is the quantity of the order's n-th line (blank or 0: not returned). */
export function returnLinesOf(fields: Readonly<Record<string, unknown>>, lines: readonly OrderLine[]): ReturnLine[] | "bad quantity" {
  const asked: ReturnLine[] = [];
  for (const [index, line] of lines.entries()) {
    const raw = fields[`qty-${index}`];
    const text = typeof raw === "string" ? raw.trim() : "";
    if (text === "" || text === "0") continue;
    if (!/^\d{1,3}$/.test(text)) return "bad quantity";
    asked.push({ productId: line.productId, size: line.size, school: line.school, quantity: Number(text) });
  }
  return asked;
}

/** The shopper's request through the order service; a refusal in the page's language. */
export async function requestReturnFor(
  shop: Shop,
  lang: Language,
  orderId: string,
  fields: { want: string; exchangeSize?: string; reason: string } & Record<string, unknown>,
  actor: Actor,
): Promise<{ ok: true } | { ok: false; status: number; message: string }> {
  const afterSale = await shop.orders.afterSale(orderId);
  if (!afterSale) return { ok: false, status: 404, message: returnRefusalIn(lang, "Order not found.") };
  const lines = returnLinesOf(fields, afterSale.lines);
  if (lines === "bad quantity") return { ok: false, status: 422, message: returnRefusalIn(lang, RETURN_MESSAGES.quantity) };
  const { want, exchangeSize, reason } = fields;
  const outcome = await outcomeOf(() =>
    shop.orders.requestReturn(orderId, { lines, want, ...(want === "exchange" && exchangeSize ? { exchangeSize } : {}), reason }, actor),
  );
  return outcome.ok ? { ok: true } : { ...outcome, message: returnRefusalIn(lang, outcome.message) };
}
