import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useEffect, useRef, useState, type FormEvent } from "react";
import { checkDetails, DETAILS_FIELDS, DETAILS_LIMITS, PAYMENT_CHOICE_MESSAGE, paymentChoiceSchema, type DetailsField } from "../../domain/checkout";
import { isRuleViolation } from "../../domain/errors";
import { CHECKOUT_FORM_LIMITS, checkoutForm } from "../../domain/forms/cart";
import { formatRupees } from "../../domain/money";
import { EMPTY_CART_MESSAGE } from "../../domain/orders/order";
import { chargesBeforeDelivery, OUTSIDE_AREA_MESSAGE } from "../../domain/orders/charges";
import { newIdempotencyKey, NO_UPI_MESSAGE } from "../../services/orders";
import { cartContext } from "../cart/cart.server";
import { readPageForm, type FormResult } from "../forms/form.server";
import { ErrorSummary, FieldMessage, fieldProps, messagesFor, typedValue, type SummaryField } from "../forms/messages";
import { useHydrated } from "../components/useHydrated";
import { OrderLinesTable } from "../components/OrderLinesTable";
import { Message, metaT, useRefusal, useT } from "../i18n/I18n";
import { languageOf, refusalTable, routeMessages } from "../i18n/i18n.server";
import { checkoutRefusalIn } from "../i18n/checkout-refusals.server";
import { lineWordsIn, namesByEnglish } from "../catalogue-words.server";
import cartStyles from "../styles/cart.css?url";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: cartStyles }];

export const meta: MetaFunction = ({ matches }) => [{ title: metaT(matches)("checkout:metaTitle") }];

/** The details form's fields in the order the summary of a refusal lists them; the payment choice links to its first option. */
const SUMMARY_FIELDS: readonly SummaryField[] = [
  ...DETAILS_FIELDS.map((name) => ({ name, id: `details-${name}` })),
  { name: "paymentMethod", id: "pay-first" },
];

/**
 * The checkout's form: the details, the key, and how the parent will pay. Where cash is the only way,
 * a form without the choice (a page served before there was one) is a cash order; with UPI on offer
 * the parent must choose.
 */
const CHECKOUT_FORMS = {
  choose: checkoutForm.extend({ paymentMethod: paymentChoiceSchema }),
  cashOnly: checkoutForm.extend({ paymentMethod: paymentChoiceSchema.default("cod") }),
};

/** Refusals of the order that are about one field of the form: shown by that field. */
const FIELD_OF_REFUSAL: Readonly<Record<string, string>> = { [OUTSIDE_AREA_MESSAGE]: "pincode", [NO_UPI_MESSAGE]: "paymentMethod" };

export async function loader({ request, context }: LoaderFunctionArgs) {
  const shop = context.shop;
  const { shopper, owner } = await cartContext(request, shop);
  const cart = owner ? await shop.cart.view(owner) : { lines: [], total: 0, count: 0 };
  const step = new URL(request.url).searchParams.get("step");
  const last = shopper && cart.lines.length ? await shop.orders.lastAddress(shopper.id) : undefined;
  const lang = languageOf(request);
  // Lines keep the English they were added with; the page names them in its language (decision 099).
  const words = await lineWordsIn(shop, lang, cart.lines);
  const itemName = namesByEnglish(cart.lines, words);
  return {
    lines: cart.lines.map((line, i) => ({
      key: `${line.productId}|${line.size}|${line.school}`,
      ...words[i],
      quantity: line.quantity,
      unitPrice: line.unitPrice,
      // Worded by the server with the product's name: put into the page's language here.
      problem: line.problem && checkoutRefusalIn(lang, line.problem, itemName),
    })),
    total: cart.total,
    // The same offer the order will be charged; delivery waits for the pincode.
    charges: chargesBeforeDelivery(cart.total, shop.config.charges, new Date()),
    delivery: {
      area: shop.config.charges.delivery.freeArea.map((start) => `${start}…`).join(", "),
      outsideCharge: shop.config.charges.delivery.outsideCharge,
    },
    upiAvailable: shop.orders.upiAvailable,
    signedIn: Boolean(shopper),
    // Known details of a signed-in shopper (their account, their last order) fill the form; a guest types them.
    prefill: {
      name: last?.name ?? shopper?.name ?? "",
      phone: last?.phone ?? shopper?.phone ?? "",
      address: last?.address ?? "",
      city: last?.city ?? "",
      pincode: last?.pincode ?? "",
    } satisfies Record<DetailsField, string>,
    // A new key on every render: one submit of this form is one order, however often it arrives.
    idempotencyKey: newIdempotencyKey(),
    showDetails: step === "details",
    messages: routeMessages(request, "checkout", "payment"),
    refusals: refusalTable(request, "checkout"),
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const shop = context.shop;
  const form = await readPageForm(request, shop.orders.upiAvailable ? CHECKOUT_FORMS.choose : CHECKOUT_FORMS.cashOnly, {
    ...CHECKOUT_FORM_LIMITS,
    labels: { ...CHECKOUT_FORM_LIMITS.labels, paymentMethod: "Payment" },
  });
  if (!form.ok) return form.answer;
  const { idempotencyKey, paymentMethod, ...details } = form.value;
  const { shopper, owner } = await cartContext(request, shop);
  if (!owner) return form.refuse(EMPTY_CART_MESSAGE, 422);
  try {
    const placed = await shop.orders.placeOrderFromCart({
      owner,
      idempotencyKey: idempotencyKey ?? "",
      details,
      user: shopper ? { id: shopper.id, name: shopper.name, email: shopper.email } : null,
      // The order's SMS speak the language the shopper ordered in.
      language: languageOf(request),
      paymentMethod,
    });
    // Read your writes: the confirmation and the account page already show the order.
    await shop.orders.waitUntilVisible(placed.position);
    return redirect(`/checkout/done?order=${placed.orderId}`);
  } catch (err) {
    // A refusal naming a product or a price cannot be looked up by the page: it is worded here,
    // the product by its name in the page's language (the cart's lines know it by its English one).
    if (!isRuleViolation(err)) throw err;
    const lang = languageOf(request);
    const lines = lang === "en" ? [] : (await shop.cart.view(owner)).lines;
    const itemName = namesByEnglish(lines, await lineWordsIn(shop, lang, lines));
    const worded = checkoutRefusalIn(lang, err.message, itemName);
    const field = FIELD_OF_REFUSAL[err.message];
    return form.refuse(field ? { [field]: worded } : worded, err.status);
  }
}

export default function Checkout() {
  const loaded = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const hydrated = useHydrated();
  const t = useT();
  const refusal = useRefusal();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const { lines, charges, delivery } = loaded;
  const empty = lines.length === 0;
  const blocked = lines.some((line) => line.problem);
  const answered = Boolean(actionData);
  // Without JS the details are a page of their own (?step=details); after a refused
  // submit they stay in view either way.
  const inline = !hydrated && (loaded.showDetails || answered);
  // A refused submit without JS reloads at the top of the page: the form and what is wrong with
  // it come first there, not two screens down below the order summary.
  const detailsFirst = inline && answered;
  const details = inline ? (
    <section className="details-page" aria-labelledby="details-title">
      <DetailsForm />
    </section>
  ) : null;

  function openDialog(event: React.MouseEvent) {
    event.preventDefault();
    dialogRef.current?.showModal();
  }

  useEffect(() => {
    if (hydrated && (answered || loaded.showDetails) && !dialogRef.current?.open) dialogRef.current?.showModal();
  }, [hydrated, answered, loaded.showDetails, actionData]);

  return (
    <section aria-labelledby="checkout-title">
      <h1 id="checkout-title">{t("checkout:title")}</h1>
      {!empty && detailsFirst ? details : null}
      <h2>{t("checkout:summary")}</h2>
      {empty ? (
        <div>
          <p className="error-box" role="alert">
            {refusal(EMPTY_CART_MESSAGE)}
          </p>
          <p>
            <Message
              id="checkout:emptyNext"
              values={{ schools: <Link to="/schools">{t("checkout:findSchool")}</Link>, cart: <Link to="/cart">{t("checkout:backToCart")}</Link> }}
            />
          </p>
        </div>
      ) : (
        <>
          <OrderLinesTable
            lines={lines.map((line) => ({ ...line, amount: line.unitPrice === null ? null : line.unitPrice * line.quantity }))}
          />
          {blocked ? (
            <ul className="error-box cart-problems">
              {lines
                .filter((line) => line.problem)
                .map((line) => (
                  <li key={line.key}>{line.problem}</li>
                ))}
            </ul>
          ) : null}
          <dl className="order-money">
            <dt>{t("payment:summary.subtotal")}</dt>
            <dd data-testid="checkout-subtotal">{formatRupees(charges.subtotal)}</dd>
            {charges.discount > 0 ? (
              <>
                <dt>{t("payment:summary.discount", { percent: String(charges.discountPercent) })}</dt>
                <dd data-testid="checkout-discount">−{formatRupees(charges.discount)}</dd>
              </>
            ) : null}
            <dt>{t("payment:summary.delivery")}</dt>
            <dd data-testid="checkout-delivery">
              {delivery.outsideCharge === null
                ? t("payment:summary.deliveryOnly", { area: delivery.area })
                : t("payment:summary.deliveryRule", { area: delivery.area, charge: formatRupees(delivery.outsideCharge) })}
            </dd>
          </dl>
          <p className="checkout-total">
            <Message id="checkout:totalLabel" values={{ total: <strong data-testid="checkout-total">{formatRupees(charges.total)}</strong> }} />
          </p>
          {inline ? null : (
            <Link className="button primary" to="?step=details" onClick={hydrated ? openDialog : undefined}>
              {t("checkout:placeOrder")}
            </Link>
          )}
        </>
      )}
      {empty || detailsFirst ? null : inline ? (
        details
      ) : (
        <dialog ref={dialogRef} className="details-dialog" aria-labelledby="details-title">
          {hydrated ? <DetailsForm onCancel={() => dialogRef.current?.close()} /> : null}
        </dialog>
      )}
    </section>
  );
}

function DetailsForm({ onCancel }: { onCancel?: () => void }) {
  const loaded = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formMethod?.toUpperCase() === "POST";
  const t = useT();
  const serverResult = actionData?.result;
  // With JS the same rules answer at once, shown the way the server's refusal is.
  const [clientResult, setClientResult] = useState<FormResult | null>(null);
  const result = clientResult ?? serverResult;
  // After a refusal the form keeps what was typed (the server sends it back), else what the shop knows.
  const value = (name: DetailsField) => (serverResult ? (typedValue(serverResult, name) ?? "") : loaded.prefill[name]);
  // Keep the key of a submit refused for its details: the corrected resubmit is still one order.
  // A refusal of the whole form placed nothing, and a refused key must not stick: a fresh one then.
  const detailsRefused = !messagesFor(serverResult, "").length && !messagesFor(serverResult, "idempotencyKey").length;
  const key = (detailsRefused && typedValue(serverResult, "idempotencyKey")) || loaded.idempotencyKey;

  useEffect(() => setClientResult(null), [actionData]);

  // With JS, the same rules as the server answer at once and nothing is sent until all pass.
  function onSubmit(event: FormEvent<HTMLFormElement>) {
    const form = new FormData(event.currentTarget);
    const checked = checkDetails(Object.fromEntries(DETAILS_FIELDS.map((name) => [name, String(form.get(name) ?? "")])));
    const errors: Record<string, string> = checked.ok ? {} : { ...checked.errors };
    if (!paymentChoiceSchema.safeParse(form.get("paymentMethod") ?? undefined).success) errors.paymentMethod = PAYMENT_CHOICE_MESSAGE;
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
      {input("phone", t("checkout:details.phone"), { type: "tel", autoComplete: "tel-national", inputMode: "numeric", maxLength: 16 })}
      {input("address", t("checkout:details.address"), { autoComplete: "street-address", maxLength: DETAILS_LIMITS.address })}
      {input("city", t("checkout:details.city"), { autoComplete: "address-level2", maxLength: DETAILS_LIMITS.city })}
      {input("pincode", t("checkout:details.pincode"), { autoComplete: "postal-code", inputMode: "numeric", maxLength: DETAILS_LIMITS.pincode })}
      <PaymentChoice result={result} upiAvailable={loaded.upiAvailable} typed={serverResult ? (typedValue(serverResult, "paymentMethod") ?? "") : undefined} />
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
