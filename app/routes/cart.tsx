import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Form, Link, useActionData, useFetcher, useLoaderData } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { MAX_QUANTITY, MIN_QUANTITY } from "../../domain/cart";
import { parseQuantity, QUANTITY_MESSAGE } from "../../domain/checkout";
import { isRuleViolation } from "../../domain/errors";
import { CART_FORM_LIMITS, cartForm } from "../../domain/forms/cart";
import { formatRupees } from "../../domain/money";
import { chargesBeforeDelivery } from "../../domain/orders/charges";
import type { CartView } from "../../services/cart";
import { cartContext, cartOwnerForWrite } from "../cart/cart.server";
import { addedFlash } from "../cart/added-flash.server";
import type { AddedItem } from "../components/AddedNote";
import type { Shop } from "../../services/index";
import { safeRedirect } from "../../domain/redirect";
import { readPageForm } from "../forms/form.server";
import { everyMessage, refusalOf } from "../forms/messages";
import { useHydrated } from "../components/useHydrated";
import { Message, metaT, useRefusal, useT } from "../i18n/I18n";
import { languageOf, refusalTable, routeMessages } from "../i18n/i18n.server";
import { checkoutRefusalIn } from "../i18n/checkout-refusals.server";
import { lineWordsIn, namesByEnglish } from "../catalogue-words.server";
import type { Language } from "../../domain/i18n";
import cartStyles from "../styles/cart.css?url";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: cartStyles }];

export const meta: MetaFunction = ({ matches }) => [{ title: metaT(matches)("cart:metaTitle") }];

const EMPTY: Omit<CartView, "cartId"> = { revision: -1, lines: [], count: 0, total: 0 };

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { owner } = await cartContext(request, context.shop);
  const cart = owner ? await context.shop.cart.view(owner) : EMPTY;
  const lang = languageOf(request);
  // Lines keep the English they were added with; the page names them in its language (decision 099).
  const words = await lineWordsIn(context.shop, lang, cart.lines);
  const itemName = namesByEnglish(cart.lines, words);
  const rules = context.shop.config.charges;
  return {
    // A line's problem names the product, worded by the server: put into the page's language here.
    lines: cart.lines.map((line, i) => ({
      ...line,
      ...(line.problem ? { problem: checkoutRefusalIn(lang, line.problem, itemName) } : {}),
      shown: words[i],
    })),
    // The same offer the order will be charged; delivery waits for the address at checkout.
    charges: chargesBeforeDelivery(cart.total, rules, new Date()),
    outsideCharge: rules.delivery.outsideCharge,
    count: cart.count,
    messages: routeMessages(request, "cart"),
    refusals: refusalTable(request, "checkout"),
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const shop = context.shop;
  const form = await readPageForm(request, cartForm, CART_FORM_LIMITS);
  if (!form.ok) return form.answer;
  const change = form.value;
  const { owner, setCookie } = await cartOwnerForWrite(request, shop);
  const headers = new Headers();
  let added: AddedItem | undefined;
  try {
    switch (change.intent) {
      case "add":
        await shop.cart.add(owner, { productId: change.productId, size: change.size, quantity: change.quantity });
        // The cookie only once something is in the cart: a refused add leaves no trace.
        if (setCookie) headers.append("Set-Cookie", setCookie);
        added = await addedItem(shop, change, languageOf(request));
        break;
      case "update":
        await shop.cart.changeQuantity(owner, lineOf(change), change.quantity);
        break;
      case "remove":
        await shop.cart.remove(owner, lineOf(change));
        break;
      case "clear":
        await shop.cart.clear(owner);
        break;
    }
  } catch (err) {
    // A refusal naming a product cannot be looked up by the page: it is worded here.
    if (isRuleViolation(err)) return form.refuse(checkoutRefusalIn(languageOf(request), err.message), err.status);
    throw err;
  }
  // A fetcher (JS on) asks for data and lets Remix revalidate; a plain form gets a redirect,
  // and what it added waits in a one-time cookie for the page it returns to (the root loader).
  if (change.respond === "data") return data({ ok: true as const, ...(added ? { added } : {}) }, { headers });
  if (added) headers.append("Set-Cookie", await addedFlash(shop, added));
  return redirect(safeRedirect(change.redirectTo, "/cart"), { headers });
}

/** What an add put in the cart, named as the shop names it in the page's language: "Added: Shirt (30) x 2". */
async function addedItem(shop: Shop, item: { productId: string; size?: string; quantity: number }, lang: Language): Promise<AddedItem | undefined> {
  const priced = await shop.priceLine(item.productId, item.size);
  if (!priced.ok) return undefined;
  const [shown] = await lineWordsIn(shop, lang, [priced.product]);
  return { name: shown.name, size: shown.size, quantity: item.quantity };
}

/** The line a row's form names: product, size and school (spec: a line's identity). */
function lineOf(row: { productId: string; size: string; school: string }) {
  return { productId: row.productId, size: row.size, school: row.school };
}

/** A refused change as one sentence: the cart's forms are all hidden fields but a row's quantity. */
function refusalText(data: unknown, refusal: (message: string) => string): string | undefined {
  const messages = everyMessage(refusalOf(data)).map(refusal);
  return messages.length ? messages.join(" ") : undefined;
}

type CartLineData = ReturnType<typeof useLoaderData<typeof loader>>["lines"][number];

export default function CartPage() {
  const { lines, charges, outsideCharge } = useLoaderData<typeof loader>();
  const t = useT();
  const refusal = useRefusal();
  const error = refusalText(useActionData<typeof action>(), refusal);
  const problems = lines.filter((line) => line.problem);

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
                  <CartRow key={`${line.productId}|${line.size}|${line.school}`} line={line} />
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
            <p data-testid="cart-delivery">{deliveryLine(t, outsideCharge)}</p>
            <p className="cart-total">
              <Message id="cart:totalLabel" values={{ total: <strong data-testid="cart-total">{formatRupees(charges.total)}</strong> }} />
            </p>
          </div>
          <div className="cart-actions">
            <Link className="button primary" to="/checkout">
              {t("cart:proceed")}
            </Link>
            <Form method="post" action="/cart">
              <input type="hidden" name="intent" value="clear" />
              <button type="submit" className="secondary">
                {t("cart:clear")}
              </button>
            </Form>
          </div>
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

function LineFields({ line }: { line: CartLineData }) {
  return (
    <>
      <input type="hidden" name="productId" value={line.productId} />
      <input type="hidden" name="size" value={line.size} />
      <input type="hidden" name="school" value={line.school} />
      <input type="hidden" name="redirectTo" value="/cart" />
    </>
  );
}

/**
 * One line. Without JS the quantity is a form with an Update button and Remove is a
 * form; with JS a changed quantity is sent by a fetcher after a short pause, no reload.
 */
function CartRow({ line }: { line: CartLineData }) {
  const hydrated = useHydrated();
  const update = useFetcher<typeof action>();
  const remove = useFetcher<typeof action>();
  const formRef = useRef<HTMLFormElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>();
  const [value, setValue] = useState(String(line.quantity));
  const [localError, setLocalError] = useState<string | undefined>();
  const t = useT();
  const refusal = useRefusal();
  const label = `${line.shown.name} (${line.shown.size})`;

  // The server's quantity wins once it has answered (another tab may have changed it).
  useEffect(() => {
    if (update.state === "idle") setValue(String(line.quantity));
  }, [line.quantity, update.state]);
  useEffect(() => () => clearTimeout(timer.current), []);

  if (remove.state !== "idle") return null; // optimistic: the line is on its way out

  const pending = update.formData ? Number(update.formData.get("quantity")) : undefined;
  const shownQuantity = pending !== undefined && Number.isInteger(pending) ? pending : line.quantity;
  const serverError = refusalText(update.data, refusal);
  const formId = `qty-${line.productId}-${line.size}-${line.school}`.replace(/[^A-Za-z0-9_-]/g, "_");

  function changed(next: string) {
    setValue(next);
    clearTimeout(timer.current);
    const parsed = parseQuantity(next);
    if (!parsed.ok) {
      setLocalError(next.trim() === "" ? undefined : refusal(QUANTITY_MESSAGE));
      return;
    }
    setLocalError(undefined);
    timer.current = setTimeout(() => {
      if (formRef.current) update.submit(formRef.current);
    }, 350);
  }

  return (
    <tr>
      <td data-label={t("cart:product")}>{line.shown.name}</td>
      <td data-label={t("cart:school")}>{line.shown.school || "—"}</td>
      <td data-label={t("cart:size")}>{line.shown.size}</td>
      <td data-label={t("cart:price")}>{line.unitPrice === null ? t("cart:unavailable") : formatRupees(line.unitPrice)}</td>
      <td data-label={t("cart:quantity")}>
        <update.Form method="post" action="/cart" id={formId} ref={formRef} className="qty-form">
          <input type="hidden" name="intent" value="update" />
          <LineFields line={line} />
          {hydrated ? <input type="hidden" name="respond" value="data" /> : null}
          <input
            type="number"
            name="quantity"
            min={MIN_QUANTITY}
            max={MAX_QUANTITY}
            step={1}
            inputMode="numeric"
            required
            aria-label={t("cart:quantityOf", { line: label })}
            value={value}
            onChange={(event) => changed(event.target.value)}
          />
          <button type="submit" className="secondary small">
            {t("cart:update")}
          </button>
        </update.Form>
        {localError || serverError ? (
          <p className="field-error" role="alert">
            {localError ?? serverError}
          </p>
        ) : null}
      </td>
      <td data-label={t("cart:total")} data-testid={`line-total-${formId}`}>
        {line.unitPrice === null ? "—" : formatRupees(line.unitPrice * shownQuantity)}
      </td>
      <td>
        <remove.Form method="post" action="/cart">
          <input type="hidden" name="intent" value="remove" />
          <LineFields line={line} />
          {hydrated ? <input type="hidden" name="respond" value="data" /> : null}
          <button type="submit" className="link-button danger" aria-label={t("cart:removeLine", { line: label })}>
            {t("cart:remove")}
          </button>
        </remove.Form>
      </td>
    </tr>
  );
}
