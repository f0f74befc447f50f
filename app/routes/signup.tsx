import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation, Link } from "@remix-run/react";
import { AFTER_SIGN_IN } from "../../domain/auth";
import { refusalText } from "../i18n/refusals.server";
import { safeRedirect } from "../../domain/redirect";
import { SIGN_IN_LIMITS, signupForm } from "../../domain/forms/sign-in";
import { runStrategy, shopperAuthenticator } from "../auth/authenticator.server";
import { getShopper, signInShopper, startPhoneCode } from "../auth/session.server";
import { GoogleButton } from "../components/GoogleButton";
import { metaT, useT } from "../i18n/I18n";
import { languageOf, routeMessages } from "../i18n/i18n.server";
import { readPageForm, refusalStatus, strategyForm } from "../forms/form.server";
import { FieldMessage, FormMessage, fieldProps, typedValue } from "../forms/messages";
import { NameField, PhoneField } from "../components/PhoneField";
import { PrivacyAgreement } from "../components/PrivacyAgreement";

export const meta: MetaFunction = ({ matches }) => [{ title: metaT(matches)("auth:signup.metaTitle") }];

type Method = "email" | "phone";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const redirectTo = safeRedirect(url.searchParams.get("redirectTo"), AFTER_SIGN_IN);
  if (await getShopper(request, context.shop)) throw redirect(redirectTo);
  return {
    method: (url.searchParams.get("method") === "phone" ? "phone" : "email") as Method,
    redirectTo,
    google: Boolean(context.shop.config.auth.google),
    messages: routeMessages(request, "auth", "privacy"),
  };
}

/**
 * Email and password creates the account and signs in; a name and a phone number get a code first
 * (the account is made with that name when the code is right).
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const { shop, clientIp } = context;
  const form = await readPageForm(request, signupForm, SIGN_IN_LIMITS);
  if (!form.ok) return form.answer;
  const signup = form.value;
  const redirectTo = safeRedirect(signup.redirectTo, AFTER_SIGN_IN);
  if (signup.method === "phone") {
    const sent = await startPhoneCode(request, shop, signup.phone, redirectTo, clientIp, signup.name);
    if (sent instanceof Response) return sent;
    return form.refuse(sent.error, refusalStatus(sent.status));
  }
  const formData = strategyForm({ email: signup.email, password: signup.password });
  // The account is made with the consent given by pressing the button beside the notice (decision 161).
  const outcome = await runStrategy(shopperAuthenticator(shop), "email-signup", request, { shop, clientIp, formData, signUpLanguage: languageOf(request) });
  if (!outcome.ok) return form.refuse(refusalText(languageOf(request), outcome.refusal), refusalStatus(outcome.status));
  return signInShopper(request, shop, outcome.user.id, redirectTo);
}

export default function Signup() {
  const { method, redirectTo, google } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>()?.result;
  const busy = useNavigation().state === "submitting";
  const t = useT();
  const suffix = redirectTo !== "/account" ? `&redirectTo=${encodeURIComponent(redirectTo)}` : "";
  return (
    <section className="auth-card" aria-labelledby="signup-title">
      <h1 id="signup-title">{t("auth:signup.title")}</h1>
      {/* The toggle is two links, so it works without JavaScript; with it, Remix switches without a reload. */}
      <div className="toggle" role="group" aria-label={t("auth:signup.method")}>
        <Link to={`?method=email${suffix}`} replace preventScrollReset aria-current={method === "email" ? "page" : undefined}>
          {t("auth:signup.withEmail")}
        </Link>
        <Link to={`?method=phone${suffix}`} replace preventScrollReset aria-current={method === "phone" ? "page" : undefined}>
          {t("auth:signup.withPhone")}
        </Link>
      </div>
      <FormMessage result={result} />
      <Form method="post" noValidate key={method}>
        <input type="hidden" name="method" value={method} />
        <input type="hidden" name="redirectTo" value={redirectTo} />
        {method === "email" ? (
          <>
            <label htmlFor="signup-email">{t("auth:signup.email")}</label>
            <input
              id="signup-email"
              name="email"
              type="email"
              autoComplete="email"
              defaultValue={typedValue(result, "email")}
              {...fieldProps(result, "email")}
            />
            <FieldMessage result={result} name="email" />
            <label htmlFor="signup-password">{t("auth:signup.password")}</label>
            <input id="signup-password" name="password" type="password" autoComplete="new-password" {...fieldProps(result, "password")} />
            <FieldMessage result={result} name="password" />
            <PrivacyAgreement action="signup" />
            <button type="submit" className="primary" disabled={busy}>
              {busy ? t("auth:signup.busy") : t("auth:signup.submit")}
            </button>
          </>
        ) : (
          <>
            <NameField id="signup-name" label={t("auth:signup.name")} result={result} />
            <PhoneField id="signup-phone" result={result} />
            <PrivacyAgreement action="signup" />
            <button type="submit" className="primary" disabled={busy}>
              {busy ? t("auth:otp.sending") : t("auth:otp.send")}
            </button>
          </>
        )}
      </Form>
      {google ? <GoogleButton label={t("auth:signup.google")} /> : null}
      <p>
        {t("auth:signup.haveAccount")} <Link to="/login">{t("auth:signup.login")}</Link>
      </p>
    </section>
  );
}
