import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation, useSearchParams } from "@remix-run/react";
import { adminErasureForm } from "../../domain/forms/privacy";
import { requirePermission } from "../admin/guard.server";
import { TableScroll } from "../components/TableScroll";
import { readPageForm, refusalStatus } from "../forms/form.server";
import { FormMessage, refusalOf } from "../forms/messages";
import { isRuleViolation } from "../../domain/errors";
import { refusalText } from "../i18n/refusals.server";
import { metaT, useT } from "../i18n/I18n";
import { languageOf, routeMessages } from "../i18n/i18n.server";
import { erasureRows } from "../privacy/admin.server";
import { ErasureConfirm } from "../privacy/ErasureConfirm";
import { openMattersIn } from "../privacy/open-matters.server";

export const meta: MetaFunction = ({ matches }) => [{ title: metaT(matches)("privacy:admin.title") }];

/**
 * Erasure requests with their deadline (decision 121): the admin erases a person here, and the parent is texted.
 * "Erase now" first opens a confirmation (`?confirm=<subject>`, decision 248) with what is still open; a parent's
 * request waits out its cooling-off.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requirePermission(request, context, "erase");
  const lang = languageOf(request);
  const rows = await erasureRows(context.shop, lang, new Date());
  const asked = new URL(request.url).searchParams.get("confirm");
  const row = rows.open.find((r) => r.subject === asked && !r.coolingOffUntil);
  const confirm = row ? { subject: row.subject, who: row.who, matters: await openMattersIn(context.shop, row.subject, lang) } : null;
  return { ...rows, confirm, messages: routeMessages(request, "privacy") };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const admin = await requirePermission(request, context, "erase");
  const form = await readPageForm(request, adminErasureForm, { pageFields: ["confirmed"] });
  if (!form.ok) return form.answer;
  const subject = form.value.subject;
  // Only the confirmation's "Yes" erases: a press anywhere else opens the confirmation first.
  if (form.value.confirmed !== "yes") return redirect(`/admin/privacy?${new URLSearchParams({ confirm: subject })}#erase-confirm`, { status: 303 });
  try {
    await context.shop.privacy.erase(subject, { kind: "admin", id: admin.id, name: admin.name });
  } catch (err) {
    if (isRuleViolation(err)) return form.refuse(refusalText(languageOf(request), err), refusalStatus(err.status));
    throw err;
  }
  return redirect("/admin/privacy?erased=1", { status: 303 });
}

export default function AdminPrivacy() {
  const { open, done, confirm } = useLoaderData<typeof loader>();
  const refused = refusalOf(useActionData<typeof action>());
  const [params] = useSearchParams();
  const busy = useNavigation().state === "submitting";
  const t = useT();
  const byWord = (by: string) => t(by === "parent" ? "privacy:admin.byParent" : by === "guest" ? "privacy:admin.byGuest" : "privacy:admin.byShop");
  return (
    <section aria-labelledby="privacy-admin-title" className="admin-privacy">
      <h1 id="privacy-admin-title">{t("privacy:admin.title")}</h1>
      <p>{t("privacy:admin.intro")}</p>
      {params.has("erased") ? (
        <p className="success-box" role="status">
          {t("privacy:admin.erasedOk")}
        </p>
      ) : null}
      <FormMessage result={refused} />
      {confirm ? (
        <ErasureConfirm title={t("privacy:admin.confirmTitle", { who: confirm.who })} what={[t("privacy:admin.confirmWhat")]} matters={confirm.matters}>
          <Form method="post">
            <input type="hidden" name="subject" value={confirm.subject} />
            <input type="hidden" name="confirmed" value="yes" />
            <button type="submit" className="danger" disabled={busy}>
              {t("privacy:admin.confirmYes", { who: confirm.who })}
            </button>{" "}
            <Link to="/admin/privacy">{t("privacy:admin.confirmNo")}</Link>
          </Form>
        </ErasureConfirm>
      ) : null}
      {open.length === 0 ? (
        <p>{t("privacy:admin.none")}</p>
      ) : (
        <TableScroll label={t("privacy:admin.title")}>
          <table data-testid="erasure-requests">
            <thead>
              <tr>
                <th scope="col">{t("privacy:admin.person")}</th>
                <th scope="col">{t("privacy:admin.by")}</th>
                <th scope="col">{t("privacy:admin.asked")}</th>
                <th scope="col">{t("privacy:admin.due")}</th>
                <th scope="col">
                  <span className="visually-hidden">{t("privacy:admin.erase")}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {open.map((row) => (
                <tr key={row.subject} className={row.overdue ? "late" : undefined}>
                  <th scope="row">{row.who}</th>
                  <td>{byWord(row.by)}</td>
                  <td>{row.requestedAt}</td>
                  <td>
                    {row.dueBy}
                    {row.overdue ? <strong className="late-note"> {t("privacy:admin.overdue")}</strong> : null}
                  </td>
                  <td>
                    {row.coolingOffUntil ? (
                      <span data-testid="cooling-off">{t("privacy:admin.coolingOff", { date: row.coolingOffUntil })}</span>
                    ) : (
                      // A plain GET to the confirmation: nothing is erased until its "Yes" (decision 248).
                      <Form method="get" action="/admin/privacy#erase-confirm">
                        <input type="hidden" name="confirm" value={row.subject} />
                        <button type="submit" className="danger">
                          {t("privacy:admin.erase")}
                        </button>
                      </Form>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
      <h2>{t("privacy:admin.done")}</h2>
      <ul>
        {done.map((row) => (
          <li key={row.subject}>
            {row.who} · {t("privacy:admin.erasedAt")} {row.erasedAt}
          </li>
        ))}
      </ul>
    </section>
  );
}
