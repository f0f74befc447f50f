import { redirect, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { authRefusal } from "../../domain/auth";
import { refusalText } from "../i18n/refusals.server";
import { SIGN_IN_LIMITS, adminLoginForm } from "../../domain/forms/sign-in";
import { adminAuthenticator, runStrategy } from "../auth/authenticator.server";
import { ADMIN_LOGIN_NOTICE, adminDeviceOf, awaitAdminCode, getAdmin, signInAdmin } from "../auth/session.server";
import { SECOND_FACTOR_MESSAGES } from "../../domain/totp";
import { readPageForm, refusalStatus, strategyForm } from "../forms/form.server";
import { FieldMessage, FormMessage, fieldProps, typedValue } from "../forms/messages";
import { metaT, useT } from "../i18n/I18n";
import { languageOf, refusalTable, routeMessages } from "../i18n/i18n.server";
import adminStyles from "../styles/admin.css?url";

// The admin header, not the shop's navbar with its "Login / Signup" (root.tsx).
export const handle = { frame: "admin" };
export const links: LinksFunction = () => [{ rel: "stylesheet", href: adminStyles }];
// `admin_.login`: outside any future admin layout, so a guard there can never loop on its own login page.
export const meta: MetaFunction = ({ matches }) => [{ title: metaT(matches)("admin:login.metaTitle") }];

/** Outside the admin frame, so it sends its own words: the admin namespace and the sign-in refusals. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  if (await getAdmin(request, context.shop)) throw redirect("/admin");
  // A pending sign-in that sent too many wrong codes comes back here, told why (decision 197).
  const ended = new URL(request.url).searchParams.get(ADMIN_LOGIN_NOTICE) === "too-many-codes";
  return {
    notice: ended ? SECOND_FACTOR_MESSAGES.tooManyTries : null,
    messages: routeMessages(request, "admin"),
    refusals: { ...refusalTable(request, "auth"), ...refusalTable(request, "admin") },
  };
}

/** Email and password of an admin account; anyone else gets 'Login failed.', whatever the reason. */
export async function action({ request, context }: ActionFunctionArgs) {
  const { shop, clientIp } = context;
  const form = await readPageForm(request, adminLoginForm, SIGN_IN_LIMITS);
  if (!form.ok) return form.answer;
  const formData = strategyForm({ email: form.value.email, password: form.value.password });
  const adminDevice = await adminDeviceOf(request, shop);
  const outcome = await runStrategy(adminAuthenticator(shop), "admin-password", request, { shop, clientIp, formData, adminDevice });
  if (!outcome.ok) {
    const refused = outcome.status === 429 ? outcome.refusal : authRefusal("adminLoginFailed");
    return form.refuse(refusalText(languageOf(request), refused), refusalStatus(outcome.status));
  }
  // An admin with a second factor types its code next (decision 197); the password alone signs nobody in.
  if (await shop.auth.secondFactor.required(outcome.user.id)) return awaitAdminCode(request, shop, outcome.user.id);
  return signInAdmin(request, shop, outcome.user.id);
}

export default function AdminLogin() {
  const { notice } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>()?.result;
  const busy = useNavigation().state === "submitting";
  const t = useT();
  return (
    <section className="auth-card" aria-labelledby="admin-login-title">
      <h1 id="admin-login-title">{t("admin:login.title")}</h1>
      <FormMessage result={result} fallback={notice} />
      <Form method="post" noValidate>
        <label htmlFor="admin-email">{t("admin:login.email")}</label>
        <input
          id="admin-email"
          name="email"
          type="email"
          autoComplete="username"
          defaultValue={typedValue(result, "email")}
          {...fieldProps(result, "email")}
        />
        <FieldMessage result={result} name="email" />
        <label htmlFor="admin-password">{t("admin:login.password")}</label>
        <input id="admin-password" name="password" type="password" autoComplete="current-password" {...fieldProps(result, "password")} />
        <FieldMessage result={result} name="password" />
        <button type="submit" className="primary" disabled={busy}>
          {busy ? t("admin:login.busy") : t("admin:login.submit")}
        </button>
      </Form>
    </section>
  );
}
