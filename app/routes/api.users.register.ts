import type { ActionFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { AUTH_MESSAGES, checkPhone } from "../../domain/auth";
import { authErrorResponse, jsonError, methodNotAllowed, publicUser, readJson } from "../auth/api.server";

const body = z.strictObject({
  email: z.string().max(320).optional(),
  password: z.string().max(1024).optional(),
  phone: z.string().max(32).optional(),
  name: z.string().max(100).optional(),
});

export const loader = () => methodNotAllowed("POST");

/** Email and password creates the account and answers a token; a phone alone sends a code (the account is made at verify-otp). */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  const { shop, clientIp } = context;
  try {
    const input = await readJson(request, body);
    if (input.phone !== undefined) {
      if (input.email !== undefined || input.password !== undefined) return jsonError(422, "Send email and password, or only phone.");
      const phone = checkPhone(input.phone);
      if (!phone.ok) return jsonError(422, phone.message);
      await shop.auth.sendCode({ phone: phone.phone, ip: clientIp });
      return Response.json({ message: AUTH_MESSAGES.otpSent, otpSent: true }, { headers: { "Cache-Control": "no-store" } });
    }
    const user = await shop.auth.registerWithEmail({ email: input.email, password: input.password, name: input.name, ip: clientIp });
    const token = await shop.auth.issueToken(user.id, "shopper");
    return Response.json({ user: publicUser(user), token }, { status: 201, headers: { "Cache-Control": "no-store" } });
  } catch (err) {
    return authErrorResponse(err);
  }
}
