import type { ActionFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { GUEST_PRIVACY_LIMITS, guestPrivacyForm } from "../../domain/forms/privacy";
import { normalisePhone } from "../../domain/phone";
import { readPageForm } from "../forms/form.server";
import { dataCopyResponse } from "../privacy/privacy.server";

/**
 * A guest's copy of their order's data, as a file (a resource route: the answer is the file itself): the
 * order number and the mobile number on it, looked up as tracking does (throttled per address). A lookup
 * that finds nothing goes back to the notice, which says so.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const form = await readPageForm(request, guestPrivacyForm, GUEST_PRIVACY_LIMITS);
  if (!form.ok) return redirect("/privacy?copy=notFound#privacy-guest", { status: 303 });
  const orderId = form.value.orderId?.trim() ?? "";
  const phone = normalisePhone(form.value.phone ?? "");
  const lookup = orderId && phone ? await context.shop.tracking.find({ orderId, phone, clientIp: context.clientIp }) : undefined;
  if (!lookup?.ok || !lookup.found) return redirect("/privacy?copy=notFound#privacy-guest", { status: 303 });
  // An account's order is that account's: its copy is had by signing in (decision 192).
  if (lookup.found.order.userId) return redirect("/privacy?copy=onAccount#privacy-guest", { status: 303 });
  return dataCopyResponse(context.shop, await context.shop.privacy.guestSubject(lookup.found.order.id));
}

export function loader() {
  return redirect("/privacy");
}
