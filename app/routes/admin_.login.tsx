import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useNavigation } from "@remix-run/react";
import { AUTH_MESSAGES, looksLikeEmail } from "../../domain/auth";
import { adminAuthenticator, runStrategy } from "../auth/authenticator.server";
import { getAdmin, signInAdmin } from "../auth/session.server";

// `admin_.login`: outside any future admin layout, so a guard there can never loop on its own login page.
export const meta: MetaFunction = () => [{ title: "Admin Login | Churu Uniform House" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  if (await getAdmin(request, context.shop)) throw redirect("/admin");
  return null;
}

/** Email and password of an admin account; anyone else gets 'Login failed.', whatever the reason. */
export async function action({ request, context }: ActionFunctionArgs) {
  const { shop, clientIp } = context;
  const form = await request.formData();
  const email = String(form.get("email") ?? "");
  if (!email.trim() || !String(form.get("password") ?? "")) return data({ error: AUTH_MESSAGES.fillAllFields, email }, { status: 422 });
  if (!looksLikeEmail(email)) return data({ error: AUTH_MESSAGES.invalidEmail, email }, { status: 422 });
  const outcome = await runStrategy(adminAuthenticator(shop), "admin-password", request, { shop, clientIp, formData: form });
  if (!outcome.ok) {
    const message = outcome.status === 429 ? outcome.message : AUTH_MESSAGES.adminLoginFailed;
    return data({ error: message, email }, { status: outcome.status });
  }
  return signInAdmin(request, shop, outcome.user.id);
}

export default function AdminLogin() {
  const result = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  return (
    <section className="auth-card" aria-labelledby="admin-login-title">
      <h1 id="admin-login-title">Admin Login</h1>
      {result?.error ? (
        <p className="form-error" role="alert">
          {result.error}
        </p>
      ) : null}
      <Form method="post" noValidate>
        <label htmlFor="admin-email">Email</label>
        <input id="admin-email" name="email" type="email" autoComplete="username" defaultValue={result?.email ?? ""} />
        <label htmlFor="admin-password">Password</label>
        <input id="admin-password" name="password" type="password" autoComplete="current-password" />
        <button type="submit" className="primary" disabled={busy}>
          {busy ? "Logging in..." : "Login"}
        </button>
      </Form>
    </section>
  );
}
