import { SIGN_IN_MAX_BODY_BYTES } from "../../domain/api/policy";
import { sendOtpBody } from "../../domain/api/schemas";
import { AUTH_MESSAGES, checkPhone } from "../../domain/auth";
import { apiRoute, json, jsonError, parseJson } from "../api/http.server";
import { apiTextLanguage } from "../api/language.server";

/** Sends a 6-digit code by SMS (limits per number and per network: 429). */
const api = apiRoute({
  async POST({ request, context }) {
    const { shop, clientIp } = context;
    const input = await parseJson(request, sendOtpBody, { maxBytes: SIGN_IN_MAX_BODY_BYTES });
    const phone = checkPhone(input.phone);
    if (!phone.ok) return jsonError(422, AUTH_MESSAGES[phone.problem]);
    await shop.auth.sendCode({ phone: phone.phone, ip: clientIp, language: apiTextLanguage(request) });
    return json({ message: AUTH_MESSAGES.otpSent });
  },
});
export const loader = api;
export const action = api;
