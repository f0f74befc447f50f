import { redirect, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useNavigation } from "@remix-run/react";
import { SECOND_FACTOR_MESSAGES } from "../../domain/totp";
import { SECOND_FACTOR_FORM_LIMITS, adminCodeForm } from "../../domain/forms/second-factor";
import { ADMIN_LOGIN_NOTICE, adminStorage, getAdmin, getAdminSession, pendingAdminCode, signInAdmin } from "../auth/session.server";
import { readPageForm } from "../forms/form.server";
import { FieldMessage, FormMessage, fieldProps } from "../forms/messages";
import { metaT, useT } from "../i18n/I18n";
import { refusalTable, routeMessages } from "../i18n/i18n.server";
import adminStyles from "../styles/admin.css?url";

// The admin header, like the login page this step follows (decision 197).
export const handle = { frame: "admin" };
export const links: LinksFunction = () => [{ rel: "stylesheet", href: adminStyles }];
export const meta: MetaFunction = ({ matches }) => [{ title: metaT(matches)("admin:loginCode.metaTitle") }];

/** Only a browser whose password was right a moment ago sees the code field; anyone else goes to the login. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  if (await getAdmin(request, context.shop)) throw redirect("/admin");
  if (!(await pendingAdminCode(request, context.shop))) throw redirect("/admin/login");
  return {
    messages: routeMessages(request, "admin"),
    refusals: refusalTable(request, "admin"),
  };
}

/**
 * The code from the admin's authenticator app, or a recovery code: right, the admin is signed in with a fresh
 * session; wrong, said beside the field; five wrong ones (or twenty on the account from anywhere) end this pending
 * sign-in, which starts again from the password.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const { shop } = context;
  const form = await readPageForm(request, adminCodeForm, SECOND_FACTOR_FORM_LIMITS);
  if (!form.ok) return form.answer;
  const pending = await pendingAdminCode(request, shop);
  if (!pending) return form.refuse(SECOND_FACTOR_MESSAGES.expired, 401);
  const outcome = await shop.auth.secondFactor.signIn(pending.userId, pending.sessionId, form.value.code);
  if (outcome === "ok") return signInAdmin(request, shop, pending.userId);
  if (outcome === "wrong") return form.refuse({ code: SECOND_FACTOR_MESSAGES.codeWrong }, 422);
  // Too many: this pending sign-in is over, and the login page says why.
  const storage = adminStorage(shop);
  const ended = await storage.destroySession(await getAdminSession(request, shop));
  return redirect(`/admin/login?${ADMIN_LOGIN_NOTICE}=too-many-codes`, { headers: { "Set-Cookie": ended } });
}

export default function AdminLoginCode() {
  const result = useActionData<typeof action>()?.result;
  const busy = useNavigation().state === "submitting";
  const t = useT();
  return (
    <section className="auth-card" aria-labelledby="admin-code-title">
      <h1 id="admin-code-title">{t("admin:loginCode.title")}</h1>
      <p>{t("admin:loginCode.lead")}</p>
      <FormMessage result={result} />
      <Form method="post" noValidate>
        <label htmlFor="admin-code">{t("admin:loginCode.code")}</label>
        <input id="admin-code" name="code" type="text" inputMode="text" autoComplete="one-time-code" autoCapitalize="none" spellCheck={false} {...fieldProps(result, "code")} />
        <FieldMessage result={result} name="code" />
        <button type="submit" className="primary" disabled={busy}>
          {busy ? t("admin:loginCode.busy") : t("admin:loginCode.submit")}
        </button>
      </Form>
      <p>
        <Link to="/admin/login">{t("admin:loginCode.startAgain")}</Link>
      </p>
    </section>
  );
}
