import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { ADMINS_FORM_LIMITS, adminsForm } from "../../domain/forms/admins";
import { requireAdmin } from "../auth/session.server";
import { isAdminRuleError, isAuthError } from "../../services/auth/index";
import { adminTime } from "../admin/orders.server";
import { forgetAdminDirectory } from "../admin/admins.server";
import { TableScroll } from "../components/TableScroll";
import { readPageForm, refusalStatus } from "../forms/form.server";
import { FieldMessage, FormMessage, fieldProps, typedValue } from "../forms/messages";
import { metaT, useT } from "../i18n/I18n";
import { languageOf, routeMessages, serverT } from "../i18n/i18n.server";

export const meta: MetaFunction = ({ matches }) => [{ title: metaT(matches)("admins:metaTitle") }];

const SAVED = ["added", "disabled", "enabled"] as const;

/** The shop's admins (decision 104): everyone sees the list; only the owner gets the buttons and the add form. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const me = await requireAdmin(request, context.shop);
  const lang = languageOf(request);
  const admins = await context.shop.auth.listAdmins();
  const iAmOwner = admins.some((a) => a.owner && a.id === me.id);
  const saved = new URL(request.url).searchParams.get("saved");
  return {
    messages: routeMessages(request, "admins"),
    iAmOwner,
    saved: SAVED.find((s) => s === saved) ?? null,
    admins: admins.map((a) => ({
      id: a.id,
      name: a.name,
      email: a.email ?? "",
      added: a.since ? adminTime(a.since, lang) : "",
      lastSignIn: a.lastSignInAt ? adminTime(a.lastSignInAt, lang) : null,
      enabled: !a.disabledAt,
      owner: a.owner,
      me: a.id === me.id,
    })),
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const me = await requireAdmin(request, context.shop);
  const form = await readPageForm(request, adminsForm, ADMINS_FORM_LIMITS);
  if (!form.ok) return form.answer;
  const t = serverT(languageOf(request));
  const by = { kind: "admin" as const, id: me.id };
  try {
    const v = form.value;
    if (v.intent === "add") await context.shop.auth.addAdmin(by, { name: v.name, email: v.email, password: v.password });
    else await context.shop.auth.setAdminEnabled(by, v.email, v.intent === "enable");
    forgetAdminDirectory(context.shop);
    return redirect(`/admin/admins?saved=${v.intent === "add" ? "added" : v.intent === "enable" ? "enabled" : "disabled"}`);
  } catch (err) {
    if (isAdminRuleError(err)) return form.refuse(t(`admins:rule.${err.rule}`), refusalStatus(err.status));
    // The password rules (length, too common) speak through the refusals table like the sign-in pages'.
    if (isAuthError(err)) return form.refuse({ password: err.message }, refusalStatus(err.status));
    throw err;
  }
}

export default function AdminAdmins() {
  const { admins, iAmOwner, saved } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>()?.result;
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const t = useT();
  return (
    <section className="admin-admins" aria-labelledby="admins-title">
      <h1 id="admins-title">{t("admins:title")}</h1>
      <p>{t("admins:intro")}</p>
      {saved && !result ? (
        <p className="notice" role="status">
          {t(`admins:saved.${saved}`)}
        </p>
      ) : null}
      <FormMessage result={result} />
      <TableScroll label={t("admins:table")}>
        <table aria-label={t("admins:table")}>
          <thead>
            <tr>
              <th scope="col">{t("admins:name")}</th>
              <th scope="col">{t("admins:email")}</th>
              <th scope="col">{t("admins:added")}</th>
              <th scope="col">{t("admins:lastSignIn")}</th>
              <th scope="col">{t("admins:state")}</th>
              {iAmOwner ? <th scope="col"></th> : null}
            </tr>
          </thead>
          <tbody>
            {admins.map((a) => (
              <tr key={a.id} data-email={a.email}>
                <td>
                  {a.name} {a.me ? t("admins:you") : null}
                  {a.owner ? <div className="status-note">{t("admins:owner")}</div> : null}
                </td>
                <td>{a.email}</td>
                <td>{a.added}</td>
                <td>{a.lastSignIn ?? t("admins:never")}</td>
                <td>{a.enabled ? t("admins:enabled") : t("admins:disabled")}</td>
                {iAmOwner ? (
                  <td>
                    {a.me ? null : (
                      <Form method="post">
                        <input type="hidden" name="intent" value={a.enabled ? "disable" : "enable"} />
                        <input type="hidden" name="email" value={a.email} />
                        <button type="submit" disabled={busy} aria-label={t(a.enabled ? "admins:disableLabel" : "admins:enableLabel", { name: a.name })}>
                          {a.enabled ? t("admins:disable") : t("admins:enable")}
                        </button>
                      </Form>
                    )}
                  </td>
                ) : null}
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>

      {iAmOwner ? (
        <>
          <h2>{t("admins:addTitle")}</h2>
          <p>{t("admins:addIntro")}</p>
          <Form method="post" className="admin-add-form" style={{ maxWidth: "32rem" }}>
            <input type="hidden" name="intent" value="add" />
            <p>
              <label htmlFor="admin-name">{t("admins:name")}</label>
              <input id="admin-name" name="name" required maxLength={100} autoComplete="off" defaultValue={typedValue(result, "name")} {...fieldProps(result, "name")} />
              <FieldMessage result={result} name="name" />
            </p>
            <p>
              <label htmlFor="admin-email">{t("admins:email")}</label>
              <input id="admin-email" name="email" type="email" required maxLength={254} autoComplete="off" defaultValue={typedValue(result, "email")} {...fieldProps(result, "email")} />
              <FieldMessage result={result} name="email" />
            </p>
            <p>
              <label htmlFor="admin-password">{t("admins:password")}</label>
              <input id="admin-password" name="password" type="text" required minLength={10} maxLength={1024} autoComplete="new-password" aria-describedby="admin-password-hint" {...fieldProps(result, "password")} />
              <span id="admin-password-hint" className="hint">
                {t("admins:passwordHint")}
              </span>
              <FieldMessage result={result} name="password" />
            </p>
            <button type="submit" className="primary" disabled={busy}>
              {t("admins:add")}
            </button>
          </Form>
        </>
      ) : (
        <p>{t("admins:onlyOwner")}</p>
      )}
    </section>
  );
}
