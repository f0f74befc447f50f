import { data, type LoaderFunctionArgs } from "@remix-run/node";
import { requirePermission } from "../admin/guard.server";
import { MAX_PRINT_ORDERS } from "../admin/print.server";
import { receiptPagesCss } from "../admin/receipt-pages";
import { languageOf, serverT } from "../i18n/i18n.server";

/**
 * `/admin/orders/print/receipt.css?mm=112.5,130`: a page of its own length for each receipt of a
 * print run (app/admin/receipt-pages.ts, decision 138). A stylesheet of the shop's own origin, so
 * the pages' lengths reach the printer without JavaScript and without inline styles (the CSP).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requirePermission(request, context, "print");
  const css = receiptPagesCss(new URL(request.url).searchParams.get("mm"), MAX_PRINT_ORDERS);
  if (css === undefined) throw data({ message: serverT(languageOf(request))("print:problem.lengths") }, { status: 400 });
  return new Response(css, { headers: { "Content-Type": "text/css; charset=utf-8", "Cache-Control": "private, max-age=3600" } });
}
