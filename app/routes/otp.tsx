import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { AUTH_MESSAGES, OTP_LENGTH, OTP_VALID_MINUTES, checkPhone, maskPhone, safeRedirect } from "../../domain/auth";
import { runStrategy, shopperAuthenticator } from "../auth/authenticator.server";
import { getShopper, getShopperSession, shopperStorage, signInShopper, startPhoneCode } from "../auth/session.server";

export const meta: MetaFunction = () => [{ title: "Login with OTP | Churu Uniform House" }];

/**
 * The spec's 'Login with OTP' dialog as a page: step one asks for the number
 * and sends a code, step two asks for the code. The number waits in the
 * session between the steps, never in the URL.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const session = await getShopperSession(request, context.shop);
  if (await getShopper(request, context.shop)) throw redirect(safeRedirect(session.get("redirectTo")));
  const phone = session.get("otpPhone");
  return { step: phone ? ("code" as const) : ("phone" as const), masked: phone ? maskPhone(phone) : null };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { shop, clientIp } = context;
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "verify");
  const storage = shopperStorage(shop);
  const session = await storage.getSession(request.headers.get("Cookie"));
  const redirectTo = safeRedirect(session.get("redirectTo"));

  if (intent === "change") {
    session.unset("otpPhone");
    return redirect("/otp", { headers: { "Set-Cookie": await storage.commitSession(session) } });
  }
  if (intent === "send" || intent === "resend") {
    const phone = checkPhone(intent === "resend" ? session.get("otpPhone") : String(form.get("phone") ?? ""));
    if (!phone.ok) return data({ error: intent === "resend" ? AUTH_MESSAGES.otpPhoneMissing : phone.message }, { status: 422 });
    const sent = await startPhoneCode(request, shop, phone.phone, redirectTo, clientIp);
    if (sent instanceof Response) return sent;
    return data({ error: sent.error }, { status: sent.status });
  }
  if (!String(form.get("otp") ?? "").trim()) return data({ error: AUTH_MESSAGES.otpRequired }, { status: 422 });
  const outcome = await runStrategy(shopperAuthenticator(shop, request), "phone-code", request, { shop, clientIp, formData: form });
  if (!outcome.ok) return data({ error: outcome.message }, { status: outcome.status });
  return signInShopper(request, shop, outcome.user.id, redirectTo);
}

export default function OtpLogin() {
  const { step, masked } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  return (
    <section className="auth-card otp-dialog" aria-labelledby="otp-title">
      <h1 id="otp-title">Login with OTP</h1>
      {result?.error ? (
        <p className="form-error" role="alert">
          {result.error}
        </p>
      ) : null}
      {step === "phone" ? (
        <Form method="post" noValidate>
          <label htmlFor="otp-phone">Mobile number</label>
          <input id="otp-phone" name="phone" type="tel" inputMode="numeric" autoComplete="tel-national" maxLength={10} />
          <button type="submit" name="intent" value="send" className="primary" disabled={busy}>
            {busy ? "Sending..." : "Send OTP"}
          </button>
        </Form>
      ) : (
        <>
          <p role="status">
            We sent a {OTP_LENGTH}-digit code to {masked}. It is valid for {OTP_VALID_MINUTES} minutes.
          </p>
          <Form method="post" noValidate>
            <label htmlFor="otp-code">OTP</label>
            <input
              id="otp-code"
              name="otp"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={OTP_LENGTH}
              pattern="[0-9]*"
            />
            <button type="submit" name="intent" value="verify" className="primary" disabled={busy}>
              {busy ? "Verifying..." : "Verify OTP"}
            </button>
          </Form>
          <Form method="post" className="otp-secondary">
            <button type="submit" name="intent" value="resend" className="link-button inline">
              Resend OTP
            </button>
            <button type="submit" name="intent" value="change" className="link-button inline">
              Use a different number
            </button>
          </Form>
        </>
      )}
    </section>
  );
}
