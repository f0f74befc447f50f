import type { LoaderFunctionArgs } from "@remix-run/node";
import { printLoader } from "../admin/print.server";

// One order's slip or invoice: the selection's page, with the order from the address.
export { links, meta, ErrorBoundary, default } from "./admin.orders.print";

export const loader = (args: LoaderFunctionArgs) => printLoader(args, args.params.id ?? "");
