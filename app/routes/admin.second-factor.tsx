import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { SECOND_FACTOR_MESSAGES } from "../../domain/totp";
import { SECOND_FACTOR_FORM_LIMITS, secondFactorForm } from "../../domain/forms/second-factor";
import { requireAdmin } from "../auth/session.server";
import { readPageForm } from "../forms/form.server";
import { FieldMessage, FormMessage, fieldProps } from "../forms/messages";
import { metaT, useT } from "../i18n/I18n";
import { languageOf, serverT } from "../i18n/i18n.server";
import { uncachedQrSvg } from "../payments/upi-qr.server";
import type { Shop } from "../../services/index";

export const meta: MetaFunction = ({ matches }) => [{ title: metaT(matches)("admin:secondFactor.metaTitle") }];

/**
 * An admin's own second factor (decision 197): off, a button sets one up; being set up, the secret as a QR code and
 * as text, and a field for the app's first code; on, since when, the recovery codes left, and a field to turn it
 * off with a code. Every step is a plain form: it works with JavaScript off.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const admin = await requireAdmin(request, context.shop);
  return { ...(await view(request, context.shop, admin.id)), mustEnrol: admin.mustEnrolSecondFactor };
}

async function view(request: Request, shop: Shop, adminId: string) {
  const status = await shop.auth.secondFactor.status(adminId);
  const enabledAt = status.enabled ? (await shop.db.selectFrom("users").select("totp_enabled_at").where("id", "=", adminId).executeTakeFirst())?.totp_enabled_at : null;
  const label = serverT(languageOf(request))("admin:secondFactor.scan");
  return {
    enabled: status.enabled,
    since: enabledAt ? new Date(enabledAt).toISOString().slice(0, 10) : null,
    recoveryCodesLeft: status.recoveryCodesLeft,
    pending: !status.enabled && status.pending ? { key: status.pending.secret.replace(/(.{4})/g, "$1 ").trim(), qr: uncachedQrSvg(status.pending.uri, label) } : null,
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { shop } = context;
  const admin = await requireAdmin(request, shop);
  const form = await readPageForm(request, secondFactorForm, SECOND_FACTOR_FORM_LIMITS);
  if (!form.ok) return form.answer;
  const { intent, code } = form.value;
  if (intent === "start") {
    await shop.auth.secondFactor.start(admin.id);
    return { started: true };
  }
  if (intent === "confirm") {
    if (!code) return form.refuse({ code: SECOND_FACTOR_MESSAGES.codeRequired }, 422);
    const confirmed = await shop.auth.secondFactor.confirm(admin.id, code);
    if (!confirmed.ok) return form.refuse({ code: SECOND_FACTOR_MESSAGES.setupCodeWrong }, 422);
    // Shown this once: the page that answers this post, never a page a reload or the back button brings back.
    return { recoveryCodes: confirmed.recoveryCodes };
  }
  if (!code) return form.refuse({ code: SECOND_FACTOR_MESSAGES.codeRequired }, 422);
  if (!(await shop.auth.secondFactor.disable(admin.id, code))) return form.refuse({ code: SECOND_FACTOR_MESSAGES.codeWrong }, 422);
  return { disabled: true };
}

export default function AdminSecondFactor() {
  const page = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const result = answer && "result" in answer ? (answer.result as Parameters<typeof fieldProps>[0]) : undefined;
  const recoveryCodes = answer && "recoveryCodes" in answer ? answer.recoveryCodes : undefined;
  const busy = useNavigation().state === "submitting";
  const t = useT();
  return (
    <section className="auth-card second-factor" aria-labelledby="second-factor-title">
      <h1 id="second-factor-title">{t("admin:secondFactor.title")}</h1>
      <FormMessage result={result} />
      {recoveryCodes ? (
        <div role="status">
          <h2>{t("admin:secondFactor.codesTitle")}</h2>
          <p>{t("admin:secondFactor.codesLead")}</p>
          <ol className="recovery-codes" data-testid="recovery-codes">
            {recoveryCodes.map((code) => (
              <li key={code}>
                <code>{code}</code>
              </li>
            ))}
          </ol>
        </div>
      ) : null}
      {answer && "disabled" in answer ? <p role="status">{t("admin:secondFactor.disabled")}</p> : null}
      {page.enabled ? (
        <>
          <p>{t("admin:secondFactor.on", { since: page.since ?? "" })}</p>
          <p>{t("admin:secondFactor.codesLeft", { count: page.recoveryCodesLeft })}</p>
          <p>{t("admin:secondFactor.offLead")}</p>
          <Form method="post" noValidate>
            <input type="hidden" name="intent" value="disable" />
            <label htmlFor="second-factor-off-code">{t("admin:secondFactor.code")}</label>
            <input id="second-factor-off-code" name="code" type="text" autoComplete="one-time-code" autoCapitalize="none" spellCheck={false} {...fieldProps(result, "code")} />
            <FieldMessage result={result} name="code" />
            <button type="submit" disabled={busy}>
              {busy ? t("admin:secondFactor.busy") : t("admin:secondFactor.disable")}
            </button>
          </Form>
        </>
      ) : page.pending ? (
        <>
          <p>{t("admin:secondFactor.scan")}</p>
          <div className="upi-qr" dangerouslySetInnerHTML={{ __html: page.pending.qr }} />
          <p>
            {t("admin:secondFactor.key")}: <code data-testid="second-factor-key">{page.pending.key}</code>
          </p>
          <p>{t("admin:secondFactor.confirmLead")}</p>
          <Form method="post" noValidate>
            <input type="hidden" name="intent" value="confirm" />
            <label htmlFor="second-factor-code">{t("admin:secondFactor.code")}</label>
            <input id="second-factor-code" name="code" type="text" inputMode="numeric" autoComplete="one-time-code" {...fieldProps(result, "code")} />
            <FieldMessage result={result} name="code" />
            <button type="submit" className="primary" disabled={busy}>
              {busy ? t("admin:secondFactor.busy") : t("admin:secondFactor.confirm")}
            </button>
          </Form>
        </>
      ) : (
        <>
          {/* Reset by the owner or the operator (a lost phone): nothing else opens until a new one is on. */}
          {page.mustEnrol ? <p role="status">{t("admin:secondFactor.enrolAgain")}</p> : <p>{t("admin:secondFactor.off")}</p>}
          <Form method="post" noValidate>
            <input type="hidden" name="intent" value="start" />
            <button type="submit" className="primary" disabled={busy}>
              {busy ? t("admin:secondFactor.busy") : t("admin:secondFactor.start")}
            </button>
          </Form>
        </>
      )}
    </section>
  );
}
