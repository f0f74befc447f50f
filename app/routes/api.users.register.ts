import { SIGN_IN_MAX_BODY_BYTES } from "../../domain/api/policy";
import { registerBody } from "../../domain/api/schemas";
import { AUTH_MESSAGES, checkPhone } from "../../domain/auth";
import { apiRoute, json, jsonError, parseJson } from "../api/http.server";
import { apiTextLanguage } from "../api/language.server";
import { publicUser } from "../auth/api.server";

/** Email and password creates the account and answers a token; a phone alone sends a code (the account is made at verify-otp). */
const api = apiRoute({
  async POST({ request, context }) {
    const { shop, clientIp } = context;
    const input = await parseJson(request, registerBody, { maxBytes: SIGN_IN_MAX_BODY_BYTES });
    if (input.phone !== undefined) {
      if (input.email !== undefined || input.password !== undefined) return jsonError(422, "Send email and password, or only phone.");
      const phone = checkPhone(input.phone);
      if (!phone.ok) return jsonError(422, AUTH_MESSAGES[phone.problem]);
      await shop.auth.sendCode({ phone: phone.phone, ip: clientIp, language: apiTextLanguage(request) });
      return json({ message: AUTH_MESSAGES.otpSent, otpSent: true });
    }
    const user = await shop.auth.registerWithEmail({ email: input.email, password: input.password, name: input.name, ip: clientIp });
    const token = await shop.auth.issueToken(user.id, "shopper");
    return json({ user: publicUser(user), token }, { status: 201 });
  },
});
export const loader = api;
export const action = api;
