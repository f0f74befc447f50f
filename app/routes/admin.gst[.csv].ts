import { data, type LoaderFunctionArgs } from "@remix-run/node";
import { requirePermission } from "../admin/guard.server";
import { gstSummaryCsv, readTaxMonth } from "../admin/gst.server";
import { csvDownload } from "../csv-download.server";
import { languageOf, serverT } from "../i18n/i18n.server";

/** The month's GST summary as a CSV file (`?month=YYYY-MM`); a malformed month is a 400 with its words. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requirePermission(request, context, "reports");
  const lang = languageOf(request);
  const month = readTaxMonth(new URL(request.url), new Date());
  if (!month) throw data({ message: serverT(lang)("tax:summary.badMonth") }, { status: 400 });
  const text = gstSummaryCsv(lang, await context.shop.taxSummary.month(month));
  return csvDownload(text, `gst-${month}.csv`);
}
