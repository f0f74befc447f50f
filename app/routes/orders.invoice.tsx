import { data, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { getShopper } from "../auth/session.server";
import { trackedOrder } from "../orders/tracked.server";
import { taxDocumentViewsIn } from "../admin/tax-print.server";
import { TaxDocument } from "../admin/components/TaxDocuments";
import { metaT, useT } from "../i18n/I18n";
import { languageOf, routeMessages, serverT } from "../i18n/i18n.server";
import printStyles from "../styles/print.css?url";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: printStyles }];
export const meta: MetaFunction = ({ matches }) => [{ title: metaT(matches)("tax:links.documents") }];

/**
 * A parent's tax invoice and credit notes (`?orderId=`, `&paper=receipt` for 80 mm): their own order when signed in,
 * or an order they looked up on the tracking page with its mobile number (its cookie is sent under /orders). Anyone
 * else, or an order with no invoice yet, is answered 404, so a number alone reveals nothing.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const shop = context.shop;
  const lang = languageOf(request);
  const url = new URL(request.url);
  const asked = (url.searchParams.get("orderId") ?? "").trim().slice(0, 64);
  const paper = url.searchParams.get("paper") === "receipt" ? "receipt" : "a4";
  const shopper = await getShopper(request, shop);
  let order = asked ? await shop.orders.getOrder(asked.toLowerCase()) : undefined;
  if (order && (order.deleted || !shopper || order.userId !== shopper.id)) order = undefined;
  if (!order && asked) {
    const tracked = await trackedOrder(request, shop, asked);
    order = tracked ? await shop.orders.getOrder(tracked.order.id) : undefined;
  }
  const documents = order ? await taxDocumentViewsIn(shop, lang, await shop.orders.taxDocuments(order.id), order.lines) : [];
  if (!order || documents.length === 0) throw data({ message: serverT(lang)("tax:links.none") }, { status: 404 });
  return {
    messages: routeMessages(request, "tax"),
    paper,
    orderId: order.id,
    buyer: { displayId: order.displayId, customerName: order.customerName, address: order.address },
    documents,
  };
}

export default function ParentInvoice() {
  const { paper, orderId, buyer, documents } = useLoaderData<typeof loader>();
  const t = useT();
  return (
    <section className={`print-view paper-${paper} doc-invoice`} aria-labelledby="invoice-title">
      {/* The page's own heading and the other paper: on the screen only (print.css leaves them off the paper). */}
      <div className="print-controls">
        <h1 id="invoice-title">{t("tax:links.title", { order: buyer.displayId })}</h1>
        <p>
          <a href={`/orders/invoice?orderId=${orderId}&paper=${paper === "a4" ? "receipt" : "a4"}`}>{t(paper === "a4" ? "tax:links.receipt" : "tax:links.a4")}</a>
        </p>
      </div>
      {documents.map((doc) => (
        <TaxDocument key={doc.number} doc={doc} buyer={buyer} orderId={orderId} />
      ))}
    </section>
  );
}
