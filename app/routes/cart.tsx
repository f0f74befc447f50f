import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Form, Link, useActionData, useFetcher, useLoaderData } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { MAX_QUANTITY, MIN_QUANTITY } from "../../domain/cart";
import { parseQuantity, productIdSchema, QUANTITY_MESSAGE } from "../../domain/checkout";
import { formatRupees } from "../../domain/money";
import type { CartView } from "../../services/cart";
import { cartContext, cartOwnerForWrite, safeRedirectPath } from "../cart/cart.server";
import { field, readForm, refusal } from "../cart/form.server";
import { useHydrated } from "../components/useHydrated";
import cartStyles from "../styles/cart.css?url";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: cartStyles }];

export const meta: MetaFunction = () => [{ title: "Your Cart | Churu Uniform House" }];

const EMPTY: Omit<CartView, "cartId"> = { revision: -1, lines: [], count: 0, total: 0 };

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { owner } = await cartContext(request, context.shop);
  const cart = owner ? await context.shop.cart.view(owner) : EMPTY;
  return { lines: cart.lines, total: cart.total, count: cart.count };
}

/** The line a row form names: product, size and school (spec: a line's identity). */
function lineRef(form: URLSearchParams) {
  const productId = productIdSchema.safeParse(field(form, "productId"));
  if (!productId.success) return null;
  return { productId: productId.data, size: field(form, "size") ?? "", school: field(form, "school") ?? "" };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const shop = context.shop;
  try {
    const form = await readForm(request);
    const intent = field(form, "intent");
    const { owner, setCookie } = await cartOwnerForWrite(request, shop);
    const headers = new Headers();

    switch (intent) {
      case "add": {
        const productId = productIdSchema.safeParse(field(form, "productId"));
        if (!productId.success) return data({ error: productId.error.issues[0].message }, { status: 400 });
        const quantity = parseQuantity(field(form, "quantity") ?? "1");
        if (!quantity.ok) return data({ error: quantity.message }, { status: 422 });
        const size = field(form, "size");
        if (size !== undefined && size.length > 40) return data({ error: "That size is not available." }, { status: 422 });
        await shop.cart.add(owner, { productId: productId.data, size, quantity: quantity.quantity });
        // The cookie only once something is in the cart: a refused add leaves no trace.
        if (setCookie) headers.append("Set-Cookie", setCookie);
        break;
      }
      case "update": {
        const line = lineRef(form);
        if (!line) return data({ error: "That item is not in your cart." }, { status: 400 });
        const quantity = parseQuantity(field(form, "quantity"));
        if (!quantity.ok) return data({ error: quantity.message, line }, { status: 422 });
        await shop.cart.changeQuantity(owner, line, quantity.quantity);
        break;
      }
      case "remove": {
        const line = lineRef(form);
        if (!line) return data({ error: "That item is not in your cart." }, { status: 400 });
        await shop.cart.remove(owner, line);
        break;
      }
      case "clear":
        await shop.cart.clear(owner);
        break;
      default:
        return data({ error: "Unknown cart action." }, { status: 400 });
    }
    // A fetcher (JS on) asks for data and lets Remix revalidate; a plain form gets a redirect.
    if (field(form, "respond") === "data") return data({ ok: true as const }, { headers });
    return redirect(safeRedirectPath(field(form, "redirectTo"), "/cart"), { headers });
  } catch (err) {
    return refusal(err);
  }
}

type CartLineData = ReturnType<typeof useLoaderData<typeof loader>>["lines"][number];

export default function CartPage() {
  const { lines, total } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const error = actionData && "error" in actionData ? actionData.error : undefined;
  const problems = lines.filter((line) => line.problem);

  return (
    <section className="cart-page" aria-labelledby="cart-title">
      <h1 id="cart-title">Your Cart</h1>
      {error ? (
        <p className="error-box" role="alert">
          {error}
        </p>
      ) : null}
      {lines.length === 0 ? (
        <div className="cart-empty">
          <p>Your cart is empty.</p>
          <p>
            <Link className="button" to="/schools">
              Find your school
            </Link>
          </p>
        </div>
      ) : (
        <>
          <div className="table-scroll">
            <table className="cart-table">
              <thead>
                <tr>
                  <th scope="col">Product</th>
                  <th scope="col">School</th>
                  <th scope="col">Size</th>
                  <th scope="col">Price</th>
                  <th scope="col">Quantity</th>
                  <th scope="col">Total</th>
                  <th scope="col">
                    <span className="visually-hidden">Remove</span>
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
          <p className="cart-total">
            Total: <strong data-testid="cart-total">{formatRupees(total)}</strong>
          </p>
          <div className="cart-actions">
            <Link className="button primary" to="/checkout">
              Proceed to Checkout
            </Link>
            <Form method="post" action="/cart">
              <input type="hidden" name="intent" value="clear" />
              <button type="submit" className="secondary">
                Clear Cart
              </button>
            </Form>
          </div>
        </>
      )}
    </section>
  );
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
  const label = `${line.name} (${line.size})`;

  // The server's quantity wins once it has answered (another tab may have changed it).
  useEffect(() => {
    if (update.state === "idle") setValue(String(line.quantity));
  }, [line.quantity, update.state]);
  useEffect(() => () => clearTimeout(timer.current), []);

  if (remove.state !== "idle") return null; // optimistic: the line is on its way out

  const pending = update.formData ? Number(update.formData.get("quantity")) : undefined;
  const shownQuantity = pending !== undefined && Number.isInteger(pending) ? pending : line.quantity;
  const serverError = update.data && "error" in update.data ? update.data.error : undefined;
  const formId = `qty-${line.productId}-${line.size}-${line.school}`.replace(/[^A-Za-z0-9_-]/g, "_");

  function changed(next: string) {
    setValue(next);
    clearTimeout(timer.current);
    const parsed = parseQuantity(next);
    if (!parsed.ok) {
      setLocalError(next.trim() === "" ? undefined : QUANTITY_MESSAGE);
      return;
    }
    setLocalError(undefined);
    timer.current = setTimeout(() => {
      if (formRef.current) update.submit(formRef.current);
    }, 350);
  }

  return (
    <tr>
      <td data-label="Product">{line.name}</td>
      <td data-label="School">{line.school || "—"}</td>
      <td data-label="Size">{line.size}</td>
      <td data-label="Price">{line.unitPrice === null ? "Unavailable" : formatRupees(line.unitPrice)}</td>
      <td data-label="Quantity">
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
            aria-label={`Quantity of ${label}`}
            value={value}
            onChange={(event) => changed(event.target.value)}
          />
          <button type="submit" className="secondary small">
            Update
          </button>
        </update.Form>
        {localError || serverError ? (
          <p className="field-error" role="alert">
            {localError ?? serverError}
          </p>
        ) : null}
      </td>
      <td data-label="Total" data-testid={`line-total-${formId}`}>
        {line.unitPrice === null ? "—" : formatRupees(line.unitPrice * shownQuantity)}
      </td>
      <td>
        <remove.Form method="post" action="/cart">
          <input type="hidden" name="intent" value="remove" />
          <LineFields line={line} />
          {hydrated ? <input type="hidden" name="respond" value="data" /> : null}
          <button type="submit" className="link-button danger" aria-label={`Remove ${label}`}>
            Remove
          </button>
        </remove.Form>
      </td>
    </tr>
  );
}
