/**
 * The checkout's details form (app/routes/checkout.tsx): name, mobile number, address, city,
 * pincode and how the parent will pay. With JavaScript the same rules as the server answer at once
 * and nothing is sent until all pass; a refusal (the server's or the browser's) is summed up at the
 * top, each message by its field, and the form keeps what was typed.
 */
import { Form, useActionData, useNavigation, Link } from "@remix-run/react";
import type { SubmissionResult } from "@conform-to/react";
import { useEffect, useState, type FormEvent } from "react";
import { checkDetails, DETAILS_FIELDS, DETAILS_LIMITS, isPaymentChoice, PAYMENT_CHOICE_MESSAGE, type DetailsField } from "../../domain/checkout-fields";
import { chargesShown, type ChargeRules } from "../../domain/orders/charges";
import { readPincode } from "../../domain/pincode";
import { ErrorSummary, FieldMessage, fieldProps, messagesFor, typedValue, type SummaryField } from "../forms/messages";
import { useT } from "../i18n/I18n";
import { ChargesLines } from "./ChargesLines";

type FormResult = SubmissionResult<string[]>;

/** What the checkout's action answers when it does not redirect to the confirmation: a refused form. */
type CheckoutAnswer = { result: FormResult };

/** The details form's fields in the order the summary of a refusal lists them; the payment choice links to its first option. */
const SUMMARY_FIELDS: readonly SummaryField[] = [
  ...DETAILS_FIELDS.map((name) => ({ name, id: `details-${name}` })),
  { name: "paymentMethod", id: "pay-first" },
];

/** What the details step adds up (the checkout's loader): the cart's subtotal, the shop's rules, and when (the offer runs by day). */
export interface DetailsMoney {
  subtotal: number;
  rules: ChargeRules;
  /** The page's time on the server, ISO: the browser adds up as the server did, whatever the phone's clock says. */
  at: string;
}

/**
 * `prefill`: what the shop knows of the shopper; `checkedPincode`: the pincode checked this visit, for
 * when the shop knows none; `money`: what the figures are added up from; `idempotencyKey`: the page's
 * key for this order; `onCancel`: closes the dialog the form is in (without it, 'Cancel' is a link
 * back to the checkout).
 *
 * The figures (subtotal, offer, delivery, total) are for the pincode in the form: with JavaScript
 * they follow it as it is typed, worked out here by the domain's own sums; without, they are the
 * server's for the pincode it was sent. The form carries the total it shows (`shownTotal`), and the
 * order is placed at that total or refused with the new one to confirm (decision 113).
 */
export function DetailsForm({
  prefill,
  checkedPincode = "",
  money,
  idempotencyKey,
  upiAvailable,
  whatsapp,
  onCancel,
}: {
  prefill: Record<DetailsField, string>;
  checkedPincode?: string;
  money: DetailsMoney;
  idempotencyKey: string;
  upiAvailable: boolean;
  /** The WhatsApp box (decision 231): shown when the shop has WhatsApp, ticked when the parent's account chose it. */
  whatsapp?: { offered: boolean; chosen: boolean };
  onCancel?: () => void;
}) {
  const actionData = useActionData<CheckoutAnswer>();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formMethod?.toUpperCase() === "POST";
  const t = useT();
  const serverResult = actionData?.result;
  // With JS the same rules answer at once, shown the way the server's refusal is.
  const [clientResult, setClientResult] = useState<FormResult | null>(null);
  const result = clientResult ?? serverResult;
  // After a refusal the form keeps what was typed (the server sends it back), else what the shop knows.
  const value = (name: DetailsField) =>
    serverResult ? (typedValue(serverResult, name) ?? "") : name === "pincode" ? prefill.pincode || checkedPincode : prefill[name];
  // The pincode the figures are for: as typed (JavaScript), else as the page was sent it.
  const [typedPincode, setTypedPincode] = useState<string>();
  const pincode = readPincode(typedPincode ?? value("pincode"));
  const shown = chargesShown(money.subtotal, pincode, money.rules, new Date(money.at));
  // Keep the key of a submit refused for its details: the corrected resubmit is still one order.
  // A refusal of the whole form placed nothing, and a refused key must not stick: a fresh one then.
  const detailsRefused = !messagesFor(serverResult, "").length && !messagesFor(serverResult, "idempotencyKey").length;
  const key = (detailsRefused && typedValue(serverResult, "idempotencyKey")) || idempotencyKey;

  useEffect(() => setClientResult(null), [actionData]);
  // After a refusal the field holds what was sent: the figures follow it until it is typed again.
  useEffect(() => setTypedPincode(undefined), [actionData]);

  // With JS, the same rules as the server answer at once and nothing is sent until all pass.
  function onSubmit(event: FormEvent<HTMLFormElement>) {
    const form = new FormData(event.currentTarget);
    const checked = checkDetails(Object.fromEntries(DETAILS_FIELDS.map((name) => [name, String(form.get(name) ?? "")])));
    const errors: Record<string, string> = checked.ok ? {} : { ...checked.errors };
    if (!isPaymentChoice(form.get("paymentMethod"))) errors.paymentMethod = PAYMENT_CHOICE_MESSAGE;
    if (Object.keys(errors).length) {
      event.preventDefault();
      // The error summary takes the focus and links to each field.
      setClientResult({ status: "error", error: Object.fromEntries(Object.entries(errors).map(([name, message]) => [name, [message]])) });
    } else {
      setClientResult(null);
    }
  }

  const input = (name: DetailsField, label: string, props: React.InputHTMLAttributes<HTMLInputElement> = {}) => (
    <div className="field">
      <label htmlFor={`details-${name}`}>{label}</label>
      <input id={`details-${name}`} name={name} defaultValue={value(name)} {...fieldProps(result, name)} {...props} />
      <FieldMessage result={result} name={name} />
    </div>
  );

  return (
    <Form method="post" action="/checkout" noValidate className="details-form" onSubmit={onSubmit} aria-labelledby="details-title">
      <h2 id="details-title">{t("checkout:details.title")}</h2>
      <ErrorSummary result={result} fields={SUMMARY_FIELDS} />
      <input type="hidden" name="idempotencyKey" value={key} />
      {input("name", t("checkout:details.name"), { autoComplete: "name", maxLength: DETAILS_LIMITS.name })}
      {input("phone", t("checkout:details.phone"), { type: "tel", autoComplete: "tel", inputMode: "numeric", maxLength: 16 })}
      {input("address", t("checkout:details.address"), { autoComplete: "street-address", maxLength: DETAILS_LIMITS.address })}
      {input("city", t("checkout:details.city"), { autoComplete: "address-level2", maxLength: DETAILS_LIMITS.city })}
      {input("pincode", t("checkout:details.pincode"), {
        autoComplete: "postal-code",
        inputMode: "numeric",
        maxLength: DETAILS_LIMITS.pincode,
        onChange: (event) => setTypedPincode(event.currentTarget.value),
      })}
      <ChargesLines shown={shown} rule={money.rules.delivery} testId="details" live />
      <input type="hidden" name="shownTotal" value={shown.total} />
      <PaymentChoice result={result} upiAvailable={upiAvailable} typed={serverResult ? (typedValue(serverResult, "paymentMethod") ?? "") : undefined} />
      {whatsapp?.offered ? (
        // After a refusal the box is as it was sent; before, as the parent's account has it.
        <WhatsAppBox chosen={serverResult ? typedValue(serverResult, "whatsapp") === "yes" : whatsapp.chosen} />
      ) : null}
      <div className="actions">
        <button type="submit" className="primary">
          {busy ? t("checkout:details.busy") : t("checkout:details.confirm")}
        </button>
        {onCancel ? (
          <button type="button" className="secondary" onClick={onCancel}>
            {t("checkout:details.cancel")}
          </button>
        ) : (
          <Link className="button secondary" to="/checkout">
            {t("checkout:details.cancel")}
          </Link>
        )}
      </div>
    </Form>
  );
}

/**
 * "Pay by UPI" / "Cash on delivery". Without UPI only cash is offered, and chosen; with UPI nothing is
 * chosen for the parent: paying now or at the door is their decision, and a wrong guess costs a trip.
 */
function PaymentChoice({ result, upiAvailable, typed }: { result: FormResult | null | undefined; upiAvailable: boolean; typed?: string }) {
  const t = useT();
  const options = upiAvailable ? (["upi", "cod"] as const) : (["cod"] as const);
  const chosen = typed ?? (upiAvailable ? "" : "cod");
  const invalid = fieldProps(result, "paymentMethod");
  return (
    <fieldset className="field payment-choice" {...(invalid["aria-describedby"] ? { "aria-describedby": invalid["aria-describedby"] } : {})}>
      <legend>{t("payment:choice.legend")}</legend>
      {options.map((method, i) => (
        <div className="choice" key={method}>
          <input
            type="radio"
            id={i === 0 ? "pay-first" : `pay-${method}`}
            name="paymentMethod"
            value={method}
            defaultChecked={chosen === method}
            aria-describedby={`pay-${method}-hint`}
            {...(invalid["aria-invalid"] ? { "aria-invalid": true } : {})}
          />
          <label htmlFor={i === 0 ? "pay-first" : `pay-${method}`}>{t(`payment:choice.${method}`)}</label>
          <small className="choice-hint" id={`pay-${method}-hint`}>
            {t(`payment:choice.${method}Hint`)}
          </small>
        </div>
      ))}
      <FieldMessage result={result} name="paymentMethod" />
    </fieldset>
  );
}

/**
 * "Send my order's messages on WhatsApp" (decision 231): the parent's choice, never assumed, so the box
 * starts unticked for a guest; unticked, texts go by SMS as before.
 */
function WhatsAppBox({ chosen }: { chosen: boolean }) {
  const t = useT();
  return (
    <div className="field choice whatsapp-choice">
      <input type="checkbox" id="details-whatsapp" name="whatsapp" value="yes" defaultChecked={chosen} aria-describedby="details-whatsapp-hint" />
      <label htmlFor="details-whatsapp">{t("checkout:details.whatsapp")}</label>
      <small className="choice-hint" id="details-whatsapp-hint">
        {t("checkout:details.whatsappHint")}
      </small>
    </div>
  );
}
