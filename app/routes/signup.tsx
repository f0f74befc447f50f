import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { AUTH_MESSAGES, checkEmailSignup, checkPhone, safeRedirect } from "../../domain/auth";
import { runStrategy, shopperAuthenticator } from "../auth/authenticator.server";
import { getShopper, signInShopper, startPhoneCode } from "../auth/session.server";
import { GoogleButton } from "../components/GoogleButton";

export const meta: MetaFunction = () => [{ title: "Sign up | Churu Uniform House" }];

type Method = "email" | "phone";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const redirectTo = safeRedirect(url.searchParams.get("redirectTo"));
  if (await getShopper(request, context.shop)) throw redirect(redirectTo);
  return {
    method: (url.searchParams.get("method") === "phone" ? "phone" : "email") as Method,
    redirectTo,
    google: Boolean(context.shop.config.auth.google),
  };
}

/** Email and password creates the account and signs in; a phone number gets a code first (the account is made when the code is right). */
export async function action({ request, context }: ActionFunctionArgs) {
  const { shop, clientIp } = context;
  const form = await request.formData();
  const redirectTo = safeRedirect(form.get("redirectTo"));
  if (form.get("method") === "phone") {
    const phone = checkPhone(String(form.get("phone") ?? ""));
    if (!phone.ok) return data({ error: phone.message, email: "" }, { status: 422 });
    const sent = await startPhoneCode(request, shop, phone.phone, redirectTo, clientIp);
    if (sent instanceof Response) return sent;
    return data({ error: sent.error, email: "" }, { status: sent.status });
  }
  const email = String(form.get("email") ?? "");
  const checked = checkEmailSignup({ email, password: String(form.get("password") ?? "") });
  if (!checked.ok) return data({ error: checked.message, email }, { status: 422 });
  const outcome = await runStrategy(shopperAuthenticator(shop, request), "email-signup", request, { shop, clientIp, formData: form });
  if (!outcome.ok) return data({ error: outcome.message || AUTH_MESSAGES.registrationFailed, email }, { status: outcome.status });
  return signInShopper(request, shop, outcome.user.id, redirectTo);
}

export default function Signup() {
  const { method, redirectTo, google } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  const suffix = redirectTo !== "/account" ? `&redirectTo=${encodeURIComponent(redirectTo)}` : "";
  return (
    <section className="auth-card" aria-labelledby="signup-title">
      <h1 id="signup-title">Sign up</h1>
      {/* The toggle is two links, so it works without JavaScript; with it, Remix switches without a reload. */}
      <div className="toggle" role="group" aria-label="Sign-up method">
        <Link to={`?method=email${suffix}`} replace preventScrollReset aria-current={method === "email" ? "page" : undefined}>
          Sign up with Email
        </Link>
        <Link to={`?method=phone${suffix}`} replace preventScrollReset aria-current={method === "phone" ? "page" : undefined}>
          Sign up with Phone
        </Link>
      </div>
      {result?.error ? (
        <p className="form-error" role="alert">
          {result.error}
        </p>
      ) : null}
      <Form method="post" noValidate key={method}>
        <input type="hidden" name="method" value={method} />
        <input type="hidden" name="redirectTo" value={redirectTo} />
        {method === "email" ? (
          <>
            <label htmlFor="signup-email">Email</label>
            <input id="signup-email" name="email" type="email" autoComplete="email" defaultValue={result?.email ?? ""} />
            <label htmlFor="signup-password">Password</label>
            <input id="signup-password" name="password" type="password" autoComplete="new-password" />
            <button type="submit" className="primary" disabled={busy}>
              {busy ? "Signing up..." : "Sign Up"}
            </button>
          </>
        ) : (
          <>
            <label htmlFor="signup-phone">Mobile number</label>
            <input id="signup-phone" name="phone" type="tel" inputMode="numeric" autoComplete="tel-national" maxLength={10} />
            <button type="submit" className="primary" disabled={busy}>
              {busy ? "Sending..." : "Send OTP"}
            </button>
          </>
        )}
      </Form>
      <GoogleButton label="Sign up with Google" configured={google} />
      <p>
        Already have an account? <Link to="/login">Login</Link>
      </p>
    </section>
  );
}
