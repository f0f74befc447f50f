import type { ActionFunctionArgs } from "@remix-run/node";
import { AUTH_MESSAGES } from "../../domain/auth";
import { bearerToken, jsonError, methodNotAllowed } from "../auth/api.server";

export const loader = () => methodNotAllowed("POST");

/** Revokes the bearer token sent with the call (shopper or admin): it stops working at once. */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  const token = bearerToken(request);
  if (!token || !(await context.shop.auth.revokeToken(token))) return jsonError(401, AUTH_MESSAGES.signInRequired);
  return Response.json({ message: "Logged out." }, { headers: { "Cache-Control": "no-store" } });
}
