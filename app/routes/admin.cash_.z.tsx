import { data, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, isRouteErrorResponse, useLoaderData } from "@remix-run/react";
import { DAY } from "../../domain/cash/drawer";
import { COUNTER_NAME } from "../../domain/counter/sale";
import { requirePermission } from "../admin/guard.server";
import { zReportView } from "../admin/cash.server";
import { metaT, useT } from "../i18n/I18n";
import { languageOf, routeMessages, serverT } from "../i18n/i18n.server";
import printStyles from "../styles/print.css?url";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: printStyles }];

export const meta: MetaFunction<typeof loader> = ({ data: page, matches, error }) => {
  // A report that cannot be shown brought no words of its own: its message is the title.
  if (error || !page) return [{ title: (isRouteErrorResponse(error) ? (error.data as { message?: string } | undefined)?.message : undefined) ?? "Z" }];
  return [{ title: metaT(matches)("cash:z.title") }];
};

/**
 * A closed drawer's Z report (decision 211), on the 80 mm roll (`paper=receipt`) or A4, in the page's language: the
 * figures the close was made with, which are the day's bills summed, and the people who opened and closed it. The
 * page is the print view, as the tax documents' (app/styles/print.css).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requirePermission(request, context, "drawer");
  const lang = languageOf(request);
  const t = serverT(lang);
  const url = new URL(request.url);
  const counter = url.searchParams.get("counter") ?? "";
  const day = url.searchParams.get("day") ?? "";
  const paper = url.searchParams.get("paper") === "receipt" ? "receipt" : "a4";
  if (!COUNTER_NAME.test(counter) || !DAY.test(day) || Number.isNaN(Date.parse(day))) {
    throw data({ message: t("cash:z.notClosed", { counter: counter.slice(0, 20), day: day.slice(0, 10) }) }, { status: 404 });
  }
  const drawer = await context.shop.orders.drawerDay(counter, day);
  if (!drawer.closed) throw data({ message: t("cash:z.notClosed", { counter, day }) }, { status: 404 });
  return {
    paper,
    shopName: context.shop.config.shopName,
    report: zReportView(drawer.closed, drawer.opened, lang, t("cash:takings.total")),
    messages: routeMessages(request, "cash"),
  };
}

export default function ZReport() {
  const { paper, shopName, report } = useLoaderData<typeof loader>();
  const t = useT();
  const href = (p: string) => `/admin/cash/z?${new URLSearchParams({ counter: report.counter, day: report.day, paper: p }).toString()}`;
  const back = `/admin/cash?${new URLSearchParams({ counter: report.counter, day: report.day }).toString()}`;
  const line = (label: string, value: string | number) => (
    <>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </>
  );
  return (
    <section className={`print-view paper-${paper}`}>
      <div className="print-controls" role="region" aria-labelledby="z-controls">
        <h1 id="z-controls">{t("cash:z.title")}</h1>
        <p className="print-choices">
          <span>
            {t("cash:z.paper")}:{" "}
            {paper === "a4" ? <strong aria-current="page">{t("cash:z.a4")}</strong> : <Link to={href("a4")} reloadDocument>{t("cash:z.a4")}</Link>} ·{" "}
            {paper === "receipt" ? <strong aria-current="page">{t("cash:z.receipt")}</strong> : <Link to={href("receipt")} reloadDocument>{t("cash:z.receipt")}</Link>}
          </span>
        </p>
        <p>
          <Link to={back}>{t("cash:z.back")}</Link>
        </p>
      </div>
      <article className="print-doc z-report" aria-labelledby="z-title">
        <header className="print-head">
          <p className="print-shop-name">{shopName}</p>
          <h2 id="z-title">{t("cash:z.title")}</h2>
          <p className="print-number">
            {t("cash:z.counter", { counter: report.counter })} · {report.day}
          </p>
        </header>
        <dl className="z-figures">
          {line(t("cash:z.openedBy"), report.openedBy)}
          {line(t("cash:z.opening"), report.opening)}
          {line(t("cash:z.cashSales"), report.cashSales)}
          {line(t("cash:z.cashRefunds"), report.cashRefunds)}
          {line(t("cash:z.codCash"), report.codCash)}
          {line(t("cash:z.expected"), report.expected)}
          {line(t("cash:z.counted"), report.counted)}
          {line(t("cash:z.difference"), report.standing === "exact" ? t("cash:closed.exact") : t(`cash:closed.${report.standing}`, { amount: report.differenceText }))}
          {report.reason ? line(t("cash:z.reason"), report.reason) : null}
          {line(t("cash:z.upiSales"), report.upiSales)}
          {line(t("cash:z.upiRefunds"), report.upiRefunds)}
          {line(t("cash:z.bills"), report.bills)}
        </dl>
        {report.people.length > 0 ? (
          <>
            <h3>{t("cash:z.people")}</h3>
            {report.people.map((p) => (
              <dl className="z-person" key={p.name}>
                <dt className="z-person-name">{p.name}</dt>
                <dd>
                  {t("cash:takings.bills")} {p.bills} · {t("cash:takings.cashSales")} {p.cashSales} · {t("cash:takings.upiSales")} {p.upiSales} ·{" "}
                  {t("cash:takings.cashRefunds")} {p.cashRefunds} · {t("cash:takings.upiRefunds")} {p.upiRefunds}
                </dd>
              </dl>
            ))}
          </>
        ) : null}
        <p className="z-closed">
          {t("cash:z.closedBy")}: {report.by}, {report.at}
        </p>
      </article>
    </section>
  );
}

export { PrintErrorBoundary as ErrorBoundary } from "./admin.orders.print";
