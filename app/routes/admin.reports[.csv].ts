import { data, type LoaderFunctionArgs } from "@remix-run/node";
import { requirePermission } from "../admin/guard.server";
import { reportCsv } from "../admin/reports.server";
import { csvDownload } from "../csv-download.server";

/** One table of the reports page as a CSV file (`?table=` and the page's filters); a bad filter is a 400 with its words. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requirePermission(request, context, "reports");
  const file = await reportCsv(context.shop, request);
  if (!file.ok) throw data({ message: file.message }, { status: 400 });
  return csvDownload(file.text, file.name);
}
