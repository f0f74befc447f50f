import { SIGN_IN_MAX_BODY_BYTES } from "../../domain/api/policy";
import { verifyOtpBody } from "../../domain/api/schemas";
import { AUTH_MESSAGES, checkPhone } from "../../domain/auth";
import { apiRoute, json, jsonError, parseJson } from "../api/http.server";
import { publicUser } from "../auth/api.server";

/** The right code for the number answers a shopper token (the account is created on first use; its guest orders join it). */
const api = apiRoute({
  async POST({ request, context }) {
    const { shop, clientIp } = context;
    const input = await parseJson(request, verifyOtpBody, { maxBytes: SIGN_IN_MAX_BODY_BYTES });
    const phone = checkPhone(input.phone);
    if (!phone.ok) return jsonError(422, AUTH_MESSAGES[phone.problem]);
    if (!input.otp.trim()) return jsonError(422, AUTH_MESSAGES.otpRequired);
    // The number is proven: the account signs in and the guest orders placed with it join it (decision 114).
    const user = await shop.accounts.signInByCode({ phone: phone.phone, code: input.otp, ...(clientIp ? { ip: clientIp } : {}) });
    const token = await shop.auth.issueToken(user.id, "shopper");
    return json({ user: publicUser(user), token });
  },
});
export const loader = api;
export const action = api;
