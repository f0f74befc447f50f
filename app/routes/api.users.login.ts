import { SIGN_IN_MAX_BODY_BYTES } from "../../domain/api/policy";
import { loginBody } from "../../domain/api/schemas";
import { AUTH_MESSAGES, classifyIdentifier } from "../../domain/auth";
import { apiRoute, json, jsonError, parseJson } from "../api/http.server";
import { apiTextLanguage } from "../api/language.server";
import { publicUser } from "../auth/api.server";

/** Email and password answers a shopper token; a phone number alone only sends a code (finish at verify-otp). */
const api = apiRoute({
  async POST({ request, context }) {
    const { shop, clientIp } = context;
    const input = await parseJson(request, loginBody, { maxBytes: SIGN_IN_MAX_BODY_BYTES });
    if (input.phone !== undefined && input.email !== undefined) return jsonError(422, "Send email and password, or only phone.");
    const id = classifyIdentifier(input.phone ?? input.email);
    if (id.kind === "phone" && input.phone !== undefined) {
      await shop.auth.sendCode({ phone: id.phone, ip: clientIp, language: apiTextLanguage(request) });
      return json({ message: AUTH_MESSAGES.otpSent, otpSent: true });
    }
    if (id.kind !== "email" || input.email === undefined) return jsonError(422, AUTH_MESSAGES.invalidIdentifier);
    if (!input.password) return jsonError(422, AUTH_MESSAGES.passwordRequired);
    const user = await shop.auth.loginWithPassword({ email: id.email, password: input.password, ip: clientIp });
    const token = await shop.auth.issueToken(user.id, "shopper");
    return json({ user: publicUser(user), token });
  },
});
export const loader = api;
export const action = api;
