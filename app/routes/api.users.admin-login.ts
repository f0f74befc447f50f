import { SIGN_IN_MAX_BODY_BYTES } from "../../domain/api/policy";
import { adminLoginBody } from "../../domain/api/schemas";
import { AUTH_MESSAGES, looksLikeEmail } from "../../domain/auth";
import { ADMIN_PASSWORD_CHANGE_FIRST } from "../../domain/admin-password";
import { SECOND_FACTOR_MESSAGES } from "../../domain/totp";
import { apiRoute, json, jsonError, parseJson } from "../api/http.server";
import { publicUser } from "../auth/api.server";

/** Answers an admin-scope token (only admin calls accept it); a customer account gets 403. */
const api = apiRoute({
  async POST({ request, context }) {
    const { shop, clientIp } = context;
    const input = await parseJson(request, adminLoginBody, { maxBytes: SIGN_IN_MAX_BODY_BYTES });
    if (!looksLikeEmail(input.email) || !input.password) return jsonError(422, AUTH_MESSAGES.fillAllFields);
    const user = await shop.auth.loginWithPassword({ email: input.email, password: input.password, ip: clientIp, as: "admin" });
    // An admin with a second factor sends its code too (decision 197); its wrong ones count on the account like the page's.
    if (await shop.auth.secondFactor.required(user.id)) {
      const outcome = input.code ? await shop.auth.secondFactor.signIn(user.id, `api:${clientIp ?? ""}`, input.code) : "wrong";
      if (outcome === "tooMany") return jsonError(429, SECOND_FACTOR_MESSAGES.tooManyTries);
      if (outcome !== "ok") return jsonError(401, SECOND_FACTOR_MESSAGES.apiCodeRequired);
    }
    // A second factor the owner or the operator reset is set up again on the admin pages first (decision 197).
    if (await shop.auth.secondFactor.mustEnrol(user.id)) return jsonError(403, SECOND_FACTOR_MESSAGES.apiEnrolFirst);
    // A temporary password (shop admin add) is changed on the admin pages before it opens anything else (decision 120).
    if (await shop.auth.mustChangePassword(user.id)) return jsonError(403, ADMIN_PASSWORD_CHANGE_FIRST);
    const token = await shop.auth.issueToken(user.id, "admin");
    return json({ token, user: publicUser(user) });
  },
});
export const loader = api;
export const action = api;
