import { data, type LoaderFunctionArgs } from "@remix-run/node";
import {
  csvLine,
  exportFileName,
  indianDateTime,
  keptText,
  parseDashboardQuery,
  parseOrderSelection,
  parsePaymentFilter,
  PAYMENT_FILTER_MESSAGE,
} from "../../domain/admin-orders";
import { describeItems } from "../../domain/orders/order";
import type { OrderSummary } from "../../services/orders";
import { requirePermission } from "../admin/guard.server";
import { csvDownload } from "../csv-download.server";
import { languageOf, refusalIn, serverT } from "../i18n/i18n.server";
import { wordErasedText } from "../privacy/erased.server";

const COLUMNS = [
  "orderNumber",
  "date",
  "customer",
  "phone",
  "email",
  "address",
  "city",
  "pincode",
  "items",
  "subtotal",
  "discount",
  "delivery",
  "total",
  "status",
  "paymentMethod",
  "paymentStatus",
  "reference",
  "amountPaid",
  "amountRefunded",
] as const;

function orderLine(order: OrderSummary): string {
  return csvLine([
    keptText(order.displayId),
    indianDateTime(order.placedAt),
    order.customerName,
    keptText(order.phone),
    order.email,
    // City and pincode have columns of their own: the address is the street part only.
    order.address.address,
    order.address.city,
    keptText(order.address.pincode),
    describeItems(order.lines),
    order.subtotal,
    order.discount,
    order.delivery,
    order.total,
    order.status,
    order.paymentMethod,
    order.paymentStatus,
    keptText(order.paymentReference),
    order.amountPaid,
    // Rupees to the paisa (decision 209), as the other amounts are rupees.
    order.refundedPaise / 100,
  ]);
}

/**
 * The orders of a dashboard view (`?<the dashboard's query>`) or of a selection (`?ids=<id>,<id>`)
 * as a CSV file. Streamed: the rows are read in keyset batches of 1,000, each written once the
 * client has taken the one before, so 100,000 orders take the memory of one batch. UTF-8 with a byte order mark, so Excel reads
 * Hindi names as Hindi; dates as DD-MM-YYYY HH:mm in IST; cells that a spreadsheet would run as
 * a formula are defused (domain/admin-orders.ts, csvField).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requirePermission(request, context, "reports");
  const lang = languageOf(request);
  const params = new URL(request.url).searchParams;
  if (parsePaymentFilter(params.get("payment")) === "invalid") throw data({ message: refusalIn(lang, PAYMENT_FILTER_MESSAGE) }, { status: 400 });
  const parsed = parseDashboardQuery(params);
  if (!parsed.ok && parsed.refused) throw data({ message: refusalIn(lang, parsed.message) }, { status: 400 });
  let ids: string[] | undefined;
  if (params.has("ids")) {
    const selection = parseOrderSelection(params.getAll("ids"));
    if (!selection.ok) throw data({ message: refusalIn(lang, selection.message) }, { status: 400 });
    ids = selection.ids;
  }
  const query = { ...parsed.query, after: undefined, before: undefined, page: undefined };
  const t = serverT(lang);
  const batches = context.shop.adminOrders.exportRows(query, ids);
  const encoder = new TextEncoder();
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(`\uFEFF${csvLine(COLUMNS.map((c) => t(`find:csv.${c}`)))}`));
    },
    // One batch per pull, read only once the client has taken the last one: a slow line holds
    // one batch in the server, not the file (server/backpressure.ts).
    async pull(controller) {
      await context.drained?.();
      if (request.signal.aborted) {
        await batches.return(undefined);
        controller.close();
        return;
      }
      const next = await batches.next();
      if (next.done) {
        controller.close();
        return;
      }
      // An erased parent's fields read "erased" in the file's language, without the marker's invisible separators.
      controller.enqueue(encoder.encode(wordErasedText(next.value.map(orderLine).join(""), lang)));
    },
    async cancel() {
      await batches.return(undefined);
    },
  });
  return csvDownload(stream, exportFileName(new Date()));
}
