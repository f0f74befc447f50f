import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { isRuleViolation } from "../../domain/errors";
import { COURIER_PAPERS, type CourierPaper } from "../../services/courier/service";
import { requirePermission } from "../admin/guard.server";
import { PAPER_REFUSALS } from "../admin/courier.server";

/**
 * A booked parcel's label or manifest (decision 235) as the courier's PDF, passed on to print: fetched from the
 * courier when asked, never kept. When it cannot be had (no courier set, no parcel booked, the courier not answering)
 * the owner is back on the order's Courier section, told why.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await requirePermission(request, context, "print");
  const orderId = (params.id ?? "").trim().toLowerCase();
  const paper = params.paper as CourierPaper;
  const back = (key: string) => redirect(`/admin/orders/${encodeURIComponent(orderId)}?${new URLSearchParams({ paperRefused: key })}#courier`, { status: 303 });
  if (!(COURIER_PAPERS as readonly string[]).includes(paper)) throw new Response("Not found", { status: 404 });
  const courier = context.shop.courier;
  if (!courier) return back("courier.notSet");
  try {
    const { bytes, filename } = await courier.paper(orderId, paper);
    return new Response(Buffer.from(bytes), {
      headers: {
        "Content-Type": "application/pdf",
        "Content-Disposition": `attachment; filename="${filename}"`,
        "Cache-Control": "private, no-store",
        "X-Content-Type-Options": "nosniff",
      },
    });
  } catch (err) {
    if (isRuleViolation(err) && (PAPER_REFUSALS as readonly string[]).includes(err.key)) return back(err.key);
    if (isRuleViolation(err) && err.status === 404) throw new Response("Not found", { status: 404 });
    throw err;
  }
}
