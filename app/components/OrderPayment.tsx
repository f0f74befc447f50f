/**
 * An order's money as the shopper's pages show it (decision 101): what it is made of, how it is
 * paid and where the payment stands, and the form that reports a UPI reference. Plain forms: the
 * same with JavaScript on and off. Needs the `payment` namespace in the page's `messages`.
 */
import { Form, useNavigation } from "@remix-run/react";
import { formatPaise, formatRupees } from "../../domain/money";
import type { FormResult } from "../forms/form.server";
import { messagesFor, typedValue } from "../forms/messages";
import { useRefusal, useT } from "../i18n/I18n";

/** The serialisable money of an order (app/payments/report.server.ts `orderMoney`). */
export interface OrderMoneyView {
  subtotal: number;
  discount: number;
  discountPercent: number;
  delivery: number;
  total: number;
  method: "upi" | "cod";
  standing: string;
  refundedPaise: number;
  awaitsUpi: boolean;
}

/** Subtotal, the offer, delivery and the total, each as the order recorded it. */
export function OrderMoneyLines({ money }: { money: OrderMoneyView }) {
  const t = useT();
  return (
    <dl className="order-money">
      <dt>{t("payment:summary.subtotal")}</dt>
      <dd data-testid="order-subtotal">{formatRupees(money.subtotal)}</dd>
      {money.discount > 0 ? (
        <>
          <dt>{t("payment:summary.discount", { percent: String(money.discountPercent) })}</dt>
          <dd data-testid="order-discount">−{formatRupees(money.discount)}</dd>
        </>
      ) : null}
      <dt>{t("payment:summary.delivery")}</dt>
      <dd data-testid="order-delivery">{money.delivery > 0 ? formatRupees(money.delivery) : t("payment:summary.free")}</dd>
      <dt>{t("payment:summary.total")}</dt>
      <dd data-testid="order-total">
        <strong>{formatRupees(money.total)}</strong>
      </dd>
    </dl>
  );
}

/** "UPI" / "Cash on delivery" and the payment's standing, with what was given back when something was. */
export function PaymentStandingText({ money, testId }: { money: OrderMoneyView; testId?: string }) {
  const t = useT();
  const standing = standingLabel(t, money.standing);
  const refunded =
    money.refundedPaise > 0 && (money.standing === "refunded" || money.standing === "partly refunded")
      ? ` (${t("payment:summary.refunded", { amount: formatPaise(money.refundedPaise) })})`
      : "";
  return (
    <span className="payment-standing">
      {t(`payment:method.${money.method}`)} ·{" "}
      <span className="status" data-testid={testId}>
        {standing}
      </span>
      {refunded}
    </span>
  );
}

/** A payment standing ("reported") in the page's language; the stored value when there is no message for it. */
export function standingLabel(t: (key: string) => string, standing: string): string {
  const key = `payment:standing.${standing}`;
  const label = t(key);
  return label === key ? standing : label;
}

/**
 * "UPI reference (12 digits)": posts `intent=report`, the reference and the page's own hidden
 * fields (the order, on tracking also the mobile number). `idPrefix` keeps ids apart when a
 * page lists several orders.
 */
export function UpiReferenceForm({
  result,
  reported,
  hidden,
  idPrefix,
  action,
}: {
  result?: FormResult | null;
  reported?: boolean;
  hidden: Readonly<Record<string, string>>;
  idPrefix: string;
  action?: string;
}) {
  const t = useT();
  const refusal = useRefusal();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formData?.get("intent") === "report";
  const inputId = `${idPrefix}-reference`;
  const messageId = `${idPrefix}-reference-error`;
  const messages = [...messagesFor(result, "reference"), ...messagesFor(result, "")].map(refusal);
  if (reported) {
    return (
      <p className="notice" role="status" data-testid="payment-reported">
        {t("payment:report.thanks")}
      </p>
    );
  }
  return (
    <Form method="post" action={action} className="upi-reference-form" noValidate>
      <input type="hidden" name="intent" value="report" />
      {Object.entries(hidden).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <div className="field">
        <label htmlFor={inputId}>{t("payment:report.label")}</label>
        <p className="field-hint" id={`${inputId}-hint`}>
          {t("payment:report.hint")}
        </p>
        <input
          id={inputId}
          name="reference"
          inputMode="numeric"
          autoComplete="off"
          maxLength={40}
          defaultValue={typedValue(result, "reference") ?? ""}
          aria-invalid={messages.length ? true : undefined}
          aria-describedby={messages.length ? `${messageId} ${inputId}-hint` : `${inputId}-hint`}
        />
        {messages.length ? (
          <p className="form-error field-error" id={messageId} role="alert">
            {messages.join(" ")}
          </p>
        ) : null}
      </div>
      <button type="submit" className="primary" disabled={busy}>
        {t("payment:report.submit")}
      </button>
    </Form>
  );
}
