import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useSearchParams, Link } from "@remix-run/react";
import { CART_FORM_LIMITS, cartForm } from "../../domain/forms/cart";
import { CartRow, answerText } from "../components/CartRow";
import { formatRupees } from "../../domain/money";
import { cartOwnerForWrite } from "../cart/cart.server";
import { cartPage, changeCart } from "../cart/cart-page.server";
import { addedFlash } from "../cart/added-flash.server";
import { safeRedirect } from "../../domain/redirect";
import { readPageForm } from "../forms/form.server";
import { Message, metaT, useRefusal, useT } from "../i18n/I18n";
import { withDelivery } from "../components/ChargesLines";
import { PincodeCheck, deliveryAnswer } from "../components/PincodeCheck";
import { DeliveryDates } from "../components/DeliveryDates";
import { languageOf } from "../i18n/i18n.server";
import cartStyles from "../styles/cart.css?url";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: cartStyles }];

export const meta: MetaFunction = ({ matches }) => [{ title: metaT(matches)("cart:metaTitle") }];

/** The cart's lines and money (app/cart/cart-page.server.ts). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  return cartPage(context.shop, request);
}

/** Add, update, remove or clear; a refusal comes back beside the form. */
export async function action({ request, context }: ActionFunctionArgs) {
  const shop = context.shop;
  const form = await readPageForm(request, cartForm, CART_FORM_LIMITS);
  if (!form.ok) return form.answer;
  const change = form.value;
  const { owner, setCookie } = await cartOwnerForWrite(request, shop);
  const done = await changeCart(shop, owner, change, languageOf(request));
  if (!done.ok) return form.refuse(done.refusal, done.status);
  const { added } = done;
  const headers = new Headers();
  // The cookie only once something is in the cart: a refused add leaves no trace.
  if (change.intent === "add" && setCookie) headers.append("Set-Cookie", setCookie);
  // A fetcher (JS on) asks for data and lets Remix revalidate; a plain form gets a redirect,
  // and what it added waits in a one-time cookie for the page it returns to (the root loader).
  if (change.respond === "data") return data({ ok: true as const, ...(added ? { added } : {}) }, { headers });
  if (added) headers.append("Set-Cookie", await addedFlash(shop, added));
  return redirect(safeRedirect(change.redirectTo, "/cart"), { headers });
}

export default function CartPage() {
  const { lines, shown, outsideCharge, check, childNames, dates } = useLoaderData<typeof loader>();
  const charges = shown;
  const t = useT();
  const refusal = useRefusal();
  const error = answerText(useActionData<typeof action>(), refusal);
  const problems = lines.filter((line) => line.problem);
  const confirmingClear = useSearchParams()[0].get("confirm") === "clear";

  return (
    <section className="cart-page" aria-labelledby="cart-title">
      <h1 id="cart-title">{t("cart:title")}</h1>
      {error ? (
        <p className="error-box" role="alert">
          {error}
        </p>
      ) : null}
      {lines.length === 0 ? (
        <div className="cart-empty">
          <p>{t("cart:empty")}</p>
          <p>
            <Link className="button" to="/schools">
              {t("cart:findSchool")}
            </Link>
          </p>
        </div>
      ) : (
        <>
          <div className="table-scroll">
            <table className="cart-table">
              <thead>
                <tr>
                  <th scope="col">{t("cart:product")}</th>
                  <th scope="col">{t("cart:school")}</th>
                  <th scope="col">{t("cart:size")}</th>
                  <th scope="col">{t("cart:price")}</th>
                  <th scope="col">{t("cart:quantity")}</th>
                  <th scope="col">{t("cart:total")}</th>
                  <th scope="col">
                    <span className="visually-hidden">{t("cart:remove")}</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {lines.map((line) => (
                  <CartRow
                    key={`${line.productId}|${line.size}|${line.school}|${line.forChild ?? ""}`}
                    line={{ ...line, ...(line.forChild && childNames[line.forChild] ? { childName: childNames[line.forChild] } : {}) }}
                  />
                ))}
              </tbody>
            </table>
          </div>
          {problems.length ? (
            <ul className="error-box cart-problems">
              {problems.map((line) => (
                <li key={`${line.productId}|${line.size}|${line.school}`}>{line.problem}</li>
              ))}
            </ul>
          ) : null}
          <div className="cart-summary">
            <p data-testid="cart-subtotal-line">
              <Message id="cart:subtotalLabel" values={{ subtotal: <span data-testid="cart-subtotal">{formatRupees(charges.subtotal)}</span> }} />
            </p>
            {charges.discount > 0 ? (
              <p data-testid="cart-discount-line">
                <Message
                  id="cart:discountLabel"
                  values={{ percent: String(charges.discountPercent), discount: <span data-testid="cart-discount">−{formatRupees(charges.discount)}</span> }}
                />
              </p>
            ) : null}
            <p data-testid="cart-delivery">{shown.pincode ? deliveryAnswer(t, check.rule, shown.pincode) : deliveryLine(t, outsideCharge)}</p>
            <p className="cart-total">
              {/* "Total" only with delivery in it: before a pincode is known it is the total before delivery. */}
              <Message
                id={withDelivery(shown) ? "cart:totalLabel" : "delivery:figures.totalBeforeDeliveryLabel"}
                values={{ total: <strong data-testid="cart-total">{formatRupees(charges.total)}</strong> }}
              />
            </p>
            <PincodeCheck check={check} inSummary />
            <DeliveryDates dates={dates} id="cart-dates" />
          </div>
          <div className="cart-actions">
            <Link className="button primary" to="/checkout">
              {t("cart:proceed")}
            </Link>
            {/* Emptying the cart is asked first: a link to the question, which works without JavaScript. */}
            {confirmingClear ? null : (
              <Link className="button secondary" to="?confirm=clear" preventScrollReset data-testid="clear-cart">
                {t("cart:clear")}
              </Link>
            )}
          </div>
          {confirmingClear ? (
            <div className="confirm-box" role="alertdialog" aria-labelledby="clear-question" aria-describedby="clear-detail">
              <p id="clear-question" className="confirm-question">
                {t("cart:clearQuestion")}
              </p>
              <p id="clear-detail">{t("cart:clearDetail", { count: lines.length })}</p>
              <Form method="post" action="/cart" className="dialog-buttons">
                <input type="hidden" name="intent" value="clear" />
                <button type="submit" className="danger">
                  {t("cart:clearYes")}
                </button>
                <Link className="button secondary" to="/cart" preventScrollReset>
                  {t("cart:clearNo")}
                </Link>
              </Form>
            </div>
          ) : null}
        </>
      )}
    </section>
  );
}

/** What delivery will cost, as the shop's rule says, before the address is known. */
function deliveryLine(t: ReturnType<typeof useT>, outsideCharge: number | null): string {
  if (outsideCharge === null) return t("cart:deliveryOnlyInArea");
  if (outsideCharge === 0) return t("cart:deliveryFree");
  return t("cart:deliveryOutside", { charge: formatRupees(outsideCharge) });
}
