import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation, Link } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { AFTER_SIGN_IN, authRefusal, looksLikeEmail } from "../../domain/auth";
import { safeRedirect } from "../../domain/redirect";
import { SIGN_IN_LIMITS, loginForm } from "../../domain/forms/sign-in";
import { runStrategy, shopperAuthenticator } from "../auth/authenticator.server";
import { erasedSessionAt, getShopper, signInShopper, startPhoneCode } from "../auth/session.server";
import { formatDate } from "../../domain/i18n";
import { GoogleButton } from "../components/GoogleButton";
import { readPageForm, refusalStatus, strategyForm } from "../forms/form.server";
import { FieldMessage, FormMessage, fieldProps, typedValue } from "../forms/messages";
import { metaT, useT } from "../i18n/I18n";
import { languageOf, routeMessages } from "../i18n/i18n.server";
import { refusalText } from "../i18n/refusals.server";

export const meta: MetaFunction = ({ matches }) => [{ title: metaT(matches)("auth:login.metaTitle") }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const redirectTo = safeRedirect(url.searchParams.get("redirectTo"), AFTER_SIGN_IN);
  if (await getShopper(request, context.shop)) throw redirect(redirectTo);
  // A browser whose account was erased is told why it is signed out (decision 248).
  const erasedAt = await erasedSessionAt(request, context.shop);
  return {
    redirectTo,
    error: url.searchParams.get("error") === "google" ? refusalText(languageOf(request), authRefusal("googleFailed")) : null,
    erased: erasedAt ? formatDate(erasedAt.toISOString(), languageOf(request)) : null,
    google: Boolean(context.shop.config.auth.google),
    messages: routeMessages(request, "auth", "privacy"),
  };
}

/**
 * One field, two ways in: an email signs in with its password; a 10-digit
 * number gets a one-time code and goes on to the code step (any password
 * sent with it is ignored: a number alone never signs anyone in).
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const { shop, clientIp } = context;
  const form = await readPageForm(request, loginForm, SIGN_IN_LIMITS);
  if (!form.ok) return form.answer;
  const login = form.value;
  const redirectTo = safeRedirect(login.redirectTo, AFTER_SIGN_IN);
  if (login.kind === "phone") {
    const sent = await startPhoneCode(request, shop, login.phone, redirectTo, clientIp, undefined, login.remember);
    if (sent instanceof Response) return sent;
    return form.refuse(sent.error, refusalStatus(sent.status));
  }
  const formData = strategyForm({ identifier: login.email, password: login.password });
  const outcome = await runStrategy(shopperAuthenticator(shop), "email-password", request, { shop, clientIp, formData });
  if (!outcome.ok) {
    return form.refuse(refusalText(languageOf(request), outcome.refusal), refusalStatus(outcome.status));
  }
  return signInShopper(request, shop, outcome.user.id, redirectTo, { remember: login.remember });
}

export default function Login() {
  const { redirectTo, error, google, erased } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>()?.result;
  const busy = useNavigation().state === "submitting";
  const t = useT();
  const typed = typedValue(result, "identifier") ?? "";
  const [identifier, setIdentifier] = useState(typed);
  // Without JavaScript the password field is always there; with it, only once the input looks like an email.
  const [hydrated, setHydrated] = useState(false);
  const identifierRef = useRef<HTMLInputElement>(null);
  useEffect(() => {
    // Whatever was typed before the page came alive counts (the input is uncontrolled for that reason).
    setIdentifier(identifierRef.current?.value ?? "");
    setHydrated(true);
  }, []);
  const showPassword = !hydrated || looksLikeEmail(identifier);

  return (
    <section className="auth-card" aria-labelledby="login-title">
      <h1 id="login-title">{t("auth:login.title")}</h1>
      {erased ? (
        <p className="notice" role="status" data-testid="erased-signed-out">
          {t("privacy:erasedSignedOut", { date: erased })}
        </p>
      ) : null}
      <FormMessage result={result} fallback={error} />
      <Form method="post" noValidate>
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <label htmlFor="identifier">{t("auth:login.identifier")}</label>
        <input
          id="identifier"
          name="identifier"
          autoComplete="username"
          ref={identifierRef}
          defaultValue={typed}
          onChange={(e) => setIdentifier(e.target.value)}
          {...fieldProps(result, "identifier")}
        />
        <FieldMessage result={result} name="identifier" />
        {showPassword ? (
          <>
            <label htmlFor="password">{t("auth:login.password")}</label>
            <input id="password" name="password" type="password" autoComplete="current-password" {...fieldProps(result, "password")} />
            <FieldMessage result={result} name="password" />
            {hydrated ? null : <p className="hint">{t("auth:login.phoneHint")}</p>}
          </>
        ) : null}
        <label className="checkbox">
          <input type="checkbox" name="remember" /> {t("auth:login.remember")}
        </label>
        <button type="submit" className="primary" disabled={busy}>
          {busy ? t("auth:login.busy") : t("auth:login.submit")}
        </button>
      </Form>
      {google ? <GoogleButton label={t("auth:login.google")} /> : null}
      <p>
        {t("auth:login.noAccount")} <Link to="/signup">{t("auth:login.signup")}</Link>
      </p>
    </section>
  );
}
