import type { ActionFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { AUTH_MESSAGES, checkPhone } from "../../domain/auth";
import { authErrorResponse, jsonError, methodNotAllowed, readJson } from "../auth/api.server";

const body = z.strictObject({ phone: z.string().max(32) });

export const loader = () => methodNotAllowed("POST");

export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  const { shop, clientIp } = context;
  try {
    const input = await readJson(request, body);
    const phone = checkPhone(input.phone);
    if (!phone.ok) return jsonError(422, phone.message);
    await shop.auth.sendCode({ phone: phone.phone, ip: clientIp });
    return Response.json({ message: AUTH_MESSAGES.otpSent }, { headers: { "Cache-Control": "no-store" } });
  } catch (err) {
    return authErrorResponse(err);
  }
}
