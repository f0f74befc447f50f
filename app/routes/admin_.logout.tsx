import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { signOutAdmin } from "../auth/session.server";

/** Ends the admin session only; a shopper session in the same browser stays. */
export async function action({ request, context }: ActionFunctionArgs) {
  return signOutAdmin(request, context.shop);
}

export const loader = () => redirect("/admin");
