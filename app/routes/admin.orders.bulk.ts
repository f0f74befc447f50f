import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { parseOrderSelection, BULK_MESSAGES } from "../../domain/admin-orders";
import { refusedForRole } from "../auth/session.server";
import { refusalFor, requireStaffOncePerRequest } from "../admin/guard.server";
import { languageOf, refusalIn } from "../i18n/i18n.server";

/**
 * The bulk form's 'Print' and 'Export selected' (a GET, so they work without JavaScript): the
 * ticked orders (`orderIds`, repeated) become the print view's or the export's `ids=<id>,<id>`.
 * 'Set status' posts to the dashboard itself, which shows what changed.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const person = await requireStaffOncePerRequest(request, context);
  const lang = languageOf(request);
  const params = new URL(request.url).searchParams;
  // Printing the ticked orders is a packer's too; exporting them is the reports' (decision 215).
  const refused = refusalFor(person, params.get("do") === "export" ? "reports" : "print");
  if (refused) throw refusedForRole(request, refused);
  const selection = parseOrderSelection([...params.getAll("orderIds"), ...params.getAll("ids")]);
  if (!selection.ok) throw data({ message: refusalIn(lang, selection.message) }, { status: 400 });
  const ids = selection.ids.join(",");
  switch (params.get("do")) {
    case "print":
      return redirect(`/admin/orders/print?${new URLSearchParams({ ids })}`, 303);
    case "export":
      return redirect(`/admin/orders/export.csv?${new URLSearchParams({ ids })}`, 303);
    default:
      throw data({ message: refusalIn(lang, BULK_MESSAGES.unknownAction) }, { status: 400 });
  }
}

/** A bulk form posted here rather than fetched: the same answer. */
export async function action(args: ActionFunctionArgs) {
  return loader(args);
}
