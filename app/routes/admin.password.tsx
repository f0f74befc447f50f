import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation, Link } from "@remix-run/react";
import { ADMIN_PASSWORD_FORM_LIMITS, adminPasswordForm } from "../../domain/forms/admin-password";
import { ADMIN_PASSWORD_PATH } from "../../domain/admin-password";
import { requireStaffOncePerRequest } from "../admin/guard.server";
import { getAdminSession, signInAdmin } from "../auth/session.server";
import { readPageForm } from "../forms/form.server";
import { FieldMessage, FormMessage, fieldProps } from "../forms/messages";
import { metaT, useT } from "../i18n/I18n";

export const meta: MetaFunction = ({ matches }) => [{ title: metaT(matches)("admin:password.metaTitle") }];

/**
 * An admin changes their own password (decision 120). An admin added with a temporary password
 * lands here from every other admin page until they have (app/auth/session.server.ts
 * `requireStaff`). Every person of the staff may open it, whatever their role (decision 215). The admin frame (routes/admin.tsx) sends the words and the refusals' Hindi.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const admin = await requireStaffOncePerRequest(request, context);
  return { temporary: admin.mustChangePassword, changed: new URL(request.url).searchParams.get("changed") === "1" };
}

/**
 * Current password, the new one twice: a refusal comes back beside its field (never with what was
 * typed). A change ends every session and token of the admin, this one included, and signs this
 * browser in again with a fresh session: the admin's other browsers and /api tokens are signed out.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const admin = await requireStaffOncePerRequest(request, context);
  const form = await readPageForm(request, adminPasswordForm, ADMIN_PASSWORD_FORM_LIMITS);
  if (!form.ok) return form.answer;
  const session = await getAdminSession(request, context.shop);
  const outcome = await context.shop.auth.changeAdminPassword({ userId: admin.id, sessionId: session.id, ...form.value });
  if (!outcome.ok) return form.refuse({ [outcome.field]: outcome.message }, outcome.status);
  return signInAdmin(request, context.shop, admin.id, `${ADMIN_PASSWORD_PATH}?changed=1`);
}

export default function AdminPassword() {
  const { temporary, changed } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>()?.result;
  const busy = useNavigation().state === "submitting";
  const t = useT();
  return (
    <section className="auth-card admin-password" aria-labelledby="password-title">
      <h1 id="password-title">{t("admin:password.title")}</h1>
      {changed ? (
        <p className="notice" role="status">
          {t("admin:password.changed")} <Link to="/admin">{t("admin:password.toOrders")}</Link>
        </p>
      ) : null}
      {temporary ? (
        <p className="form-error" role="alert">
          {t("admin:password.temporary")}
        </p>
      ) : null}
      <FormMessage result={result} />
      <Form method="post" noValidate>
        <label htmlFor="password-current">{t("admin:password.current")}</label>
        <input id="password-current" name="current" type="password" autoComplete="current-password" {...fieldProps(result, "current")} />
        <FieldMessage result={result} name="current" />
        <label htmlFor="password-next">{t("admin:password.next")}</label>
        <input
          id="password-next"
          name="next"
          type="password"
          autoComplete="new-password"
          {...fieldProps(result, "next")}
          aria-describedby={[fieldProps(result, "next")["aria-describedby"], "password-next-hint"].filter(Boolean).join(" ")}
        />
        <p id="password-next-hint" className="muted">
          {t("admin:password.nextHint")}
        </p>
        <FieldMessage result={result} name="next" />
        <label htmlFor="password-repeat">{t("admin:password.repeat")}</label>
        <input id="password-repeat" name="repeat" type="password" autoComplete="new-password" {...fieldProps(result, "repeat")} />
        <FieldMessage result={result} name="repeat" />
        <button type="submit" className="primary" disabled={busy}>
          {busy ? t("admin:password.busy") : t("admin:password.submit")}
        </button>
      </Form>
    </section>
  );
}
