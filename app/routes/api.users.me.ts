import { apiRoute, json } from "../api/http.server";
import { publicUser, requireApiUser } from "../auth/api.server";

/** The shopper behind a token: lets a client check that its stored token still works. */
const api = apiRoute({
  async GET({ request, context }) {
    return json({ user: publicUser(await requireApiUser(request, context.shop)) });
  },
});
export const loader = api;
export const action = api;
