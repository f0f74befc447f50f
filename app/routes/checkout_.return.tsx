import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { isRuleViolation } from "../../domain/errors";
import { GatewayError } from "../../services/gateway/razorpay";
import { metaT, useT } from "../i18n/I18n";
import { languageOf, routeMessages } from "../i18n/i18n.server";
import { refusalText } from "../i18n/refusals.server";
import { donePath } from "../../domain/payments/online";
import { afterAnswer, gatewayOrderIdIn, orderIdInAddress, readGatewayAnswer } from "../payments/online.server";
import { refusal } from "../../domain/errors";
import cartStyles from "../styles/cart.css?url";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: cartStyles }];
export const meta: MetaFunction = ({ matches }) => [{ title: metaT(matches)("payment:online.returnTitle") }, { name: "robots", content: "noindex" }];

/** Nothing comes back here by a GET: the order's page says where its payment stands. */
export async function loader({ request }: LoaderFunctionArgs) {
  const orderId = orderIdInAddress(request);
  if (!orderId) throw new Response("No such order", { status: 404 });
  return { messages: routeMessages(request, "payment"), orderId };
}

/**
 * The gateway's hosted checkout sends the parent's browser back here with its answer, a form post from the
 * gateway's site (the edge lets exactly this address take one: server/request-guards.ts). The answer is believed
 * only once its signature fits the gateway order the shop opened for this order and the gateway's API says the
 * payment is captured (`returnFromCheckout`); then the parent goes on to the order's page, which shows it paid.
 * No cookie is needed or set: the browser of a cross-site post sends none. A forged answer is a 400 page that
 * records nothing; a failed payment, or one not captured yet, goes back to the order with a word on it.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const shop = context.shop;
  const lang = languageOf(request);
  const orderId = gatewayOrderIdIn(request, shop);
  const form = await readGatewayAnswer(request);
  const bad = () => data({ refused: refusalText(lang, refusal("gateway.badAnswer")) }, { status: 400 });
  if (!form.ok) return bad();
  const { razorpay_payment_id: paymentId, razorpay_order_id: gatewayOrderId, razorpay_signature: signature } = form.value;
  // The gateway's answer when the payment did not go through names no payment (only error[...] fields).
  if (!paymentId) return redirect(donePath(orderId, "failed"), 303);
  if (!gatewayOrderId || !signature) return bad();
  try {
    const outcome = await shop.orders.returnFromCheckout(orderId, { paymentId, gatewayOrderId, signature });
    return redirect(donePath(orderId, afterAnswer(outcome)), 303);
  } catch (err) {
    if (err instanceof GatewayError) {
      context.log.warn({ err }, "the parent came back from Razorpay, but Razorpay's API did not answer");
      return data({ refused: refusalText(lang, refusal("gateway.unavailableReturn")) }, { status: 503 });
    }
    if (isRuleViolation(err) && err.status === 404) throw new Response("No such order", { status: 404 });
    if (isRuleViolation(err)) return data({ refused: refusalText(lang, err) }, { status: 400 });
    throw err;
  }
}

export default function GatewayReturn() {
  const { orderId } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const t = useT();
  return (
    <section className="order-done" aria-labelledby="return-title">
      <h1 id="return-title">{t("payment:online.returnTitle")}</h1>
      {answer && "refused" in answer ? (
        <p className="form-error" role="alert">
          {answer.refused}
        </p>
      ) : null}
      <p>
        <Link to={donePath(orderId)}>{t("payment:online.backToOrder")}</Link>
      </p>
    </section>
  );
}
