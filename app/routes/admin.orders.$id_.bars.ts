import type { LoaderFunctionArgs } from "@remix-run/node";
import bwipjs from "bwip-js/node";
import { displayOrderId } from "../../domain/orders/order";
import { requirePermission } from "../admin/guard.server";

const ORDER_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * A bill's code: the order's number (the eight characters the parent reads on the bill) as Code 128 bars, drawn by
 * bwip-js with the digits under them. A USB scanner at the counter's returns types it into the find field, which finds
 * the order as by its number typed (decision 214). Eight characters keep the bars 50 mm wide: they fit an 80 mm roll.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await requirePermission(request, context, "print");
  const id = params.id ?? "";
  if (!ORDER_ID.test(id)) return new Response("Not an order's id", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  const png = await bwipjs.toBuffer({ bcid: "code128", text: displayOrderId(id), scale: 2, height: 10, includetext: true, textxalign: "center", backgroundcolor: "FFFFFF", paddingwidth: 10, paddingheight: 2 });
  return new Response(new Uint8Array(png), { headers: { "Content-Type": "image/png", "Cache-Control": "private, max-age=86400" } });
}
