import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { GatewayHandoffForm, PayOnlineButton } from "../components/PayOnline";
import { everyMessage, refusalOf } from "../forms/messages";
import { metaT, useT } from "../i18n/I18n";
import { languageOf, refusalIn, routeMessages } from "../i18n/i18n.server";
import { refusalText } from "../i18n/refusals.server";
import { donePath } from "../../domain/payments/online";
import { gatewayOrderIdIn, handOffToGateway, orderIdInAddress, readPayOnlineForm } from "../payments/online.server";
import cartStyles from "../styles/cart.css?url";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: cartStyles }];
export const meta: MetaFunction = ({ matches }) => [{ title: metaT(matches)("payment:online.handoffTitle") }, { name: "robots", content: "noindex" }];

/**
 * Only the press opens a gateway order: the address typed or reloaded shows the button again (nothing is opened
 * by a GET), or sends the parent back to the order when the gateway is not set up.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const orderId = orderIdInAddress(request);
  if (!orderId) throw new Response("No such order", { status: 404 });
  if (!context.shop.orders.gatewayOn) return redirect(donePath(orderId));
  return { messages: routeMessages(request, "payment"), orderId };
}

/**
 * The parent's "Pay online" (decision 222), from the order's page: the gateway order for what the order charges
 * is opened (or the one open for it used again), and the answer is the form to the gateway's hosted checkout:
 * pressed by the parent with JavaScript off, sent at once with it on. Refused with its reason in words when the
 * order is paid already, cancelled or cash on delivery, or when the gateway does not answer (503).
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const shop = context.shop;
  const lang = languageOf(request);
  const orderId = gatewayOrderIdIn(request, shop);
  const form = await readPayOnlineForm(request);
  if (!form.ok) {
    const refused = everyMessage(refusalOf(form.answer.data)).map((message) => refusalIn(lang, message));
    return data({ orderId, refused: refused.join(" "), retry: false, handoff: null }, { status: form.answer.init?.status ?? 400 });
  }
  const order = await shop.orders.getOrder(orderId);
  if (!order || order.deleted) throw new Response("No such order", { status: 404 });
  const answer = await handOffToGateway(shop, request, order);
  if (!answer.ok) return data({ orderId, refused: refusalText(lang, answer.refusal), retry: answer.status === 503, handoff: null }, { status: answer.status });
  return { orderId, refused: null, retry: false, handoff: answer.handoff };
}

export default function PayOnline() {
  const { orderId } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const t = useT();
  return (
    <section className="order-done" aria-labelledby="pay-online-title">
      <h1 id="pay-online-title">{t("payment:online.handoffTitle")}</h1>
      {answer?.handoff ? (
        <GatewayHandoffForm handoff={answer.handoff} />
      ) : (
        <>
          {answer?.refused ? (
            <p className="form-error" role="alert">
              {answer.refused}
            </p>
          ) : null}
          {/* Offered again only where pressing again can help: the gateway did not answer, or nothing was pressed yet. */}
          {!answer?.refused || answer.retry ? <PayOnlineButton orderId={orderId} /> : null}
        </>
      )}
      <p>
        <Link to={donePath(orderId)}>{t("payment:online.backToOrder")}</Link>
      </p>
    </section>
  );
}
