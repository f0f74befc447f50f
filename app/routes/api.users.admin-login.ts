import type { ActionFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { AUTH_MESSAGES, looksLikeEmail } from "../../domain/auth";
import { authErrorResponse, jsonError, methodNotAllowed, publicUser, readJson } from "../auth/api.server";

const body = z.strictObject({ email: z.string().max(320), password: z.string().max(1024) });

export const loader = () => methodNotAllowed("POST");

/** Answers an admin-scope token (only admin calls accept it); a customer account gets 403. */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  const { shop, clientIp } = context;
  try {
    const input = await readJson(request, body);
    if (!looksLikeEmail(input.email) || !input.password) return jsonError(422, AUTH_MESSAGES.fillAllFields);
    const user = await shop.auth.loginWithPassword({ email: input.email, password: input.password, ip: clientIp, as: "admin" });
    const token = await shop.auth.issueToken(user.id, "admin");
    return Response.json({ token, user: publicUser(user) }, { headers: { "Cache-Control": "no-store" } });
  } catch (err) {
    return authErrorResponse(err);
  }
}
