import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { useActionData, useLoaderData, type ShouldRevalidateFunction, Link } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { checkoutPage, placeCheckoutOrder, readCheckoutForm } from "../cart/checkout-page.server";
import { DetailsForm } from "../components/CheckoutDetails";
import { ChargesLines } from "../components/ChargesLines";
import { PincodeCheck } from "../components/PincodeCheck";
import { DeliveryDates } from "../components/DeliveryDates";
import { SellerTerms } from "../components/SellerTerms";
import { PrivacyAgreement } from "../components/PrivacyAgreement";
import { recordCheckoutConsent } from "../privacy/privacy.server";
import { languageOf } from "../i18n/i18n.server";
import { useHydrated } from "../components/useHydrated";
import { OrderLinesTable } from "../components/OrderLinesTable";
import { Message, metaT, useT } from "../i18n/I18n";
import cartStyles from "../styles/cart.css?url";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: cartStyles }];

export const meta: MetaFunction = ({ matches }) => [{ title: metaT(matches)("checkout:metaTitle") }];

/** The cart's summary and the details form (app/cart/checkout-page.server.ts). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  return checkoutPage(context.shop, request);
}

/** The order from the cart; on to its confirmation, or the refusal beside the form. */
export async function action({ request, context }: ActionFunctionArgs) {
  const shop = context.shop;
  const form = await readCheckoutForm(request, shop.orders.upiAvailable);
  if (!form.ok) return form.answer;
  const { idempotencyKey, paymentMethod, shownTotal, whatsapp, ...details } = form.value;
  const placed = await placeCheckoutOrder(shop, request, { idempotencyKey, paymentMethod, details, shownTotal }, context.clientIp);
  if (!placed.ok) return form.refuse(placed.refusal, placed.status);
  // The notice beside the button, agreed to by placing the order (decision 124), and the WhatsApp box (decision 231).
  await recordCheckoutConsent(shop, request, placed.orderId, languageOf(request), whatsapp);
  return redirect(`/checkout/done?order=${placed.orderId}`);
}

/**
 * A refused order (409: the total or a price is not what the form showed, stock ran out) loads the
 * page again, so the figures and the total the form carries are the new ones to confirm (decision
 * 113); Remix leaves the page's data as it was after a refusal otherwise.
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({ actionStatus, defaultShouldRevalidate }) =>
  actionStatus === 409 || defaultShouldRevalidate;

export default function Checkout() {
  const loaded = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const hydrated = useHydrated();
  const t = useT();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const { lines, shown, check } = loaded;
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
      <DetailsForm
        prefill={loaded.prefill}
        checkedPincode={loaded.checkedPincode}
        money={loaded.money}
        idempotencyKey={loaded.idempotencyKey}
        upiAvailable={loaded.upiAvailable}
        whatsapp={loaded.whatsapp}
      />
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
            {loaded.cartEmpty}
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
          <ChargesLines shown={shown} rule={check.rule} testId="checkout" />
          <PincodeCheck check={check} inSummary />
          <DeliveryDates dates={loaded.dates} id="checkout-dates" />
          {/* The return, refund and cancellation terms before the parent pays (decision 130). */}
          <SellerTerms />
          <PrivacyAgreement action="checkout" />
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
          {hydrated ? (
            <DetailsForm
              // A pincode checked on this page starts the details afresh with it.
              key={loaded.checkedPincode}
              prefill={loaded.prefill}
              checkedPincode={loaded.checkedPincode}
              money={loaded.money}
              idempotencyKey={loaded.idempotencyKey}
              upiAvailable={loaded.upiAvailable}
              whatsapp={loaded.whatsapp}
              onCancel={() => dialogRef.current?.close()}
            />
          ) : null}
        </dialog>
      )}
    </section>
  );
}
