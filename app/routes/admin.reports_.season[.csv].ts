import { data, type LoaderFunctionArgs } from "@remix-run/node";
import { requirePermission } from "../admin/guard.server";
import { seasonCsv } from "../admin/reports.server";
import { csvDownload } from "../csv-download.server";

/** Season planning as the tailor's CSV (`?item=&term=&growth=`, as the page); bad input is a 4xx with its words. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requirePermission(request, context, "reports");
  const file = await seasonCsv(context.shop, request);
  if (!file.ok) throw data({ message: file.message }, { status: file.status });
  return csvDownload(file.text, file.name);
}
