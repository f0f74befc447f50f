import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { emptyForm } from "../../domain/forms/sign-in";
import { signOutAdmin } from "../auth/session.server";
import { readPageForm, refusalResponse } from "../forms/form.server";

/** Ends the admin session only; a shopper session in the same browser stays. */
export async function action({ request, context }: ActionFunctionArgs) {
  // No fields, but the body still goes through the caps: a sign-out is a form post like any other.
  const form = await readPageForm(request, emptyForm);
  if (!form.ok) return refusalResponse(form.answer);
  return signOutAdmin(request, context.shop);
}

export const loader = () => redirect("/admin");
