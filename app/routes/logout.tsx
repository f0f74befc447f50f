import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { emptyForm } from "../../domain/forms/sign-in";
import { signOutShopper } from "../auth/session.server";
import { readPageForm, refusalResponse } from "../forms/form.server";

/** Logout is a POST (the navbar's form), so no link or image can sign anyone out. */
export async function action({ request, context }: ActionFunctionArgs) {
  // No fields, but the body still goes through the caps: a sign-out is a form post like any other.
  const form = await readPageForm(request, emptyForm);
  if (!form.ok) return refusalResponse(form.answer);
  return signOutShopper(request, context.shop);
}

export const loader = () => redirect("/");
