import { data, redirect, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, isRouteErrorResponse, useActionData, useLoaderData, useNavigation, useRouteError } from "@remix-run/react";
import { orderAsOf, parseRevision, safeDashboardBack } from "../../domain/admin-orders";
import { PAYMENT_STEP_FORM_LIMITS } from "../../domain/forms/admin-payments";
import { AFTER_SALE_STEPS, ORDER_PAGE_FORM_LIMITS, isAfterSaleStep, orderPageForm } from "../../domain/forms/admin-returns";
import { DELIVERY_METHODS, RETURN_RECEIPTS } from "../../domain/orders/events";
import { refundFor, shortReturnId } from "../../domain/orders/returns";
import { returnLinesText } from "../../domain/orders/describe";
import { actorIn } from "../admin/describe.server";
import type { TrailEntry } from "../../services/orders";
import { returnRefusalIn, runAfterSaleStep } from "../admin/returns.server";
import { deliveryLine } from "../../domain/orders/describe";
import { REFUND_METHODS } from "../../domain/orders/events";
import { displayOrderId, foldOrder, type OrderState } from "../../domain/orders/order";
import { paymentStanding } from "../../domain/orders/payment";
import { formatRupees } from "../../domain/money";
import type { Language } from "../../domain/i18n";
import { requireAdmin } from "../auth/session.server";
import { adminTime, runPaymentStep } from "../admin/orders.server";
import { describeOrderEventIn } from "../admin/describe.server";
import { adminDirectory, withAdminNames } from "../admin/admins.server";
import { TableScroll } from "../components/TableScroll";
import { readPageForm, refusalStatus, type FormResult } from "../forms/form.server";
import { FieldMessage, FormMessage, everyMessage, fieldProps, typedValue } from "../forms/messages";
import { Message, metaT, useRefusal, useT, type T } from "../i18n/I18n";
import { languageOf, refusalTable, routeMessages, serverT } from "../i18n/i18n.server";
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
    // The lines as they stand: an exchange's new size is a line of its own at ₹0 (decision 103).
    lines: state.afterSale.lines.map((line, index) => ({
      key: `${index}|${line.productId}|${line.size}|${line.school}`,
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
 * Notes (newest first), delivery details and returns as they stood at the page's moment: read from
 * the same events as the trail, so time travel shows them as they were (decision 103).
 */
function afterSaleOf(
  state: OrderState & { exists: true },
  trail: readonly TrailEntry[],
  at: number | "invalid" | undefined,
  t: T,
  lang: Language,
) {
  const upTo = typeof at === "number" ? trail.filter((e) => e.revision <= at) : trail;
  const notes = upTo
    .filter((e) => e.type === "OrderNoteAdded")
    .map((e) => ({ revision: e.revision, text: e.type === "OrderNoteAdded" ? e.data.text : "", by: t("returns:admin.noteBy", { who: actorIn(t, e.data.actor), when: adminTime(e.at, lang) }) }))
    .reverse();
  const { afterSale, placed, payment } = state;
  const left = payment.paid - payment.refunded;
  const names = new Map(afterSale.lines.map((l) => [l.productId, l.name]));
  const returns = afterSale.returns.map((r) => ({
    returnId: r.returnId,
    shortId: shortReturnId(r.returnId),
    want: r.want,
    exchangeSize: r.exchangeSize ?? "",
    stage: r.stage,
    lines: returnLinesText(r.lines.map((l) => ({ ...l, productId: names.get(l.productId) ?? l.productId }))),
    reason: r.reason,
    note: r.note ?? "",
    asked: t("returns:admin.returnAsked", { who: actorIn(t, r.requestedBy), when: adminTime(r.requestedAt, lang) }),
    refund: r.want === "refund" ? refundFor(r.lines, { lines: placed.lines, subtotal: placed.subtotal, discount: placed.discount }, left) : 0,
    refunded: r.refunded === undefined ? null : formatRupees(r.refunded),
  }));
  const waiting = returns.find((r) => r.stage === "received" && r.want === "refund");
  return {
    notes,
    delivery: afterSale.delivery ?? null,
    returns: returns.map((r) => ({ ...r, refundText: formatRupees(r.refund) })),
    /** Whether money came in that a refund can give back (else the payment is recorded first). */
    refundable: left > 0,
    suggestedRefund: waiting && waiting.refund > 0 ? String(waiting.refund) : null,
    suggestedRefundNote: waiting ? t("returns:admin.refundNote", { id: waiting.shortId }) : null,
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
  const admins = await adminDirectory(context.shop);
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
  const names = new Map(stateNow.afterSale.lines.map((line) => [line.productId, line.name]));
  const nameOf = (productId: string) => names.get(productId) ?? productId;
  const saved = url.searchParams.get("saved");
  return {
    messages: routeMessages(request, "payment", "print", "returns"),
    // The after-sale forms' field rules speak English; a Hindi page shows them through this table.
    refusals: refusalTable(request, "returns"),
    saved: [...PAYMENT_STEPS, "none" as const].find((step) => step === saved) ?? null,
    done: AFTER_SALE_STEPS.find((step) => step === url.searchParams.get("done")) ?? null,
    afterSale: afterSaleOf(stateThen, trail, at, t, lang),
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
      ...describeOrderEventIn(t, withAdminNames(event, admins), nameOf),
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
  const form = await readPageForm(request, orderPageForm, ORDER_PAGE_FORM_LIMITS);
  if (!form.ok) return form.answer;
  const orderId = (params.id ?? "").trim().toLowerCase();
  const step = form.value;
  if (isAfterSaleStep(step)) {
    const done = await runAfterSaleStep(context.shop, admin, orderId, step);
    if (!done.ok) return form.refuse(returnRefusalIn(languageOf(request), done.message), refusalStatus(done.status));
    const query = new URLSearchParams({ done: step.intent });
    const back = safeDashboardBack(step.back);
    if (back !== "/admin") query.set("back", back);
    const section = step.intent === "note" ? "notes" : step.intent === "delivery" ? "delivery" : "returns";
    return redirect(`/admin/orders/${orderId}?${query}#${section}`);
  }
  const outcome = await runPaymentStep(context.shop, admin, orderId, step);
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

function PaymentSection({
  payment,
  live,
  back,
  deleted,
  suggestedRefund,
  suggestedRefundNote,
}: {
  payment: Payment;
  live: boolean;
  back: string;
  deleted: boolean;
  /** A received refund return's amount and a note naming it (decision 103): the refund form comes filled in with them. */
  suggestedRefund: string | null;
  suggestedRefundNote: string | null;
}) {
  const t = useT();
  const answer = useActionData<typeof action>();
  const refusal = useRefusal();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const sent = answer ? (answer.result.initialValue?.intent as string | undefined) : undefined;
  const resultFor = (step: PaymentStepName) => (sent === step ? answer?.result : undefined);
  const { maxLength } = PAYMENT_STEP_FORM_LIMITS;
  const steps: Record<PaymentStepName, boolean> = live && !deleted ? payment.steps : { confirm: false, reject: false, cash: false, refund: false };
  // A refusal whose form is gone (the step was done meanwhile, in another tab), or of no form at all, still shows, at the section's top.
  const orphan =
    answer && !(AFTER_SALE_STEPS as readonly (string | undefined)[]).includes(sent) && !PAYMENT_STEPS.some((step) => step === sent && steps[step])
      ? everyMessage(answer.result).map(refusal)
      : [];
  return (
    <section id="payment" aria-labelledby="payment-title" className="order-payment">
      <h2 id="payment-title">{t("admin:payments.title")}</h2>
      {orphan.length > 0 ? (
        <p className="form-error" role="alert">
          {orphan.join(" ")}
        </p>
      ) : null}
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
            <TextField
              step="refund"
              name="amount"
              label={t("admin:payments.refund.amount")}
              result={resultFor("refund")}
              required
              inputMode="numeric"
              maxLength={maxLength.amount}
              defaultValue={suggestedRefund ?? undefined}
            />
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
            <TextField
              step="refund"
              name="note"
              label={t("admin:payments.note")}
              result={resultFor("refund")}
              maxLength={maxLength.note}
              defaultValue={suggestedRefundNote ?? undefined}
            />
          </StepForm>
        ) : null}
      </div>
    </section>
  );
}

export default function OrderTrail() {
  const { displayId, orderId, back, order, events, at, atWhen, nowHref, saved, done, afterSale } = useLoaderData<typeof loader>();
  const t = useT();
  return (
    <section className="order-trail" aria-labelledby="trail-title">
      <p>
        <Link to={back}>{t("admin:order.back")}</Link>
      </p>
      <h1 id="trail-title">{t("admin:order.title", { id: displayId })}</h1>
      <p className="muted">{t("admin:order.orderId", { id: orderId })}</p>
      <nav className="order-print" aria-labelledby="print-links-title">
        <h2 id="print-links-title">{t("print:orderPage.title")}</h2>
        <a href={`/admin/orders/${orderId}/print?doc=slip`}>{t("print:orderPage.slip")}</a> ·{" "}
        <a href={`/admin/orders/${orderId}/print?doc=invoice`}>{t("print:orderPage.invoice")}</a>
      </nav>
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

      <PaymentSection payment={order.payment} live={at === null} back={back} deleted={order.deleted} suggestedRefund={afterSale.suggestedRefund} suggestedRefundNote={afterSale.suggestedRefundNote} />
      {done && at === null ? (
        <p className="notice" role="status">
          {t(`returns:admin.saved.${done}`)}
        </p>
      ) : null}
      <AfterSaleSections afterSale={afterSale} live={at === null} back={back} />

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

type AfterSaleView = ReturnType<typeof useLoaderData<typeof loader>>["afterSale"];

/** One after-sale form: the intent and the dashboard view kept, its refusal beside it (JS on or off). */
function AfterSaleForm({
  intent,
  returnId,
  back,
  submit,
  danger,
  children,
}: {
  intent: (typeof AFTER_SALE_STEPS)[number];
  returnId?: string;
  back: string;
  submit: string;
  danger?: boolean;
  children?: ReactNode;
}) {
  const answer = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  const refusal = useRefusal();
  const sent = answer?.result.initialValue;
  const mine = sent?.intent === intent && (returnId === undefined || sent?.returnId === returnId);
  // Every message of a refusal here, a field's too: these forms are short and say it once, at their top.
  const messages = mine ? everyMessage(answer?.result).map(refusal) : [];
  return (
    <Form method="post" className={`after-sale-step after-sale-${intent}`} preventScrollReset>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="back" value={back} />
      {returnId ? <input type="hidden" name="returnId" value={returnId} /> : null}
      {messages.length > 0 ? (
        <p className="form-error" role="alert">
          {messages.join(" ")}
        </p>
      ) : null}
      {children}
      <button type="submit" className={danger ? "danger" : "primary"} disabled={busy}>
        {submit}
      </button>
    </Form>
  );
}

function Field({ id, name, label, required, maxLength, defaultValue, multiline }: { id: string; name: string; label: string; required?: boolean; maxLength: number; defaultValue?: string; multiline?: boolean }) {
  return (
    <div className="form-field">
      <label htmlFor={id}>{label}</label>
      {multiline ? (
        <textarea id={id} name={name} required={required} maxLength={maxLength} rows={3} defaultValue={defaultValue} />
      ) : (
        <input id={id} name={name} required={required} maxLength={maxLength} defaultValue={defaultValue} autoComplete="off" />
      )}
    </div>
  );
}

/** Notes, delivery details and returns (decision 103): what the shop did after the sale, with the next steps' buttons. */
function AfterSaleSections({ afterSale, live, back }: { afterSale: AfterSaleView; live: boolean; back: string }) {
  const t = useT();
  const { maxLength } = ORDER_PAGE_FORM_LIMITS;
  const delivery = afterSale.delivery;
  const answer = useActionData<typeof action>();
  // What was typed into a refused form comes back in it (without JavaScript the page is drawn again).
  const typed = (intent: string, name: string, returnId?: string) => {
    const sent = answer?.result.initialValue;
    return sent?.intent === intent && (returnId === undefined || sent?.returnId === returnId) ? typedValue(answer?.result, name) : undefined;
  };
  const deliveryMethod = typed("delivery", "method") ?? delivery?.method ?? "hand";
  // A refusal whose form is not drawn (the step was done meanwhile in another tab, or never could be) shows at the returns' top.
  const refusal = useRefusal();
  const sent = answer?.result.initialValue;
  const sentIntent = typeof sent?.intent === "string" ? sent.intent : "";
  const sentReturn = afterSale.returns.find((r) => r.returnId === sent?.returnId);
  const drawn =
    sentIntent === "note" || sentIntent === "delivery"
      ? live
      : live &&
        sentReturn !== undefined &&
        ((sentReturn.stage === "requested" && (sentIntent === "approve" || sentIntent === "refuse")) ||
          (sentReturn.stage === "approved" && sentIntent === "receive") ||
          (sentReturn.stage === "received" && sentReturn.want === "exchange" && sentIntent === "exchange"));
  const orphan = answer && (AFTER_SALE_STEPS as readonly string[]).includes(sentIntent) && !drawn ? everyMessage(answer.result).map(refusal) : [];
  return (
    <>
      <section id="notes" aria-labelledby="notes-title" className="order-notes">
        <h2 id="notes-title">{t("returns:admin.notesTitle")}</h2>
        <p className="hint">{t("returns:admin.notesHint")}</p>
        {afterSale.notes.length === 0 ? <p>{t("returns:admin.noNotes")}</p> : null}
        <ul className="note-list">
          {afterSale.notes.map((note) => (
            <li key={note.revision} data-testid="order-note">
              <p>{note.text}</p>
              <p className="muted">{note.by}</p>
            </li>
          ))}
        </ul>
        {live ? (
          // Drawn anew once a note is added: the box is empty again with JavaScript on too.
          <AfterSaleForm key={afterSale.notes.length} intent="note" back={back} submit={t("returns:admin.noteSubmit")}>
            <Field id="note-text" name="text" label={t("returns:admin.noteLabel")} required maxLength={maxLength.text} multiline defaultValue={typed("note", "text")} />
          </AfterSaleForm>
        ) : null}
      </section>

      <section id="delivery" aria-labelledby="delivery-title" className="order-delivery">
        <h2 id="delivery-title">{t("returns:admin.deliveryTitle")}</h2>
        {delivery ? (
          <p data-field="delivery">
            {t("returns:admin.deliveryNow", { method: t(`returns:deliveryMethod.${delivery.method}`) })}
            {delivery.courier ? <> — {t("returns:admin.deliveryCourierNow", { courier: delivery.courier, tracking: delivery.trackingNumber ?? "" })}</> : null}
            {delivery.note ? <> — {delivery.note}</> : null}
          </p>
        ) : (
          <p>{t("returns:admin.deliveryNone")}</p>
        )}
        {live ? (
          <AfterSaleForm key={delivery?.at ?? "none"} intent="delivery" back={back} submit={t("returns:admin.deliverySubmit")}>
            <fieldset>
              <legend>{t("returns:admin.deliveryMethod")}</legend>
              {DELIVERY_METHODS.map((method) => (
                <label key={method} className="choice">
                  <input type="radio" name="method" value={method} defaultChecked={deliveryMethod === method} /> {t(`returns:deliveryMethod.${method}`)}
                </label>
              ))}
            </fieldset>
            <Field id="delivery-courier" name="courier" label={t("returns:admin.courier")} maxLength={maxLength.courier} defaultValue={typed("delivery", "courier") ?? delivery?.courier} />
            <Field id="delivery-tracking" name="trackingNumber" label={t("returns:admin.tracking")} maxLength={maxLength.trackingNumber} defaultValue={typed("delivery", "trackingNumber") ?? delivery?.trackingNumber} />
            <Field id="delivery-note" name="note" label={t("returns:admin.deliveryNote")} maxLength={500} defaultValue={typed("delivery", "note") ?? delivery?.note} />
          </AfterSaleForm>
        ) : null}
      </section>

      <section id="returns" aria-labelledby="returns-title" className="order-returns">
        <h2 id="returns-title">{t("returns:admin.returnsTitle")}</h2>
        {orphan.length > 0 ? (
          <p className="form-error" role="alert">
            {orphan.join(" ")}
          </p>
        ) : null}
        {afterSale.returns.length === 0 ? <p>{t("returns:admin.returnsNone")}</p> : null}
        {afterSale.returns.map((r) => (
          <article key={r.returnId} className="return-card" data-return={r.shortId} data-stage={r.stage}>
            <h3>
              {t("returns:admin.returnHeading", {
                id: r.shortId,
                want: r.want === "exchange" ? t("returns:want.exchangeFor", { size: r.exchangeSize }) : t("returns:want.refund"),
              })}
            </h3>
            <p>{r.lines}</p>
            <p data-field="return-stage">{t("returns:admin.returnStage", { stage: t(`returns:stage.${r.stage}`) })}</p>
            <p className="muted">{r.asked}</p>
            <p>{t("returns:admin.returnReason", { reason: r.reason })}</p>
            {r.note ? <p>{t("returns:admin.returnNote", { note: r.note })}</p> : null}
            {r.refunded ? <p>{t("returns:admin.refunded", { amount: r.refunded })}</p> : null}
            {r.stage === "received" && r.want === "refund" ? (
              <p className="notice" data-field="refund-hint">
                {afterSale.refundable ? <a href="#payment">{t("returns:admin.refundHint", { amount: r.refundText })}</a> : t("returns:admin.refundNothingPaid")}
              </p>
            ) : null}
            {live && r.stage === "requested" ? (
              <div className="return-steps">
                <AfterSaleForm intent="approve" returnId={r.returnId} back={back} submit={t("returns:admin.approve")}>
                  <Field id={`approve-${r.shortId}`} name="note" label={t("returns:admin.approveNote")} maxLength={500} defaultValue={typed("approve", "note", r.returnId)} />
                </AfterSaleForm>
                <AfterSaleForm intent="refuse" returnId={r.returnId} back={back} submit={t("returns:admin.refuse")} danger>
                  <Field id={`refuse-${r.shortId}`} name="note" label={t("returns:admin.refuseNote")} required maxLength={500} defaultValue={typed("refuse", "note", r.returnId)} />
                </AfterSaleForm>
              </div>
            ) : null}
            {live && r.stage === "approved" ? (
              <AfterSaleForm intent="receive" returnId={r.returnId} back={back} submit={t("returns:admin.receive")}>
                <fieldset>
                  <legend>{t("returns:admin.receiveMethod")}</legend>
                  {RETURN_RECEIPTS.map((method, i) => (
                    <label key={method} className="choice">
                      <input type="radio" name="method" value={method} defaultChecked={i === 0} /> {t(`returns:receiptChoice.${method}`)}
                    </label>
                  ))}
                </fieldset>
              </AfterSaleForm>
            ) : null}
            {live && r.stage === "received" && r.want === "exchange" ? (
              <AfterSaleForm intent="exchange" returnId={r.returnId} back={back} submit={t("returns:admin.exchange", { size: r.exchangeSize })} />
            ) : null}
          </article>
        ))}
      </section>
    </>
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
