import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { signOutShopper } from "../auth/session.server";

/** Logout is a POST (the navbar's form), so no link or image can sign anyone out. */
export async function action({ request, context }: ActionFunctionArgs) {
  return signOutShopper(request, context.shop);
}

export const loader = () => redirect("/");
