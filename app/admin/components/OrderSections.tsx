/**
 * The order page's sections (app/routes/admin.orders.$id.tsx): the order as it stands (or stood at
 * an event of its trail), its Payment section, and the trail itself. The Payment section shows what
 * the order's money is made of, what came in and went back, the reported reference to check, and
 * the forms of the steps the owner may take next, each with its refusal beside it (JavaScript on or off).
 */
import { Form, useActionData, useNavigation, Link } from "@remix-run/react";
import type { SubmissionResult } from "@conform-to/react";
import type { ReactNode } from "react";
import { formatPaise, formatRupees } from "../../../domain/money";
import { PAYMENT_STEP_FORM_LIMITS } from "../../../domain/forms/admin-payments";
import { AFTER_SALE_STEPS } from "../../../domain/forms/admin-returns";
import type { OrderStatus, PaymentMethod, PaymentStanding } from "../../../domain/orders/events";
import { REFUND_METHODS } from "../../../domain/orders/terms";
import type { OrderEventDescription } from "../../../domain/orders/describe";
import { TableScroll } from "../../components/TableScroll";
import { FieldMessage, FormMessage, everyMessage, fieldProps } from "../../forms/messages";
import { Message, useRefusal, useT } from "../../i18n/I18n";
import { PAYMENT_STEPS, type PaymentStepName } from "../payment-steps";
import { useMay } from "../may";

type FormResult = SubmissionResult<string[]>;

/** What the order page's action answers when it does not redirect: a refused form. */
type OrderPageAnswer = { result: FormResult };

/** The order's money as the page shows it (app/admin/order-page.server.ts, paymentFacts). */
export interface PaymentFacts {
  method: PaymentMethod;
  standing: PaymentStanding;
  subtotal: string;
  discountPercent: number;
  discount: string | null;
  delivery: string;
  freeDelivery: boolean;
  due: string;
  paid: string;
  refunded: string;
  /** Paise still refundable (decision 209). */
  refundable: number;
  refundableText: string;
  /** What a cancelled order's parent is owed back, formatted; null when nothing is. */
  owedBack: string | null;
  reported: { reference: string; at: string } | null;
  reference: string | null;
  /**
   * What the owner may do next; the decider still judges each step when it is sent. A refund through the gateway
   * also needs the gateway's word that it took the payment (`GatewayFacts`), which the order's own stream has not.
   */
  steps: Record<Exclude<PaymentStepName, "gatewayRefund">, boolean>;
  /**
   * What a refund does to the order's GST (decision 206): a return's goods came back with their own credit note
   * (`return`), a refund tied to no goods is a note of its value alone (`valueOnly`: the tax ₹100 of it takes off the
   * live invoice), or no tax invoice stands for the order (`none`).
   */
  refundTax:
    | { kind: "return"; returnId: string; note: string }
    | { kind: "valueOnly"; invoice: string; per100: string }
    | { kind: "none" };
}

type Payment = PaymentFacts;

/** The optional gateway's word on the order (services/orders/gateway.ts `gatewayPayments`): what it took and gave back. */
export interface GatewayFacts {
  captures: { paymentId: string; rupees: number; method: string; applied: boolean }[];
  refunds: { refundId: string; paymentId: string; paise: number; processed: boolean }[];
  /** A payment it took paid this order: its refund goes back through it. */
  refundable: boolean;
}

/** The order as the page shows it, now or at an event (app/admin/order-page.server.ts, snapshot). */
export interface OrderSnapshotView {
  status: OrderStatus;
  paymentStanding: PaymentStanding;
  deleted: boolean;
  customer: string;
  address: string;
  /** `dropHref`: the confirmation of dropping the line, while the goods are still in the shop (decision 204). */
  lines: { key: string; name: string; size: string; school: string; quantity: number; unitPrice: string; lineTotal: string; dropHref?: string }[];
  total: string;
  placedAt: string;
  payment: PaymentFacts;
}

/** One event of the trail as its table prints it, with the link to the order as it stood then. */
export interface TrailEventView extends OrderEventDescription {
  revision: number;
  when: string;
  whenIso: string;
  href: string;
  /** The event the snapshot above shows. */
  current: boolean;
}

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
  inputMode?: "numeric" | "decimal";
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

export function PaymentSection({
  payment,
  live,
  back,
  deleted,
  suggestedRefund,
  suggestedRefundNote,
  gateway,
}: {
  payment: Payment;
  live: boolean;
  back: string;
  deleted: boolean;
  /** The gateway's payments and refunds of this order; null without the gateway, or when it took none. */
  gateway: GatewayFacts | null;
  /** A received refund return's amount and a note naming it (decision 103): the refund form comes filled in with them. */
  suggestedRefund: string | null;
  suggestedRefundNote: string | null;
}) {
  const t = useT();
  const answer = useActionData<OrderPageAnswer>();
  const refusal = useRefusal();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const sent = answer ? (answer.result.initialValue?.intent as string | undefined) : undefined;
  const resultFor = (step: PaymentStepName) => (sent === step ? answer?.result : undefined);
  const { maxLength } = PAYMENT_STEP_FORM_LIMITS;
  const acting = live && !deleted;
  // Money given back asks `refund`, every other step `orders` (decision 215): only the steps the role may take are offered.
  const may = useMay();
  const changes = acting && may("orders");
  const refunds = acting && may("refund");
  const steps: Record<PaymentStepName, boolean> = {
    confirm: changes && payment.steps.confirm,
    reject: changes && payment.steps.reject,
    cash: changes && payment.steps.cash,
    refund: refunds && payment.steps.refund,
    gatewayRefund: refunds && payment.refundable > 0 && gateway?.refundable === true,
  };
  // A refusal whose form is gone (the step was done meanwhile, in another tab), or of no form at all, still shows, at the
  // section's top; a drop's shows beside its confirmation (./DropLineSection.tsx).
  const orphan =
    answer && sent !== "drop" && !(AFTER_SALE_STEPS as readonly (string | undefined)[]).includes(sent) && !PAYMENT_STEPS.some((step) => step === sent && steps[step])
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
      {gateway ? <GatewayList gateway={gateway} /> : null}
      {payment.owedBack ? (
        <p className="notice" data-field="owed-back">
          {t("admin:payments.owedBack", { amount: payment.owedBack })}
        </p>
      ) : null}
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
        {steps.gatewayRefund ? (
          <StepForm
            step="gatewayRefund"
            back={back}
            result={resultFor("gatewayRefund")}
            busy={busy}
            text={t("admin:payments.gatewayRefund.text", { amount: payment.refundableText })}
            danger
          >
            <TextField
              step="gatewayRefund"
              name="amount"
              label={t("admin:payments.refund.amount")}
              result={resultFor("gatewayRefund")}
              required
              inputMode="decimal"
              maxLength={maxLength.amount}
              defaultValue={suggestedRefund ?? undefined}
            />
            <TextField step="gatewayRefund" name="note" label={t("admin:payments.note")} result={resultFor("gatewayRefund")} maxLength={maxLength.note} />
          </StepForm>
        ) : null}
        {steps.refund ? (
          <StepForm step="refund" back={back} result={resultFor("refund")} busy={busy} text={t("admin:payments.refund.text", { amount: payment.refundableText })} danger>
            <p className="refund-tax">
              {payment.refundTax.kind === "return"
                ? t("admin:payments.refund.taxReturn", { id: payment.refundTax.returnId, note: payment.refundTax.note })
                : payment.refundTax.kind === "valueOnly"
                  ? t("admin:payments.refund.taxValueOnly", { invoice: payment.refundTax.invoice, tax: payment.refundTax.per100 })
                  : t("admin:payments.refund.taxNone")}
            </p>
            <TextField
              step="refund"
              name="amount"
              label={t("admin:payments.refund.amount")}
              result={resultFor("refund")}
              required
              inputMode="decimal"
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

/** What the gateway took for this order and gave back, by its ids: what the owner finds again in Razorpay's Dashboard. */
function GatewayList({ gateway }: { gateway: GatewayFacts }) {
  const t = useT();
  if (gateway.captures.length === 0 && gateway.refunds.length === 0) return null;
  return (
    <div className="gateway-payments" data-field="gateway-payments">
      <h3>{t("admin:payments.gateway.title")}</h3>
      <ul>
        {gateway.captures.map((c) => (
          <li key={c.paymentId}>
            {t(c.applied ? "admin:payments.gateway.capture" : "admin:payments.gateway.captureExtra", { id: c.paymentId, amount: formatRupees(c.rupees), method: c.method })}
          </li>
        ))}
        {gateway.refunds.map((r) => (
          <li key={r.refundId}>
            {t(r.processed ? "admin:payments.gateway.refundProcessed" : "admin:payments.gateway.refundAsked", { id: r.refundId, amount: formatPaise(r.paise) })}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The order now, or as it stood at event `at` (then with the way back to now). */
export function OrderSnapshot({ order, at, atWhen, nowHref }: { order: OrderSnapshotView; at: number | null; atWhen: string | null; nowHref: string }) {
  const t = useT();
  const dropping = order.lines.some((line) => line.dropHref);
  return (
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
              {dropping ? <th scope="col">{t("admin:drop.column")}</th> : null}
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
                {dropping ? (
                  <td>
                    {line.dropHref ? (
                      <Link to={line.dropHref} preventScrollReset data-action="drop-line">
                        {t("admin:drop.link", { item: line.name })}
                      </Link>
                    ) : null}
                  </td>
                ) : null}
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
    </section>
  );
}

/** Every event of the order's stream, in order, each a link to the order as it stood then. */
export function OrderTrailTable({ events }: { events: TrailEventView[] }) {
  const t = useT();
  return (
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
  );
}
