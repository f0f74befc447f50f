import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { isRouteErrorResponse, useLoaderData, useRouteError } from "@remix-run/react";
import { printLoader } from "../admin/print.server";
import { Invoice, PackingSlip, PrintControls } from "../admin/components/PrintDocuments";
import { ReceiptPages } from "../admin/components/ReceiptPages";
import { metaT, useT } from "../i18n/I18n";
import printStyles from "../styles/print.css?url";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: printStyles }];

export const meta: MetaFunction<typeof loader> = ({ data, matches, error }) => {
  if (error || !data) {
    const message = isRouteErrorResponse(error) ? (error.data as { message?: string } | undefined)?.message : undefined;
    return [{ title: message ?? "Print" }];
  }
  const t = metaT(matches);
  const first = data.orders.length === 1 ? ` ${data.orders[0].displayId}` : "";
  return [{ title: `${t(`print:metaTitle.${data.doc}`)}${first}` }];
};

/**
 * Packing slips and invoices for a selection of orders (`?ids=<id>,<id>&doc=slip|invoice&paper=a4|receipt`),
 * and, through admin.orders.$id_.print.tsx, for one order. The page is the print view itself: the
 * stylesheet puts one order on each sheet and leaves the admin's controls off the paper.
 */
export const loader = (args: LoaderFunctionArgs) => printLoader(args);

export function PrintView() {
  const data = useLoaderData<typeof loader>();
  return (
    <section className={`print-view paper-${data.paper} doc-${data.doc}`}>
      {data.receiptPages ? <ReceiptPages href={data.receiptPages} /> : null}
      <PrintControls data={data} />
      {data.orders.map((order) =>
        data.doc === "invoice" ? <Invoice key={order.id} order={order} shop={data.shop} /> : <PackingSlip key={order.id} order={order} shop={data.shop} />,
      )}
    </section>
  );
}

export default PrintView;

export function PrintErrorBoundary() {
  const error = useRouteError();
  const t = useT();
  const body = isRouteErrorResponse(error) ? (error.data as { message?: string; problems?: string[] } | undefined) : undefined;
  return (
    <section className="error-page print-problems" data-status={isRouteErrorResponse(error) ? error.status : 500}>
      <h1>{body?.message ?? t("admin:order.fault")}</h1>
      {body?.problems?.length ? (
        <ul>
          {body.problems.map((problem) => (
            <li key={problem}>{problem}</li>
          ))}
        </ul>
      ) : (
        <p>{t("admin:order.faultText")}</p>
      )}
      <p>
        <a className="button" href="/admin">
          {t("admin:nav.backToOrders")}
        </a>
      </p>
    </section>
  );
}

export const ErrorBoundary = PrintErrorBoundary;
