import { redirect } from "@remix-run/node";
import { apiRoute } from "../api/http.server";
import { runStrategy, shopperAuthenticator } from "../auth/authenticator.server";
import { signInShopper } from "../auth/session.server";

/**
 * 'Sign up with Google': a redirect to Google's consent screen, with the state
 * parameter kept in the shopper's session. Not configured: back to the signup
 * page, which says so. A browser navigation, so it answers redirects, not JSON.
 */
const api = apiRoute({
  async GET({ request, context }) {
    const { shop, clientIp } = context;
    if (!shop.config.auth.google) return redirect("/signup?google=unavailable");
    const outcome = await runStrategy(shopperAuthenticator(shop), "google", request, { shop, clientIp });
    // Already signed in (the strategy found a user without leaving): a fresh session all the same.
    if (outcome.ok) return signInShopper(request, shop, outcome.user.id);
    return redirect("/login?error=google");
  },
});
export const loader = api;
export const action = api;
