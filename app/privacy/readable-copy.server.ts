import type { Shop } from "../../services/index";
import { formatDate, formatDateTime, type Language } from "../../domain/i18n";
import { formatRupees } from "../../domain/money";
import { displayOrderId } from "../../domain/orders/order";
import { serverT } from "../i18n/i18n.server";
import { wordErased } from "./erased.server";
import { describeItemsIn } from "../catalogue-words.server";
import type { OrderLineRow } from "../../db/schema";

type Row = Record<string, unknown>;
const text = (value: unknown) => (value === null || value === undefined ? "" : String(value));
const when = (value: unknown, lang: Language) => (value ? formatDateTime(new Date(value as string | Date), lang) : "");

/**
 * The parent's data as a page to read, print or save (issue 48): the same copy as the JSON file
 * (`shop.privacy.copy`), each part in words of the page's language, without the event store's own fields.
 */
export async function readableCopy(shop: Shop, subject: string, lang: Language) {
  const t = serverT(lang);
  const copy = (await shop.privacy.copy(subject)) as Row;
  const account = copy.account as Row | undefined;
  const orders = ((copy.orders as Row[] | undefined) ?? []).map(({ order }) => order as Row);
  const view = {
    madeAt: formatDateTime(new Date(text(copy.madeAt)), lang),
    account: account ? { name: text(account.name), email: text(account.email), phone: text(account.phone), since: formatDate(new Date(account.created_at as string).toISOString(), lang) } : null,
    addresses: ((copy.addresses as Row[] | undefined) ?? []).map((a) => `${text(a.name)}, ${text(a.address)}, ${text(a.city)} ${text(a.pincode)}, ${text(a.phone)}`),
    children: ((copy.children as Row[] | undefined) ?? []).map((c) => `${text(c.name)}: ${text(c.school)}, ${text(c.class_name)}`),
    orders: await Promise.all(orders.map(async (o) => ({
      number: displayOrderId(text(o.id)),
      placedAt: when(o.placed_at, lang),
      status: t(`account:status.${text(o.status)}`),
      total: formatRupees(Number(o.total)),
      // The order keeps the English it was placed with: named here as the catalogue does in the page's language.
      items: await describeItemsIn(shop, lang, (o.lines as OrderLineRow[] | undefined) ?? []),
      deliverTo: `${text(o.ship_name)}, ${text(o.address_line)}, ${text(o.city)} ${text(o.pincode)}, ${text(o.ship_phone)}`,
    }))),
    complaints: ((copy.grievances as Row[] | undefined) ?? []).map(({ ticket }) => {
      const row = ticket as Row;
      return { number: text(row.number), filedAt: when(row.filed_at, lang), stage: t(`grievance:ticket.stages.${text(row.stage)}`), text: text(row.text) };
    }),
  };
  return wordErased(view, lang);
}

export type ReadableCopy = Awaited<ReturnType<typeof readableCopy>>;
