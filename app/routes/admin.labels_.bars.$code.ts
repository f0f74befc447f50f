import type { LoaderFunctionArgs } from "@remix-run/node";
import bwipjs from "bwip-js/node";
import { readLabelCode } from "../../domain/stock/labels";
import { requirePermission } from "../admin/guard.server";

/**
 * A label's bars (decision 182): the EAN-13 of a school size's code drawn by bwip-js as a PNG, with the
 * digits under it and the quiet zones a scanner needs. One picture per code, kept by the browser, so a
 * sheet of 500 labels of one batch fetches a handful.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await requirePermission(request, context, "catalogue");
  const code = params.code ?? "";
  if (!/^\d{13}$/.test(code) || !readLabelCode(code).ok) return new Response("Not a label's code", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  const png = await bwipjs.toBuffer({ bcid: "ean13", text: code, scale: 3, height: 14, includetext: true, textxalign: "center", backgroundcolor: "FFFFFF", paddingwidth: 12, paddingheight: 2 });
  return new Response(new Uint8Array(png), { headers: { "Content-Type": "image/png", "Cache-Control": "private, max-age=86400" } });
}
