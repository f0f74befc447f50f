import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { ADMINS_FORM_LIMITS, adminsForm } from "../../domain/forms/admins";
import { requirePermission } from "../admin/guard.server";
import { isAuthError } from "../../services/auth/index";
import { isRuleViolation } from "../../domain/errors";
import { ROLES } from "../../domain/staff/roles";
import { adminActor, adminTime } from "../admin/orders.server";
import { refusalText } from "../i18n/refusals.server";
import { forgetAdminDirectory } from "../admin/admins.server";
import { TableScroll } from "../components/TableScroll";
import { readPageForm, refusalStatus } from "../forms/form.server";
import { FieldMessage, FormMessage, fieldProps, typedValue } from "../forms/messages";
import { metaT, useT } from "../i18n/I18n";
import { languageOf, refusalTable, routeMessages } from "../i18n/i18n.server";

export const meta: MetaFunction = ({ matches }) => [{ title: metaT(matches)("admins:metaTitle") }];

const SAVED = ["added", "disabled", "enabled", "role"] as const;

/**
 * The shop's staff (decisions 104, 215): the people who sign in to the back office, each with their role. Only an
 * owner opens it: they add people with a role, change a role, and disable or enable a sign-in.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const me = await requirePermission(request, context, "staff");
  const lang = languageOf(request);
  const [admins, roles, holds] = await Promise.all([context.shop.auth.listAdmins(), context.shop.staff.roles(), context.shop.auth.adminSignInHolds()]);
  const minutes = (ms: number) => Math.max(1, Math.ceil(ms / 60_000));
  const saved = new URL(request.url).searchParams.get("saved");
  return {
    messages: routeMessages(request, "admins"),
    refusals: refusalTable(request, "staff"),
    saved: SAVED.find((s) => s === saved) ?? null,
    // Wrong passwords at the admin login hold an account, or the login itself, for a while (decision 253).
    pausedMinutes: holds.shopMs > 0 ? minutes(holds.shopMs) : null,
    admins: admins.map((a) => ({
      role: roles.get(a.id) ?? null,
      id: a.id,
      name: a.name,
      email: a.email ?? "",
      added: a.since ? adminTime(a.since, lang) : "",
      lastSignIn: a.lastSignInAt ? adminTime(a.lastSignInAt, lang) : null,
      enabled: !a.disabledAt,
      heldMinutes: holds.accounts.has(a.id) ? minutes(holds.accounts.get(a.id)!) : null,
      codesHeldMinutes: holds.codes.has(a.id) ? minutes(holds.codes.get(a.id)!) : null,
      me: a.id === me.id,
    })),
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const me = await requirePermission(request, context, "staff");
  const form = await readPageForm(request, adminsForm, ADMINS_FORM_LIMITS);
  if (!form.ok) return form.answer;
  const lang = languageOf(request);
  // An owner on the roster: the permission above is the check (decision 215).
  const by = { kind: "staff" as const, id: me.id };
  const actor = adminActor(me);
  try {
    const v = form.value;
    if (v.intent === "add") await context.shop.staff.addPerson(by, { name: v.name, email: v.email, password: v.password }, v.role, actor);
    else if (v.intent === "role") await context.shop.staff.giveRole(v.id, v.role, actor);
    else await context.shop.auth.setAdminEnabled(by, v.email, v.intent === "enable");
    forgetAdminDirectory(context.shop);
    const saved = v.intent === "add" ? "added" : v.intent === "role" ? "role" : v.intent === "enable" ? "enabled" : "disabled";
    return redirect(`/admin/admins?saved=${saved}`);
  } catch (err) {
    if (isRuleViolation(err)) return form.refuse(refusalText(lang, err), refusalStatus(err.status));
    // The password rules (length, too common): keys, worded as the sign-in pages' are.
    if (isAuthError(err)) return form.refuse({ password: refusalText(lang, err.refusal) }, refusalStatus(err.status));
    throw err;
  }
}

export default function AdminAdmins() {
  const { admins, saved, pausedMinutes } = useLoaderData<typeof loader>();
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
      {pausedMinutes !== null ? (
        <p className="notice" role="status" data-testid="admin-login-paused">
          {t("admins:paused", { count: pausedMinutes })}
        </p>
      ) : null}
      <FormMessage result={result} />
      <TableScroll label={t("admins:table")}>
        <table aria-label={t("admins:table")}>
          <thead>
            <tr>
              <th scope="col">{t("admins:name")}</th>
              <th scope="col">{t("admins:email")}</th>
              <th scope="col">{t("admins:role")}</th>
              <th scope="col">{t("admins:added")}</th>
              <th scope="col">{t("admins:lastSignIn")}</th>
              <th scope="col">{t("admins:state")}</th>
              <th scope="col"></th>
            </tr>
          </thead>
          <tbody>
            {admins.map((a) => (
              <tr key={a.id} data-email={a.email}>
                <td>
                  {a.name} {a.me ? t("admins:you") : null}
                </td>
                <td>{a.email}</td>
                <td data-role={a.role ?? "none"}>
                  {a.me ? (
                    t(`admin:roles.${a.role ?? "none"}`)
                  ) : (
                    // One small form per person: their role chosen and saved, a plain POST without JavaScript.
                    <Form method="post" className="role-form">
                      <input type="hidden" name="intent" value="role" />
                      <input type="hidden" name="id" value={a.id} />
                      <select name="role" defaultValue={a.role ?? ""} aria-label={t("admins:roleOf", { name: a.name })}>
                        {a.role ? null : <option value="">{t("admin:roles.none")}</option>}
                        {ROLES.map((r) => (
                          <option key={r} value={r}>
                            {t(`admin:roles.${r}`)}
                          </option>
                        ))}
                      </select>{" "}
                      <button type="submit" disabled={busy} aria-label={t("admins:saveRoleLabel", { name: a.name })}>
                        {t("admins:saveRole")}
                      </button>
                    </Form>
                  )}
                </td>
                <td>{a.added}</td>
                <td>{a.lastSignIn ?? t("admins:never")}</td>
                <td>
                  {a.enabled ? t("admins:enabled") : t("admins:disabled")}
                  {a.heldMinutes !== null ? <span className="held"> {t("admins:held", { count: a.heldMinutes })}</span> : null}
                  {a.codesHeldMinutes !== null ? <span className="held"> {t("admins:codesHeld", { count: a.codesHeldMinutes })}</span> : null}
                </td>
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
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>

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
          <label htmlFor="admin-role">{t("admins:role")}</label>
          <select id="admin-role" name="role" defaultValue={typedValue(result, "role") || "counter"} aria-describedby="admin-role-hint" {...fieldProps(result, "role")}>
            {ROLES.map((r) => (
              <option key={r} value={r}>
                {t(`admin:roles.${r}`)}
              </option>
            ))}
          </select>
          <span id="admin-role-hint" className="hint">
            {t("admins:roleHint")}
          </span>
          <FieldMessage result={result} name="role" />
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
    </section>
  );
}
