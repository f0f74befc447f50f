import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData, Link } from "@remix-run/react";
import { requirePermission } from "../admin/guard.server";
import { exchangesView } from "../admin/sizes.server";
import { TableScroll } from "../components/TableScroll";
import { metaT, useT } from "../i18n/I18n";
import { languageOf, routeMessages } from "../i18n/i18n.server";

export const meta: MetaFunction = ({ matches }) => [{ title: metaT(matches)("sizes:admin.exchangesTitle") }];

/** What exchanges say about the charts (issue 34): per item and size, how many went back and for which size. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requirePermission(request, context, "catalogue");
  const [counts, charts] = await Promise.all([context.shop.sizes.exchanges(), context.shop.sizes.charts()]);
  return { kinds: exchangesView(counts, charts, languageOf(request)), messages: routeMessages(request, "sizes") };
}

export default function AdminSizeExchanges() {
  const { kinds } = useLoaderData<typeof loader>();
  const t = useT();
  return (
    <section className="admin-size-exchanges" aria-labelledby="exchanges-title">
      <p>
        <Link to="/admin/sizes">{t("sizes:admin.back")}</Link>
      </p>
      <h1 id="exchanges-title">{t("sizes:admin.exchangesTitle")}</h1>
      <p>{t("sizes:admin.exchangesIntro")}</p>
      {kinds.length === 0 ? <p>{t("sizes:admin.noExchanges")}</p> : null}
      {kinds.map((group) => {
        const item = t(`sizes:kind.${group.kind}`);
        return (
          <section key={group.kind} aria-labelledby={`exchanges-${group.kind}`}>
            <h2 id={`exchanges-${group.kind}`}>
              {item} ({group.units})
            </h2>
            <TableScroll label={item}>
              <table aria-label={item}>
                <thead>
                  <tr>
                    <th scope="col">{t("sizes:admin.product")}</th>
                    <th scope="col">{t("sizes:admin.fromSize")}</th>
                    <th scope="col">{t("sizes:admin.toSize")}</th>
                    <th scope="col">{t("sizes:admin.direction")}</th>
                    <th scope="col">{t("sizes:admin.units")}</th>
                    <th scope="col">{t("sizes:admin.times")}</th>
                  </tr>
                </thead>
                <tbody>
                  {group.lines.map((line) => (
                    <tr key={`${line.productId} ${line.fromSize} ${line.toSize}`}>
                      <th scope="row">{line.product}</th>
                      <td>{line.fromSize}</td>
                      <td>{line.toSize}</td>
                      <td>{t(`sizes:admin.${line.direction}`)}</td>
                      <td>{line.units}</td>
                      <td>{line.exchanges}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </TableScroll>
          </section>
        );
      })}
    </section>
  );
}
