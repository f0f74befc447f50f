import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { AUTH_MESSAGES, classifyIdentifier, looksLikeEmail, safeRedirect } from "../../domain/auth";
import { runStrategy, shopperAuthenticator } from "../auth/authenticator.server";
import { getShopper, signInShopper, startPhoneCode } from "../auth/session.server";
import { GoogleButton } from "../components/GoogleButton";

export const meta: MetaFunction = () => [{ title: "Login | Churu Uniform House" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const redirectTo = safeRedirect(url.searchParams.get("redirectTo"));
  if (await getShopper(request, context.shop)) throw redirect(redirectTo);
  return {
    redirectTo,
    error: url.searchParams.get("error") === "google" ? AUTH_MESSAGES.googleFailed : null,
    google: Boolean(context.shop.config.auth.google),
  };
}

/**
 * One field, two ways in: an email signs in with its password; a 10-digit
 * number gets a one-time code and goes on to the code step (any password
 * sent with it is ignored: a number alone never signs anyone in).
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const { shop, clientIp } = context;
  const form = await request.formData();
  const identifier = String(form.get("identifier") ?? "");
  const redirectTo = safeRedirect(form.get("redirectTo"));
  const id = classifyIdentifier(identifier);
  if (id.kind === "invalid") return data({ error: AUTH_MESSAGES.invalidIdentifier, identifier }, { status: 422 });
  if (id.kind === "phone") {
    const sent = await startPhoneCode(request, shop, id.phone, redirectTo, clientIp);
    if (sent instanceof Response) return sent;
    return data({ error: sent.error, identifier }, { status: sent.status });
  }
  if (!String(form.get("password") ?? "")) return data({ error: AUTH_MESSAGES.passwordRequired, identifier }, { status: 422 });
  const outcome = await runStrategy(shopperAuthenticator(shop, request), "email-password", request, { shop, clientIp, formData: form });
  if (!outcome.ok) return data({ error: outcome.message, identifier }, { status: outcome.status });
  return signInShopper(request, shop, outcome.user.id, redirectTo);
}

export default function Login() {
  const { redirectTo, error, google } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  const [identifier, setIdentifier] = useState(result?.identifier ?? "");
  // Without JavaScript the password field is always there; with it, only once the input looks like an email.
  const [hydrated, setHydrated] = useState(false);
  const identifierRef = useRef<HTMLInputElement>(null);
  useEffect(() => {
    // Whatever was typed before the page came alive counts (the input is uncontrolled for that reason).
    setIdentifier(identifierRef.current?.value ?? "");
    setHydrated(true);
  }, []);
  const showPassword = !hydrated || looksLikeEmail(identifier);
  const message = result?.error ?? error;

  return (
    <section className="auth-card" aria-labelledby="login-title">
      <h1 id="login-title">Login</h1>
      {message ? (
        <p className="form-error" role="alert">
          {message}
        </p>
      ) : null}
      <Form method="post" noValidate>
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <label htmlFor="identifier">Mobile number or email</label>
        <input
          id="identifier"
          name="identifier"
          autoComplete="username"
          ref={identifierRef}
          defaultValue={result?.identifier ?? ""}
          onChange={(e) => setIdentifier(e.target.value)}
        />
        {showPassword ? (
          <>
            <label htmlFor="password">Password</label>
            <input id="password" name="password" type="password" autoComplete="current-password" />
            {hydrated ? null : <p className="hint">With a mobile number, leave the password empty: we send you a code.</p>}
          </>
        ) : null}
        <label className="checkbox">
          <input type="checkbox" name="remember" /> Remember me
        </label>
        <button type="submit" className="primary" disabled={busy}>
          {busy ? "Logging in..." : "Login"}
        </button>
      </Form>
      {google ? <GoogleButton label="Login with Google" configured /> : null}
      <p>
        Don&apos;t have an account? <Link to="/signup">Sign up</Link>
      </p>
    </section>
  );
}
