import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData, Link } from "@remix-run/react";
import { requirePermission } from "../admin/guard.server";
import { chartListView } from "../admin/sizes.server";
import { TableScroll } from "../components/TableScroll";
import { metaT, useT } from "../i18n/I18n";
import { languageOf, routeMessages } from "../i18n/i18n.server";

export const meta: MetaFunction = ({ matches }) => [{ title: metaT(matches)("sizes:admin.title") }];

/** Every size chart the shop uses (decision 132): the owner's where changed, the starting one elsewhere. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requirePermission(request, context, "catalogue");
  return { charts: chartListView(await context.shop.sizes.list(), languageOf(request)), messages: routeMessages(request, "sizes") };
}

export default function AdminSizes() {
  const { charts } = useLoaderData<typeof loader>();
  const t = useT();
  return (
    // Not a named region: the table's scroll box is the page's one region of that name.
    <section className="admin-sizes">
      <h1 id="sizes-title">{t("sizes:admin.title")}</h1>
      <p>{t("sizes:admin.intro")}</p>
      <p>
        <Link to="/admin/sizes/exchanges">{t("sizes:admin.exchanges")}</Link>
      </p>
      <TableScroll label={t("sizes:admin.title")}>
        <table aria-label={t("sizes:admin.title")}>
          <thead>
            <tr>
              <th scope="col">{t("sizes:admin.kind")}</th>
              <th scope="col">{t("sizes:admin.rows")}</th>
              <th scope="col">{t("sizes:admin.changed")}</th>
              <th scope="col">{t("sizes:admin.edit")}</th>
            </tr>
          </thead>
          <tbody>
            {charts.map((chart) => (
              <tr key={chart.kind} data-kind={chart.kind}>
                <th scope="row">{t(`sizes:kind.${chart.kind}`)}</th>
                <td>{chart.sizes}</td>
                <td>{chart.changed ? t("sizes:admin.changedBy", chart.changed) : t("sizes:admin.starting")}</td>
                <td>
                  <Link to={`/admin/sizes/${chart.kind}`} aria-label={`${t("sizes:admin.edit")}: ${t(`sizes:kind.${chart.kind}`)}`}>
                    {t("sizes:admin.edit")}
                  </Link>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
    </section>
  );
}
