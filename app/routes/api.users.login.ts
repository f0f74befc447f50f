import type { ActionFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { AUTH_MESSAGES, classifyIdentifier } from "../../domain/auth";
import { authErrorResponse, jsonError, methodNotAllowed, publicUser, readJson } from "../auth/api.server";

const body = z.strictObject({
  email: z.string().max(320).optional(),
  password: z.string().max(1024).optional(),
  phone: z.string().max(32).optional(),
});

export const loader = () => methodNotAllowed("POST");

/** Email and password answers a shopper token; a phone number alone only sends a code (finish at verify-otp). */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  const { shop, clientIp } = context;
  try {
    const input = await readJson(request, body);
    if (input.phone !== undefined && input.email !== undefined) return jsonError(422, "Send email and password, or only phone.");
    const id = classifyIdentifier(input.phone ?? input.email);
    if (id.kind === "phone" && input.phone !== undefined) {
      await shop.auth.sendCode({ phone: id.phone, ip: clientIp });
      return Response.json({ message: AUTH_MESSAGES.otpSent, otpSent: true }, { headers: { "Cache-Control": "no-store" } });
    }
    if (id.kind !== "email" || input.email === undefined) return jsonError(422, AUTH_MESSAGES.invalidIdentifier);
    if (!input.password) return jsonError(422, AUTH_MESSAGES.passwordRequired);
    const user = await shop.auth.loginWithPassword({ email: id.email, password: input.password, ip: clientIp });
    const token = await shop.auth.issueToken(user.id, "shopper");
    return Response.json({ user: publicUser(user), token }, { headers: { "Cache-Control": "no-store" } });
  } catch (err) {
    return authErrorResponse(err);
  }
}
