import { data, type LoaderFunctionArgs } from "@remix-run/node";
import { requirePermission } from "./guard.server";
import { displayOrderId } from "../../domain/orders/order";
import { isOrderId } from "../../domain/orders/ids";
import { formatPaise, formatRupees } from "../../domain/money";
import { formatDateTime, type Language } from "../../domain/i18n";
import type { OrderSummary } from "../../services/order-queries";
import type { Shop } from "../../services/index";
import { lineWordsIn } from "../catalogue-words.server";
import { receiptLengthMm, type ReceiptText } from "./receipt-pages";
import { languageOf, routeMessages, serverT } from "../i18n/i18n.server";
import { taxDocumentViewsIn } from "./tax-print.server";

export const PRINT_DOCS = ["slip", "invoice"] as const;
export const PRINT_PAPERS = ["a4", "receipt"] as const;
export type PrintDoc = (typeof PRINT_DOCS)[number];
export type PrintPaper = (typeof PRINT_PAPERS)[number];

/** The 8 characters an order is known by (`9AA276B4`, domain/orders/order.ts displayOrderId). */
const ORDER_NUMBER = /^[0-9a-f]{8}$/i;

/** A selection larger than this is a mistake, and 200 slips is already a long print run. */
export const MAX_PRINT_ORDERS = 200;

export interface PrintRequest {
  ids: string[];
  doc: PrintDoc;
  paper: PrintPaper;
}

/** What is wrong with a print address, each in the page's words; empty when it can be printed. */
export function readPrintRequest(url: URL, lang: Language, oneOrder?: string): { ok: true; value: PrintRequest } | { ok: false; problems: string[] } {
  const t = serverT(lang);
  const problems: string[] = [];
  const doc = url.searchParams.get("doc") ?? "slip";
  const paper = url.searchParams.get("paper") ?? "a4";
  if (!PRINT_DOCS.some((d) => d === doc)) problems.push(t("print:problem.doc", { value: doc }));
  if (!PRINT_PAPERS.some((p) => p === paper)) problems.push(t("print:problem.paper", { value: paper }));
  // An order's full id (lower case) or its 8-character number as every page and text shows it (upper case, '#' optional).
  const asked = (oneOrder ?? url.searchParams.getAll("ids").join(","))
    .split(",")
    .map((id) => id.trim().replace(/^#/, ""))
    .filter(Boolean)
    .map((id) => (ORDER_NUMBER.test(id) ? id.toUpperCase() : id.toLowerCase()));
  // An order picked twice is still one parcel: printed once, where it was first asked for.
  const ids = [...new Set(asked)];
  if (ids.length === 0) problems.push(t("print:problem.none"));
  if (ids.length > MAX_PRINT_ORDERS) problems.push(t("print:problem.tooMany", { max: MAX_PRINT_ORDERS, count: ids.length }));
  const malformed = ids.filter((id) => !isOrderId(id) && !ORDER_NUMBER.test(id));
  if (malformed.length > 0) problems.push(t("print:problem.malformed", { ids: shortList(malformed) }));
  if (problems.length > 0) return { ok: false, problems };
  return { ok: true, value: { ids, doc: doc as PrintDoc, paper: paper as PrintPaper } };
}

/** Long hostile input must not make a long page: the first few are enough to see the mistake. */
function shortList(values: string[]): string {
  const shown = values.slice(0, 10).map((v) => (v.length > 40 ? `${v.slice(0, 40)}…` : v));
  return values.length > 10 ? `${shown.join(", ")} (+${values.length - 10})` : shown.join(", ");
}

/** One order as its slip and invoice print it: the read model's figures, formatted, never recomputed. */
async function printedOrder(shop: Shop, lang: Language, order: OrderSummary) {
  const words = await lineWordsIn(shop, lang, order.lines);
  return {
    id: order.id,
    displayId: order.displayId || displayOrderId(order.id),
    // The day and time in India: what a parcel's paper says, whatever the server's zone.
    placedAt: formatDateTime(order.placedAt, lang),
    placedAtIso: order.placedAt.toISOString(),
    customerName: order.customerName,
    phone: order.phone,
    email: order.email,
    address: order.address,
    deleted: order.deleted,
    status: order.status,
    lines: order.lines.map((line, i) => ({
      key: `${line.productId}|${line.size}|${line.school}`,
      name: words[i].name,
      size: words[i].size,
      school: words[i].school,
      quantity: line.quantity,
      unitPrice: formatRupees(line.unitPrice),
      amount: formatRupees(line.unitPrice * line.quantity),
    })),
    itemCount: order.itemCount,
    subtotal: formatRupees(order.subtotal),
    discountPercent: order.discountPercent,
    discount: order.discount > 0 ? formatRupees(order.discount) : null,
    delivery: order.delivery > 0 ? formatRupees(order.delivery) : null,
    total: formatRupees(order.total),
    paymentMethod: order.paymentMethod,
    paymentStatus: order.paymentStatus,
    amountPaid: order.amountPaid > 0 ? formatRupees(order.amountPaid) : null,
    amountRefunded: order.refundedPaise > 0 ? formatPaise(order.refundedPaise) : null,
    paymentReference: order.paymentReference,
    // The delivery collects the cash: the slip that goes with the parcel says how much.
    collect: order.paymentMethod === "cod" && order.total > order.amountPaid ? formatRupees(order.total - order.amountPaid) : null,
  };
}

export type PrintedOrder = Awaited<ReturnType<typeof printedOrder>>;

/**
 * The orders of a print address, in the order asked. A malformed address is answered 400 with
 * every problem listed; orders that do not exist are named (404 for one order, 400 for a selection,
 * whose other orders are not printed: a run with a hole in it would go unnoticed at the packing table).
 */
export async function loadPrintOrders(shop: Shop, lang: Language, url: URL, oneOrder?: string) {
  const t = serverT(lang);
  const read = readPrintRequest(url, lang, oneOrder);
  if (!read.ok) throw data({ message: t("print:problem.title"), problems: read.problems }, { status: 400 });
  const { doc, paper } = read.value;
  const ids = await numbersToIds(shop, t, read.value.ids, oneOrder === undefined);
  // Each a primary-key read; the pool queues them, so 200 stays 200 short queries.
  const found = await Promise.all(ids.map((id) => (isOrderId(id) ? shop.orders.getOrder(id) : undefined)));
  const missing = ids.filter((_, i) => found[i] === undefined);
  if (missing.length > 0) {
    throw data(
      { message: t("print:problem.title"), problems: [t("print:problem.missing", { ids: shortList(missing.map(displayOrderId)), count: missing.length })] },
      { status: oneOrder === undefined ? 400 : 404 },
    );
  }
  const orders = await Promise.all(
    found.map(async (order) => ({
      ...(await printedOrder(shop, lang, order!)),
      // An order with a tax invoice prints it (and its credit notes) as its invoice: the one document the law knows.
      taxDocuments: doc === "invoice" ? await taxDocumentViewsIn(shop, lang, await shop.orders.taxDocuments(order!.id), order!.lines) : [],
    })),
  );
  return { doc, paper, orders };
}

/**
 * The 8-character numbers of a print address as the orders' ids, in place; an unknown number
 * stays as it is (reported missing with the others). A number two orders share is refused with
 * both full ids: a slip for the wrong parcel is worse than a question.
 */
async function numbersToIds(shop: Shop, t: ReturnType<typeof serverT>, asked: readonly string[], selection: boolean): Promise<string[]> {
  const numbers = asked.filter((id) => !isOrderId(id));
  if (numbers.length === 0) return [...asked];
  const found = await shop.adminOrders.idsByNumber(numbers);
  const shared = numbers.filter((n) => (found.get(n)?.length ?? 0) > 1);
  if (shared.length > 0) {
    const problems = shared.map((n) => t("print:problem.shared", { number: n, ids: (found.get(n) ?? []).join(", ") }));
    throw data({ message: t("print:problem.title"), problems }, { status: selection ? 400 : 409 });
  }
  // An order asked for by its number and by its id is still one parcel.
  return [...new Set(asked.map((id) => found.get(id)?.[0] ?? id))];
}

/** What an order's receipt prints, for the length of paper it takes without JavaScript (app/admin/receipt-pages.ts). */
function receiptTextOf(order: PrintedOrder, doc: PrintDoc, shopLines: number): ReceiptText {
  const a = order.address;
  return {
    doc,
    shopLines,
    facts: [order.placedAt, order.customerName, order.phone].map((v) => `${v}            `),
    address: [a.name, a.address, `${a.city} ${a.pincode}`, a.phone],
    lines: order.lines.map((line) => ({ item: line.name, school: line.school })),
    collect: doc === "slip" && order.collect !== null,
    below:
      doc === "slip"
        ? []
        : ["subtotal", order.discount ? "offer" : "", "delivery", "total", "payment", "status", order.amountPaid ?? "", order.amountRefunded ?? "", order.paymentReference ?? "", "thanks"],
  };
}

/** The print page's loader, for a selection (`?ids=`) or, with `oneOrder`, the order of the address. */
export async function printLoader({ request, context }: LoaderFunctionArgs, oneOrder?: string) {
  // A bill, an invoice, a packing slip: counter staff print their bills, packers their slips (decision 215).
  await requirePermission(request, context, "print");
  const lang = languageOf(request);
  const url = new URL(request.url);
  const { doc, paper, orders } = await loadPrintOrders(context.shop, lang, url, oneOrder);
  const config = context.shop.config;
  const shopLines = 2 + (config.contact.phone ? 1 : 0) + (config.contact.email ? 1 : 0);
  return {
    // Each receipt's own length of paper (decision 138); the page's script measures and corrects it.
    receiptPages:
      paper === "receipt" ? `/admin/orders/print/receipt.css?mm=${orders.map((o) => receiptLengthMm(receiptTextOf(o, doc, shopLines))).join(",")}` : null,
    messages: routeMessages(request, "print", "payment", "tax"),
    doc,
    paper,
    orders,
    oneOrder: oneOrder === undefined ? null : orders[0].id,
    shop: {
      name: config.shopName,
      contact: { phone: config.contact.phone ?? null, email: config.contact.email ?? null },
      gstRegistered: config.seller.scheme !== "unregistered",
    },
  };
}
