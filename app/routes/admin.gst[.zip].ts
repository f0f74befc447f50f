import { data, type LoaderFunctionArgs } from "@remix-run/node";
import { requirePermission } from "../admin/guard.server";
import { readTaxMonth } from "../admin/gst.server";
import { zipFiles } from "../zip.server";
import { gstr1ZipName } from "../../domain/tax/gstr1";
import { languageOf, serverT } from "../i18n/i18n.server";

/**
 * The month's GSTR-1 files for the GSTN offline tool, zipped (`?month=YYYY-MM`): b2cs, b2cl, cdnur, exemp,
 * hsn(b2c) and docs, headers in English in any language (domain/tax/gstr1.ts). A malformed month is a 400 with its words.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requirePermission(request, context, "reports");
  const lang = languageOf(request);
  const month = readTaxMonth(new URL(request.url), new Date());
  if (!month) throw data({ message: serverT(lang)("tax:summary.badMonth") }, { status: 400 });
  const files = await context.shop.taxSummary.gstr1(month);
  return new Response(Buffer.from(zipFiles(files)), {
    headers: {
      "Content-Type": "application/zip",
      "Content-Disposition": `attachment; filename="${gstr1ZipName(month)}"`,
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
