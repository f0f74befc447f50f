import type { ActionFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { AUTH_MESSAGES, checkPhone } from "../../domain/auth";
import { authErrorResponse, jsonError, methodNotAllowed, publicUser, readJson } from "../auth/api.server";

const body = z.strictObject({ phone: z.string().max(32), otp: z.string().max(32) });

export const loader = () => methodNotAllowed("POST");

/** The right code for the number answers a shopper token (the account is created on first use). */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  const { shop, clientIp } = context;
  try {
    const input = await readJson(request, body);
    const phone = checkPhone(input.phone);
    if (!phone.ok) return jsonError(422, phone.message);
    if (!input.otp.trim()) return jsonError(422, AUTH_MESSAGES.otpRequired);
    const user = await shop.auth.verifyCode({ phone: phone.phone, code: input.otp, ip: clientIp });
    const token = await shop.auth.issueToken(user.id, "shopper");
    return Response.json({ user: publicUser(user), token }, { headers: { "Cache-Control": "no-store" } });
  } catch (err) {
    return authErrorResponse(err);
  }
}
