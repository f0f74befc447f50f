import { redirect } from "@remix-run/node";
import { apiRoute } from "../api/http.server";
import { runStrategy, shopperAuthenticator } from "../auth/authenticator.server";
import { signInShopper } from "../auth/session.server";

/** Google sends the browser back here with a code: exchange it, find or create the account, sign in. */
const api = apiRoute({
  async GET({ request, context }) {
    const { shop, clientIp } = context;
    if (!shop.config.auth.google) return redirect("/signup?google=unavailable");
    const outcome = await runStrategy(shopperAuthenticator(shop), "google", request, { shop, clientIp });
    if (!outcome.ok) return redirect("/login?error=google");
    return signInShopper(request, shop, outcome.user.id);
  },
});
export const loader = api;
export const action = api;
