import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { orderQuestionText, whatsappLink } from "../../domain/contact";
import { orderHandle, useShopContact } from "../components/ContactAddress";
import { normalisePhone } from "../../domain/phone";
import { formatRupees } from "../../domain/money";
import { describeItems } from "../../domain/orders/order";
import cartStyles from "../styles/cart.css?url";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: cartStyles }];
export const meta: MetaFunction = () => [{ title: "Track your order | Churu Uniform House" }, { name: "robots", content: "noindex" }];

const NOT_FOUND = "We could not find an order with that ID and mobile number.";
const dateTime = new Intl.DateTimeFormat("en-IN", { dateStyle: "medium", timeStyle: "short", timeZone: "Asia/Kolkata" });

const FIELD_LABEL: Record<string, string> = { status: "Status", payment_status: "Payment", deleted: "Order" };

/** Once an order is found the page is about it: a WhatsApp link on it names the order. */
export const handle = orderHandle<{ order?: { displayId: string } | null }>((data) => data?.order?.displayId);

/** Guest tracking: a GET form (order id + mobile number); both must match one order. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const orderId = (url.searchParams.get("orderId") ?? "").slice(0, 64);
  const phone = (url.searchParams.get("phone") ?? "").slice(0, 20);
  // The confirmation page and the order texts link here with the order number alone: the form
  // comes filled in, waiting for the mobile number, not with a complaint that it is missing.
  const asked = url.searchParams.has("phone");
  if (!asked) return { orderId, phone, error: null, order: null };
  if (!orderId.trim() || !phone.trim()) {
    return data({ orderId, phone, error: "Please enter your order ID and mobile number.", order: null }, { status: 400 });
  }
  const found = await context.shop.orders.findOrderForTracking(orderId, normalisePhone(phone));
  if (!found) return data({ orderId, phone, error: NOT_FOUND, order: null }, { status: 404 });
  const { order, history } = found;
  return {
    orderId,
    phone,
    error: null,
    order: {
      displayId: order.displayId,
      placedAt: dateTime.format(order.placedAt),
      status: order.status,
      paymentStatus: order.paymentStatus,
      total: order.total,
      items: describeItems(order.lines),
      city: order.address.city,
      history: history.map((entry) => ({
        key: entry.revision,
        label: FIELD_LABEL[entry.field] ?? entry.field,
        to: entry.to,
        at: dateTime.format(entry.at),
      })),
    },
  };
}

export default function TrackOrder() {
  const { orderId, phone, error, order } = useLoaderData<typeof loader>();
  const whatsapp = useShopContact()?.whatsapp;
  // Arrived with the number filled in: the mobile number is what is left to type.
  const waitingForPhone = Boolean(orderId) && !phone && !error && !order;
  return (
    <section aria-labelledby="track-title">
      <h1 id="track-title">Track your order</h1>
      <Form method="get" className="track-form">
        <label htmlFor="track-order">Order ID</label>
        <input id="track-order" name="orderId" defaultValue={orderId} autoComplete="off" maxLength={64} placeholder="e.g. 3F9A1C2E" />
        <label htmlFor="track-phone">Mobile number</label>
        <input id="track-phone" name="phone" type="tel" inputMode="numeric" defaultValue={phone} maxLength={20} autoFocus={waitingForPhone} />
        <button type="submit" className="primary">
          Track Order
        </button>
      </Form>
      {error ? (
        <p className="error-box" role="alert">
          {error}
        </p>
      ) : null}
      {order ? (
        <article aria-labelledby="tracked-title">
          <h2 id="tracked-title">Order {order.displayId}</h2>
          <p>
            Placed {order.placedAt} · Status: <span className="status" data-testid="tracked-status">{order.status}</span> · Payment:{" "}
            {order.paymentStatus === "paid" ? "paid" : "cash on delivery"}
          </p>
          <p>
            {order.items} · Total {formatRupees(order.total)} · Delivery to {order.city}
          </p>
          {whatsapp ? (
            <p>
              <a href={whatsappLink(whatsapp, orderQuestionText(order.displayId))}>Ask about this order on WhatsApp</a>
            </p>
          ) : null}
          <h3>Status history</h3>
          <ul className="history-list">
            {order.history.map((entry) => (
              <li key={entry.key}>
                {entry.at}: {entry.label} {entry.to}
              </li>
            ))}
          </ul>
        </article>
      ) : null}
    </section>
  );
}
