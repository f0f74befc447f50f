import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useLoaderData, useNavigation, useSearchParams } from "@remix-run/react";
import { adminErasureForm } from "../../domain/forms/privacy";
import { requirePermission } from "../admin/guard.server";
import { TableScroll } from "../components/TableScroll";
import { readPageForm } from "../forms/form.server";
import { metaT, useT } from "../i18n/I18n";
import { languageOf, routeMessages } from "../i18n/i18n.server";
import { erasureRows } from "../privacy/admin.server";

export const meta: MetaFunction = ({ matches }) => [{ title: metaT(matches)("privacy:admin.title") }];

/** Erasure requests with their deadline (decision 121): the admin erases a person here, and the parent is texted. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requirePermission(request, context, "erase");
  return { ...(await erasureRows(context.shop, languageOf(request), new Date())), messages: routeMessages(request, "privacy") };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const admin = await requirePermission(request, context, "erase");
  const form = await readPageForm(request, adminErasureForm);
  if (!form.ok) return form.answer;
  await context.shop.privacy.erase(form.value.subject, { kind: "admin", id: admin.id, name: admin.name });
  return redirect("/admin/privacy?erased=1", { status: 303 });
}

export default function AdminPrivacy() {
  const { open, done } = useLoaderData<typeof loader>();
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
                    <Form method="post">
                      <input type="hidden" name="subject" value={row.subject} />
                      <button type="submit" className="danger" disabled={busy}>
                        {t("privacy:admin.erase")}
                      </button>
                    </Form>
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
