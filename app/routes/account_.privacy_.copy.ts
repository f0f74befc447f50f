import type { ActionFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { accountSubject } from "../../domain/privacy/subjects";
import { requireShopper } from "../auth/session.server";
import { readPageForm } from "../forms/form.server";
import { accountPrivacyForm } from "../../domain/forms/privacy";
import { dataCopyResponse } from "../privacy/privacy.server";

/**
 * A signed-in parent's copy of their data, as a file. A resource route: the answer is the file itself (a route with
 * a page would render the file's JSON into the page instead); the same copy to read is /account/privacy/read.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const shopper = await requireShopper(request, context.shop);
  const form = await readPageForm(request, accountPrivacyForm, { pageFields: ["intent", "confirmed"] });
  if (!form.ok) return redirect("/account/privacy", { status: 303 });
  return dataCopyResponse(context.shop, accountSubject(shopper.id));
}

export function loader() {
  return redirect("/account/privacy");
}
