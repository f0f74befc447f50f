import type { Shop } from "../../services/index";
import type { Language } from "../../domain/i18n";
import { displayOrderId } from "../../domain/orders/order";
import { serverT } from "../i18n/i18n.server";

/** A return still under way: the shop has yet to refund it, exchange it or say no. */
const OPEN_STAGES = new Set(["requested", "approved", "received"]);

/**
 * What an erasure leaves without a contact (decision 248), one sentence each in the page's language: each return
 * still under way (its refund or exchange goes on, but the shop has no number to call about it) and each complaint
 * still open (its answer can no longer be texted). Empty when nothing is open.
 */
export async function openMattersIn(shop: Shop, subject: string, lang: Language): Promise<string[]> {
  const t = serverT(lang);
  const { orderIds, complaints } = await shop.privacy.openMatters(subject);
  const sentences: string[] = [];
  for (const orderId of orderIds) {
    const afterSale = await shop.orders.afterSale(orderId);
    for (const r of afterSale?.returns ?? []) {
      if (!OPEN_STAGES.has(r.stage)) continue;
      const what = t(`privacy:matters.${r.want}`);
      sentences.push(t("privacy:matters.return", { order: displayOrderId(orderId), what, stage: t(`returns:stage.${r.stage}`) }));
    }
  }
  for (const complaint of complaints) sentences.push(t("privacy:matters.complaint", { number: complaint.number }));
  return sentences;
}
