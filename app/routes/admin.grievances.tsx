import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData, Link } from "@remix-run/react";
import { requirePermission } from "../admin/guard.server";
import { deskRow, type DeskRow } from "../grievance/tickets.server";
import { TableScroll } from "../components/TableScroll";
import { metaT, useT, type T } from "../i18n/I18n";
import { languageOf, routeMessages } from "../i18n/i18n.server";

export const meta: MetaFunction = ({ matches }) => [{ title: metaT(matches)("grievance:admin.metaTitle") }];

/** The grievance desk (decision 129): open complaints, the oldest first, each with its two deadlines; then the latest resolved. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requirePermission(request, context, "messages");
  const lang = languageOf(request);
  const now = new Date();
  const { open, resolved } = await context.shop.grievances.desk();
  return {
    open: open.map((row) => deskRow(row, lang, now)),
    resolved: resolved.map((row) => deskRow(row, lang, now)),
    messages: routeMessages(request, "grievance"),
  };
}

function lateText(t: T, late: DeskRow["late"]): string | null {
  if (late === "acknowledge") return t("grievance:admin.lateAcknowledge");
  if (late === "resolve") return t("grievance:admin.lateResolve");
  return null;
}

export default function GrievanceDesk() {
  const { open, resolved } = useLoaderData<typeof loader>();
  const t = useT();
  return (
    <section aria-labelledby="desk-title" className="admin-grievances">
      <h1 id="desk-title">{t("grievance:admin.title")}</h1>
      <p>{t("grievance:admin.intro")}</p>
      <h2 id="desk-open">{t("grievance:admin.open")}</h2>
      {open.length === 0 ? (
        <p>{t("grievance:admin.none")}</p>
      ) : (
        <TableScroll label={t("grievance:admin.open")}>
          <table aria-labelledby="desk-open" data-testid="open-grievances">
            <thead>
              <tr>
                <th scope="col">{t("grievance:admin.number")}</th>
                <th scope="col">{t("grievance:admin.who")}</th>
                <th scope="col">{t("grievance:admin.topic")}</th>
                <th scope="col">{t("grievance:admin.stage")}</th>
                <th scope="col">{t("grievance:admin.filed")}</th>
                <th scope="col">{t("grievance:admin.acknowledgeBy")}</th>
                <th scope="col">{t("grievance:admin.resolveBy")}</th>
              </tr>
            </thead>
            <tbody>
              {open.map((row) => (
                <tr key={row.ticketId} className={row.late ? "late" : undefined}>
                  <th scope="row">
                    <Link to={`/admin/grievances/${row.ticketId}`}>{row.number}</Link>
                  </th>
                  <td>
                    {row.name} ({t(row.kind === "guest" ? "grievance:admin.guest" : "grievance:admin.account")})
                  </td>
                  <td>{t(`grievance:form.topics.${row.topic}`)}</td>
                  <td>
                    {t(`grievance:ticket.stages.${row.stage}`)}
                    {row.late ? <strong className="late-note"> {lateText(t, row.late)}</strong> : null}
                  </td>
                  <td>{row.filedAt}</td>
                  <td>{row.stage === "open" ? row.acknowledgeBy : "✓"}</td>
                  <td>{row.resolveBy}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
      <h2 id="desk-resolved">{t("grievance:admin.resolved")}</h2>
      {resolved.length === 0 ? (
        <p>{t("grievance:admin.noneResolved")}</p>
      ) : (
        <ul>
          {resolved.map((row) => (
            <li key={row.ticketId}>
              <Link to={`/admin/grievances/${row.ticketId}`}>{row.number}</Link> · {row.name} · {row.resolvedAt}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
