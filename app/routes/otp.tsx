import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { AFTER_SIGN_IN, authRefusal, OTP_LENGTH, OTP_VALID_MINUTES, checkPhone, maskPhone } from "../../domain/auth";
import { safeRedirect } from "../../domain/redirect";
import { runStrategy, shopperAuthenticator, type AuthContext } from "../auth/authenticator.server";
import { isAuthError } from "../../services/auth/index";
import { getShopper, getShopperSession, shopperStorage, signInShopper, startPhoneCode } from "../auth/session.server";
import { SIGN_IN_LIMITS, otpForm } from "../../domain/forms/sign-in";
import { readPageForm, refusalStatus, strategyForm } from "../forms/form.server";
import { FormMessage } from "../forms/messages";
import { CodeField, NameField, PhoneField } from "../components/PhoneField";
import { PrivacyAgreement } from "../components/PrivacyAgreement";
import { metaT, useT } from "../i18n/I18n";
import { languageOf, routeMessages } from "../i18n/i18n.server";
import { refusalText } from "../i18n/refusals.server";

export const meta: MetaFunction = ({ matches }) => [{ title: metaT(matches)("auth:otp.metaTitle") }];

/**
 * The spec's 'Login with OTP' dialog as a page: step one asks for the number
 * and sends a code, step two asks for the code. The number waits in the
 * session between the steps, never in the URL. A number new to the shop whose
 * code was right gets a third step: the parent's name, which its account is made
 * with (sign-up by phone asked for it before the code, and skips it).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const session = await getShopperSession(request, context.shop);
  if (await getShopper(request, context.shop)) throw redirect(safeRedirect(session.get("redirectTo"), AFTER_SIGN_IN));
  const proven = context.shop.auth.readPhoneProof(session.get("phoneProof"));
  const phone = session.get("otpPhone");
  return {
    step: proven ? ("name" as const) : phone ? ("code" as const) : ("phone" as const),
    masked: proven ? maskPhone(proven) : phone ? maskPhone(phone) : null,
    messages: routeMessages(request, "auth", "privacy"),
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { shop, clientIp } = context;
  const form = await readPageForm(request, otpForm, SIGN_IN_LIMITS);
  if (!form.ok) return form.answer;
  const step = form.value;
  const storage = shopperStorage(shop);
  const session = await storage.getSession(request.headers.get("Cookie"));
  const redirectTo = safeRedirect(session.get("redirectTo"), AFTER_SIGN_IN);

  if (step.intent === "change") {
    session.unset("otpPhone");
    session.unset("phoneProof");
    return redirect("/otp", { headers: { "Set-Cookie": await storage.commitSession(session) } });
  }
  if (step.intent === "send" || step.intent === "resend") {
    // A resend goes to the number already waiting in the session, never to one from the form.
    const phone = step.intent === "send" ? step.phone : session.get("otpPhone");
    if (!phone || !checkPhone(phone).ok) return form.refuse(refusalText(languageOf(request), authRefusal("otpPhoneMissing")));
    // The name given at sign-up stays with the number, sent again or changed.
    const sent = await startPhoneCode(request, shop, phone, redirectTo, clientIp, session.get("otpName"), !session.get("otpForget"));
    if (sent instanceof Response) return sent;
    return form.refuse(sent.error, refusalStatus(sent.status));
  }
  if (step.intent === "name") {
    // The account of a number proven a moment ago, made now with the name given.
    try {
      // The account and the consent given by pressing the button beside the notice: one act (decision 161).
      const user = await shop.auth.openPhoneAccount({ proof: session.get("phoneProof"), name: step.name, consent: { language: languageOf(request) } });
      return signInShopper(request, shop, user.id, redirectTo, { remember: !session.get("otpForget") });
    } catch (err) {
      if (!isAuthError(err)) throw err;
      return form.refuse(refusalText(languageOf(request), err.refusal), refusalStatus(err.status));
    }
  }
  const formData = strategyForm({ otp: step.code });
  // Sign-up by phone (the name came with the number) agreed to the notice beside its button: the account is made with it.
  const name = session.get("otpName");
  const auth: AuthContext = { shop, clientIp, formData, name, ...(name ? { signUpLanguage: languageOf(request) } : {}) };
  const outcome = await runStrategy(shopperAuthenticator(shop), "phone-code", request, auth);
  if (!outcome.ok && auth.phoneProof) {
    // The code was right and the number is new: the name comes next, the proof waits in the session.
    session.set("phoneProof", auth.phoneProof);
    session.unset("otpPhone");
    return redirect("/otp", { headers: { "Set-Cookie": await storage.commitSession(session) } });
  }
  if (!outcome.ok) return form.refuse(refusalText(languageOf(request), outcome.refusal), refusalStatus(outcome.status));
  return signInShopper(request, shop, outcome.user.id, redirectTo, { remember: !session.get("otpForget") });
}

export default function OtpLogin() {
  const { step, masked } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>()?.result;
  const busy = useNavigation().state === "submitting";
  const t = useT();
  return (
    <section className="auth-card otp-dialog" aria-labelledby="otp-title">
      <h1 id="otp-title">{t("auth:otp.title")}</h1>
      <FormMessage result={result} />
      {step === "phone" ? (
        <Form method="post" noValidate>
          <PhoneField id="otp-phone" result={result} />
          <button type="submit" name="intent" value="send" className="primary" disabled={busy}>
            {busy ? t("auth:otp.sending") : t("auth:otp.send")}
          </button>
        </Form>
      ) : step === "name" ? (
        <>
          <p role="status">{t("auth:otp.newNumber", { phone: masked ?? "" })}</p>
          <Form method="post" noValidate>
            <input type="hidden" name="intent" value="name" />
            <NameField id="otp-name" label={t("auth:otp.name")} result={result} />
            <PrivacyAgreement action="signup" />
            <button type="submit" className="primary" disabled={busy}>
              {busy ? t("auth:otp.creating") : t("auth:otp.create")}
            </button>
          </Form>
          <Form method="post" className="otp-secondary">
            <button type="submit" name="intent" value="change" className="link-button inline">
              {t("auth:otp.change")}
            </button>
          </Form>
        </>
      ) : (
        <>
          <p role="status">
            {t("auth:otp.sent", { digits: OTP_LENGTH, phone: masked ?? "", minutes: OTP_VALID_MINUTES })}
          </p>
          <Form method="post" noValidate>
            <CodeField id="otp-code" label={t("auth:otp.code")} result={result} />
            <button type="submit" name="intent" value="verify" className="primary" disabled={busy}>
              {busy ? t("auth:otp.verifying") : t("auth:otp.verify")}
            </button>
          </Form>
          <Form method="post" className="otp-secondary">
            <button type="submit" name="intent" value="resend" className="link-button inline">
              {t("auth:otp.resend")}
            </button>
            <button type="submit" name="intent" value="change" className="link-button inline">
              {t("auth:otp.change")}
            </button>
          </Form>
        </>
      )}
    </section>
  );
}
