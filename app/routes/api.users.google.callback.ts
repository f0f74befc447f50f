import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { runStrategy, shopperAuthenticator } from "../auth/authenticator.server";
import { signInShopper } from "../auth/session.server";

/** Google sends the browser back here with a code: exchange it, find or create the account, sign in. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { shop, clientIp } = context;
  if (!shop.config.auth.google) return redirect("/signup?google=unavailable");
  const outcome = await runStrategy(shopperAuthenticator(shop, request), "google", request, { shop, clientIp });
  if (!outcome.ok) return redirect("/login?error=google");
  return signInShopper(request, shop, outcome.user.id);
}
