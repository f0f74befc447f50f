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
    if (!phone.ok) return jsonError(422, phone.message);
    if (!input.otp.trim()) return jsonError(422, AUTH_MESSAGES.otpRequired);
    const user = await shop.auth.verifyCode({ phone: phone.phone, code: input.otp, ip: clientIp });
    // The number is proven: the guest orders placed with it join the account (decision 114). A failure
    // leaves them for the next proof; the sign-in still answers.
    await shop.accounts.linkGuestOrders(user).catch((err: unknown) => context.log.error({ err }, "verify-otp: linking guest orders failed"));
    const token = await shop.auth.issueToken(user.id, "shopper");
    return json({ user: publicUser(user), token });
  },
});
export const loader = api;
export const action = api;
