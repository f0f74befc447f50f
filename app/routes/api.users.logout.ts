import { AUTH_MESSAGES } from "../../domain/auth";
import { apiRoute, json, jsonError } from "../api/http.server";
import { bearerToken } from "../auth/api.server";

/** Revokes the bearer token sent with the call (shopper or admin): it stops working at once. */
const api = apiRoute({
  async POST({ request, context }) {
    const token = bearerToken(request);
    if (!token || !(await context.shop.auth.revokeToken(token))) return jsonError(401, AUTH_MESSAGES.signInRequired);
    return json({ message: "Logged out." });
  },
});
export const loader = api;
export const action = api;
