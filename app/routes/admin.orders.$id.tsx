import { data, redirect, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, isRouteErrorResponse, useActionData, useLoaderData, useNavigation, useRouteError } from "@remix-run/react";
import { orderAsOf, parseRevision, safeDashboardBack } from "../../domain/admin-orders";
import { PAYMENT_STEP_FORM_LIMITS, paymentStepForm } from "../../domain/forms/admin-payments";
import { deliveryLine } from "../../domain/orders/describe";
import { REFUND_METHODS } from "../../domain/orders/events";
import { displayOrderId, foldOrder, type OrderState } from "../../domain/orders/order";
import { paymentStanding } from "../../domain/orders/payment";
import { formatRupees } from "../../domain/money";
import type { Language } from "../../domain/i18n";
import { requireAdmin } from "../auth/session.server";
import { adminTime, runPaymentStep } from "../admin/orders.server";
import { describeOrderEventIn } from "../admin/describe.server";
import { TableScroll } from "../components/TableScroll";
import { readPageForm, refusalStatus, type FormResult } from "../forms/form.server";
import { FieldMessage, FormMessage, fieldProps } from "../forms/messages";
import { Message, metaT, useT, type T } from "../i18n/I18n";
import { languageOf, routeMessages, serverT } from "../i18n/i18n.server";
import { refusalByPatternIn } from "../i18n/refusal-patterns.server";
import paymentStyles from "../styles/admin-payments.css?url";
import type { ReactNode } from "react";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: paymentStyles }];

const PAYMENT_STEPS = ["confirm", "reject", "cash", "refund"] as const;
type PaymentStepName = (typeof PAYMENT_STEPS)[number];

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  const t = metaT(matches);
  return [{ title: data ? t("admin:order.metaTitle", { id: data.displayId }) : t("admin:order.notFoundMetaTitle") }];
};

function snapshot(state: OrderState & { exists: true }, t: T, lang: Language) {
  const p = state.placed;
  const who =
    p.customer.kind === "user"
      ? t("admin:order.customerUser", { name: p.customer.name, userId: p.customer.userId ?? "" })
      : t("admin:order.customerGuest", { name: p.customer.name });
  return {
    status: state.status,
    paymentStanding: paymentStanding(state.payment),
    deleted: state.deleted,
    customer: [who, p.customer.phone, p.customer.email].filter(Boolean).join(", "),
    address: deliveryLine(p.address),
    lines: p.lines.map((line) => ({
      key: `${line.productId}|${line.size}|${line.school}`,
      name: line.name,
      size: line.size,
      school: line.school,
      quantity: line.quantity,
      unitPrice: formatRupees(line.unitPrice),
      lineTotal: formatRupees(line.unitPrice * line.quantity),
    })),
    total: formatRupees(p.total),
    placedAt: adminTime(p.placedAt, lang),
    payment: paymentFacts(state, lang),
  };
}

/** The order's money as the page shows it: what it is made of, what came in and went back, the reference to check. */
function paymentFacts(state: OrderState & { exists: true }, lang: Language) {
  const { payment, placed } = state;
  const refundable = payment.paid - payment.refunded;
  return {
    method: payment.method,
    standing: paymentStanding(payment),
    subtotal: formatRupees(placed.subtotal),
    discountPercent: placed.discountPercent,
    discount: placed.discount > 0 ? formatRupees(placed.discount) : null,
    delivery: formatRupees(placed.delivery),
    freeDelivery: placed.delivery === 0,
    due: formatRupees(payment.due),
    paid: formatRupees(payment.paid),
    refunded: formatRupees(payment.refunded),
    refundable,
    refundableText: formatRupees(refundable),
    reported: payment.reported ? { reference: payment.reported.reference, at: adminTime(payment.reported.at, lang) } : null,
    reference: payment.reference ?? null,
    // What the owner may do next; the decider still judges each step when it is sent.
    steps: {
      confirm: payment.paid === 0 && (payment.method === "upi" || payment.reported !== undefined),
      reject: payment.reported !== undefined,
      cash: payment.method === "cod" && payment.paid === 0,
      refund: refundable > 0,
    } satisfies Record<PaymentStepName, boolean>,
  };
}

/**
 * The audit trail: every event of the order's stream, in order, read from the event store
 * itself (not a read model). ?at=<revision> folds the stream up to that event with the
 * order decider's evolve: the order exactly as it stood then (decision 052).
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await requireAdmin(request, context.shop);
  const lang = languageOf(request);
  const t = serverT(lang);
  const url = new URL(request.url);
  const back = safeDashboardBack(url.searchParams.get("back"));
  const trail = await context.shop.orders.getOrderTrail(params.id ?? "");
  if (trail.length === 0) throw data({ message: t("admin:order.noSuchOrder"), back }, { status: 404 });
  const at = parseRevision(url.searchParams.get("at"));
  const stateNow = foldOrder(trail);
  const stateThen = at === undefined ? stateNow : at === "invalid" ? undefined : orderAsOf(trail, at);
  if (!stateThen || !stateThen.exists || !stateNow.exists) {
    throw data({ message: t("admin:order.noSuchEvent"), back }, { status: 404 });
  }
  const orderId = stateNow.placed.orderId;
  const base = `/admin/orders/${orderId}`;
  const keep = back === "/admin" ? "" : `back=${encodeURIComponent(back)}`;
  const hrefAt = (revision?: number) => {
    const query = [revision === undefined ? "" : `at=${revision}`, keep].filter(Boolean).join("&");
    return query ? `${base}?${query}` : base;
  };
  const latest = trail[trail.length - 1].revision;
  const saved = url.searchParams.get("saved");
  return {
    messages: routeMessages(request, "payment"),
    saved: [...PAYMENT_STEPS, "none" as const].find((step) => step === saved) ?? null,
    orderId,
    displayId: displayOrderId(orderId),
    back,
    nowHref: hrefAt(),
    at: at === undefined || at === latest ? null : at,
    atWhen: at === undefined ? null : adminTime(trail.find((e) => e.revision === at)!.at, lang),
    order: snapshot(stateThen, t, lang),
    events: trail.map((event) => ({
      revision: event.revision,
      when: adminTime(event.at, lang),
      whenIso: event.at.toISOString(),
      ...describeOrderEventIn(t, event),
      href: hrefAt(event.revision === latest ? undefined : event.revision),
      current: at === undefined ? event.revision === latest : event.revision === at,
    })),
  };
}

/**
 * A payment step from the order's Payment section: confirm, reject, cash collected or refund,
 * by the signed-in admin. Post, redirect, get, with JavaScript on or off: the page comes back
 * at its Payment section with what was recorded; a refusal comes back beside its form, in the
 * page's language.
 */
export async function action({ request, context, params }: ActionFunctionArgs) {
  const admin = await requireAdmin(request, context.shop);
  const form = await readPageForm(request, paymentStepForm, PAYMENT_STEP_FORM_LIMITS);
  if (!form.ok) return form.answer;
  const orderId = (params.id ?? "").trim().toLowerCase();
  const outcome = await runPaymentStep(context.shop, admin, orderId, form.value);
  if (!outcome.ok) return form.refuse(refusalByPatternIn(languageOf(request), "admin", outcome.message), refusalStatus(outcome.status));
  const query = new URLSearchParams({ saved: outcome.changed ? form.value.intent : "none" });
  const back = safeDashboardBack(form.value.back);
  if (back !== "/admin") query.set("back", back);
  return redirect(`/admin/orders/${orderId}?${query}#payment`);
}

type Payment = ReturnType<typeof useLoaderData<typeof loader>>["order"]["payment"];

/** One payment step's form: its refusal beside it, the dashboard view to go back to kept. */
function StepForm({
  step,
  back,
  result,
  busy,
  text,
  danger,
  children,
}: {
  step: PaymentStepName;
  back: string;
  result: FormResult | undefined;
  busy: boolean;
  text: string;
  danger?: boolean;
  children?: ReactNode;
}) {
  const t = useT();
  return (
    <Form method="post" className={`payment-step payment-step-${step}`} aria-labelledby={`${step}-title`} preventScrollReset>
      <h3 id={`${step}-title`}>{t(`admin:payments.${step}.title`)}</h3>
      <p className="hint">{text}</p>
      <input type="hidden" name="intent" value={step} />
      <input type="hidden" name="back" value={back} />
      <FormMessage result={result} />
      {children}
      <button type="submit" className={danger ? "danger" : "primary"} disabled={busy}>
        {t(`admin:payments.${step}.submit`)}
      </button>
    </Form>
  );
}

function TextField({
  step,
  name,
  label,
  result,
  required,
  inputMode,
  maxLength,
  defaultValue,
}: {
  step: PaymentStepName;
  name: "reference" | "note" | "amount";
  label: string;
  result: FormResult | undefined;
  required?: boolean;
  inputMode?: "numeric";
  maxLength: number;
  defaultValue?: string;
}) {
  const id = `${step}-${name}`;
  return (
    <div className="form-field">
      <label htmlFor={id}>{label}</label>
      <input
        {...fieldProps(result, name)}
        id={id}
        name={name}
        required={required}
        inputMode={inputMode}
        maxLength={maxLength}
        defaultValue={defaultValue}
        autoComplete="off"
        className={name === "reference" ? "upi-reference-input" : undefined}
      />
      <FieldMessage result={result} name={name} />
    </div>
  );
}

function PaymentSection({ payment, live, back, deleted }: { payment: Payment; live: boolean; back: string; deleted: boolean }) {
  const t = useT();
  const answer = useActionData<typeof action>();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const sent = answer ? (answer.result.initialValue?.intent as string | undefined) : undefined;
  const resultFor = (step: PaymentStepName) => (sent === step ? answer?.result : undefined);
  const { maxLength } = PAYMENT_STEP_FORM_LIMITS;
  const steps: Record<PaymentStepName, boolean> = live && !deleted ? payment.steps : { confirm: false, reject: false, cash: false, refund: false };
  return (
    <section id="payment" aria-labelledby="payment-title" className="order-payment">
      <h2 id="payment-title">{t("admin:payments.title")}</h2>
      {/* A refusal whose form is gone (the step was done meanwhile, in another tab) still shows, at the section's top. */}
      {answer && !PAYMENT_STEPS.some((step) => step === sent && steps[step]) ? <FormMessage result={answer.result} /> : null}
      <dl className="payment-facts">
        <dt>{t("admin:payments.method")}</dt>
        <dd data-field="payment-method">{t(`payment:method.${payment.method}`)}</dd>
        <dt>{t("admin:payments.standing")}</dt>
        <dd data-field="payment-standing">
          <span className={`status-badge payment-${payment.standing.replace(" ", "-")}`}>{t(`payment:standing.${payment.standing}`)}</span>
        </dd>
        <dt>{t("admin:payments.subtotal")}</dt>
        <dd data-field="subtotal">{payment.subtotal}</dd>
        {payment.discount ? (
          <>
            <dt>{t("admin:payments.offer", { percent: payment.discountPercent })}</dt>
            <dd data-field="discount">-{payment.discount}</dd>
          </>
        ) : null}
        <dt>{t("admin:payments.delivery")}</dt>
        <dd data-field="delivery">{payment.freeDelivery ? t("admin:payments.free") : payment.delivery}</dd>
        <dt>{t("admin:payments.due")}</dt>
        <dd data-field="amount-due">{payment.due}</dd>
        <dt>{t("admin:payments.paid")}</dt>
        <dd data-field="amount-paid">{payment.paid}</dd>
        <dt>{t("admin:payments.refunded")}</dt>
        <dd data-field="amount-refunded">{payment.refunded}</dd>
        {payment.reference && !payment.reported ? (
          <>
            <dt>{t("admin:payments.confirmedReference")}</dt>
            <dd>
              <code className="upi-reference small" data-field="confirmed-reference">
                {payment.reference}
              </code>
            </dd>
          </>
        ) : null}
      </dl>
      {payment.reported ? (
        <div className="reported-reference">
          <p>{t("admin:payments.reported", { when: payment.reported.at })}</p>
          <p>
            <code className="upi-reference" data-field="reported-reference">
              {payment.reported.reference}
            </code>
          </p>
          {live ? <p className="hint">{t("admin:payments.checkHint", { amount: payment.due })}</p> : null}
        </div>
      ) : null}
      <div className="payment-steps">
        {steps.confirm ? (
          <StepForm step="confirm" back={back} result={resultFor("confirm")} busy={busy} text={t("admin:payments.confirm.text", { amount: payment.due })}>
            {payment.reported ? null : (
              <TextField step="confirm" name="reference" label={t("admin:payments.confirm.reference")} result={resultFor("confirm")} inputMode="numeric" maxLength={maxLength.reference} />
            )}
            <TextField step="confirm" name="note" label={t("admin:payments.note")} result={resultFor("confirm")} maxLength={maxLength.note} />
          </StepForm>
        ) : null}
        {steps.reject ? (
          <StepForm step="reject" back={back} result={resultFor("reject")} busy={busy} text={t("admin:payments.reject.text")} danger>
            <TextField step="reject" name="note" label={t("admin:payments.reject.note")} result={resultFor("reject")} required maxLength={maxLength.note} />
          </StepForm>
        ) : null}
        {steps.cash ? (
          <StepForm step="cash" back={back} result={resultFor("cash")} busy={busy} text={t("admin:payments.cash.text", { amount: payment.due })} />
        ) : null}
        {steps.refund ? (
          <StepForm step="refund" back={back} result={resultFor("refund")} busy={busy} text={t("admin:payments.refund.text", { amount: payment.refundableText })} danger>
            <TextField step="refund" name="amount" label={t("admin:payments.refund.amount")} result={resultFor("refund")} required inputMode="numeric" maxLength={maxLength.amount} />
            <div className="form-field">
              <label htmlFor="refund-method">{t("admin:payments.refund.method")}</label>
              <select id="refund-method" name="method" defaultValue={payment.method === "upi" ? "upi" : "cash"} {...fieldProps(resultFor("refund"), "method")}>
                {REFUND_METHODS.map((method) => (
                  <option key={method} value={method}>
                    {t(`payment:event.refundMethod.${method}`)}
                  </option>
                ))}
              </select>
              <FieldMessage result={resultFor("refund")} name="method" />
            </div>
            <TextField step="refund" name="reference" label={t("admin:payments.refund.reference")} result={resultFor("refund")} inputMode="numeric" maxLength={maxLength.reference} />
            <TextField step="refund" name="note" label={t("admin:payments.note")} result={resultFor("refund")} maxLength={maxLength.note} />
          </StepForm>
        ) : null}
      </div>
    </section>
  );
}

export default function OrderTrail() {
  const { displayId, orderId, back, order, events, at, atWhen, nowHref, saved } = useLoaderData<typeof loader>();
  const t = useT();
  return (
    <section className="order-trail" aria-labelledby="trail-title">
      <p>
        <Link to={back}>{t("admin:order.back")}</Link>
      </p>
      <h1 id="trail-title">{t("admin:order.title", { id: displayId })}</h1>
      <p className="muted">{t("admin:order.orderId", { id: orderId })}</p>
      {saved && at === null ? (
        <p className="notice" role="status">
          {t(`admin:payments.saved.${saved}`)}
        </p>
      ) : null}

      <section aria-labelledby="snapshot-title" className={`order-snapshot${at !== null ? " past" : ""}`}>
        {at !== null ? (
          <>
            <h2 id="snapshot-title">{t("admin:order.then", { at })}</h2>
            <p className="notice" role="status">
              <Message
                id="admin:order.timeTravel"
                values={{ when: atWhen, at, link: <Link to={nowHref}>{t("admin:order.backToNow")}</Link> }}
              />
            </p>
          </>
        ) : (
          <h2 id="snapshot-title">{t("admin:order.now")}</h2>
        )}
        <dl className="snapshot-facts">
          <dt>{t("admin:order.status")}</dt>
          <dd data-field="status">{t(`account:status.${order.status}`)}</dd>
          <dt>{t("admin:order.paymentStatus")}</dt>
          <dd data-field="payment-status">{t(`payment:standing.${order.paymentStanding}`)}</dd>
          <dt>{t("admin:order.deleted")}</dt>
          <dd data-field="deleted">{order.deleted ? t("admin:order.yes") : t("admin:order.no")}</dd>
          <dt>{t("admin:order.placed")}</dt>
          <dd>{order.placedAt}</dd>
          <dt>{t("admin:order.customer")}</dt>
          <dd>{order.customer}</dd>
          <dt>{t("admin:order.address")}</dt>
          <dd data-field="address">{order.address}</dd>
          <dt>{t("admin:order.total")}</dt>
          <dd data-field="total">{order.total}</dd>
        </dl>
        <TableScroll label={t("admin:order.lines")}>
          <table aria-label={t("admin:order.lines")}>
            <thead>
              <tr>
                <th scope="col">{t("admin:order.item")}</th>
                <th scope="col">{t("admin:order.size")}</th>
                <th scope="col">{t("admin:order.school")}</th>
                <th scope="col">{t("admin:order.quantity")}</th>
                <th scope="col">{t("admin:order.price")}</th>
                <th scope="col">{t("admin:order.total")}</th>
              </tr>
            </thead>
            <tbody>
              {order.lines.map((line) => (
                <tr key={line.key}>
                  <td>{line.name}</td>
                  <td>{line.size}</td>
                  <td>{line.school}</td>
                  <td>{line.quantity}</td>
                  <td>{line.unitPrice}</td>
                  <td>{line.lineTotal}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      </section>

      <PaymentSection payment={order.payment} live={at === null} back={back} deleted={order.deleted} />

      <h2>{t("admin:order.history")}</h2>
      <TableScroll label={t("admin:order.historyTable")}>
        <table aria-label={t("admin:order.historyTable")} className="trail-table">
          <thead>
            <tr>
              <th scope="col">{t("admin:order.number")}</th>
              <th scope="col">{t("admin:order.what")}</th>
              <th scope="col">{t("admin:order.when")}</th>
              <th scope="col">{t("admin:order.by")}</th>
              <th scope="col">{t("admin:order.status")}</th>
              <th scope="col">{t("admin:order.details")}</th>
              <th scope="col">{t("admin:order.timeTravelColumn")}</th>
            </tr>
          </thead>
          <tbody>
            {events.map((event) => (
              <tr key={event.revision} data-revision={event.revision} aria-current={event.current ? "true" : undefined}>
                <td>{event.revision}</td>
                <td>{event.what}</td>
                <td>
                  <time dateTime={event.whenIso}>{event.when}</time>
                </td>
                <td>{event.by}</td>
                <td>{event.change}</td>
                <td>{event.details}</td>
                <td>
                  {event.current ? (
                    <span>{t("admin:order.shownAbove")}</span>
                  ) : (
                    <Link to={event.href} preventScrollReset>
                      {t("admin:order.viewAt", { at: event.revision })}
                    </Link>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
    </section>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const body = isRouteErrorResponse(error) ? (error.data as { message?: string; back?: string } | undefined) : undefined;
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  const t = useT();
  return (
    <section className="error-page">
      <h1>{notFound ? t("admin:order.notFound") : t("admin:order.fault")}</h1>
      <p>{body?.message ?? t("admin:order.faultText")}</p>
      <p>
        <a className="button" href={body?.back ?? "/admin"}>
          {t("admin:nav.backToOrders")}
        </a>
      </p>
    </section>
  );
}
