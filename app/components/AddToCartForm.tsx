import { Form, useLocation, useNavigate, useSearchParams } from "@remix-run/react";
import { useEffect, useId, useState } from "react";
import { MAX_QUANTITY, MIN_QUANTITY } from "../../domain/cart";
import { formatRupees } from "../../domain/money";
import { useHydrated } from "./useHydrated";

export interface SizeOption {
  size: string;
  price: number;
  /** Shown under the price once this size is chosen (kids shoes: how the price is made). */
  note?: string;
}

/** A product ready for the add-to-cart form; the loader builds it from domain/ prices. */
export interface Offer {
  /** Catalogue id the cart prices from: school/dps/shirt, white/shirt, product/12... */
  productId: string;
  name: string;
  /** [] for a one-size product ("Free Size"). */
  sizes: SizeOption[];
  oneSizePrice?: number;
  /** The size the page shows a price for; null until the shopper picks one. */
  selectedSize: string | null;
  comingSoon: boolean;
  /** Why it cannot be added right now (e.g. "Out of Stock"). */
  unavailable?: string;
  maxQuantity?: number;
}

interface Props {
  offer: Offer;
  /**
   * How a size is chosen. "page": the choice is in the URL (?{sizeParam}=), the server
   * prices it, and the add button waits for it; "required": radios the browser insists on
   * before posting (one price for every size, nothing to show first).
   */
  sizeMode?: "page" | "required";
  sizeParam?: string;
  /** Product pages get the quantity stepper and BUY NOW; shelf cards add one at a time. */
  detail?: boolean;
  buyNow?: boolean;
  quantity?: number;
  chooseLabel?: string;
  addLabel?: (price: number) => string;
  /** The add button's label when the price is shown on it, e.g. "Add to Cart - ₹310". */
  priceNextToSize?: boolean;
}

/**
 * The one way anything is added to the cart: a plain POST form to /cart with
 * intent=add, productId, size, quantity and redirectTo (the submit button's own value:
 * ADD TO CART stays on this page, BUY NOW goes to /cart). Works the same with JS off.
 */
export function AddToCartForm({
  offer,
  sizeMode = "page",
  sizeParam = "size",
  detail = false,
  buyNow = false,
  quantity = 1,
  chooseLabel = "Select a size first",
  addLabel = () => "Add to Cart",
}: Props) {
  const hydrated = useHydrated();
  const location = useLocation();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const formId = useId();

  // With JS the choice shows at once; the URL follows so a reload or a shared link agrees.
  const [chosen, setChosen] = useState(offer.selectedSize);
  useEffect(() => setChosen(offer.selectedSize), [offer.selectedSize]);

  const oneSize = offer.sizes.length === 0;
  const option = offer.sizes.find((candidate) => candidate.size === chosen);
  const price = oneSize ? offer.oneSizePrice : sizeMode === "required" ? offer.sizes[0]?.price : option?.price;
  const ready = oneSize || sizeMode === "required" || option !== undefined;
  const blocked = offer.comingSoon ? "Coming Soon" : offer.unavailable;
  const here = `${location.pathname}${location.search}`;

  function choose(size: string) {
    setChosen(size);
    if (sizeMode !== "page") return;
    const next = new URLSearchParams(searchParams);
    next.set(sizeParam, size);
    navigate({ search: `?${next}` }, { replace: true, preventScrollReset: true });
  }

  let buttonText = addLabel(price ?? 0);
  if (blocked) buttonText = blocked;
  else if (!ready) buttonText = chooseLabel;

  return (
    <Form method="post" action="/cart" className={detail ? "add-form detail" : "add-form"} aria-label={`Add ${offer.name} to cart`}>
      <input type="hidden" name="intent" value="add" />
      <input type="hidden" name="productId" value={offer.productId} />
      {oneSize ? (
        <input type="hidden" name="size" value={offer.selectedSize ?? "Free Size"} />
      ) : (
        <fieldset className="sizes">
          <legend>{sizeMode === "required" || chosen ? "Size" : "Choose a size"}</legend>
          <div className="size-options">
            {offer.sizes.map((candidate) => (
              <label key={candidate.size} className="size-option">
                <input
                  type="radio"
                  name="size"
                  value={candidate.size}
                  checked={chosen === candidate.size}
                  required={sizeMode === "required"}
                  onChange={() => choose(candidate.size)}
                />
                <span>{candidate.size}</span>
              </label>
            ))}
          </div>
          {sizeMode === "page" && !hydrated ? (
            <button type="submit" formMethod="get" formAction={location.pathname} formNoValidate className="button secondary small">
              Show price
            </button>
          ) : null}
        </fieldset>
      )}
      {price !== undefined && ready ? (
        <p className="price" aria-live="polite">
          {detail ? "Price: " : ""}
          <span data-testid={`price-${offer.productId}`}>{formatRupees(price)}</span>
          {option && detail ? <span className="price-size"> (Size {option.size})</span> : null}
        </p>
      ) : (
        <p className="price-hint" aria-live="polite">
          Choose a size to see the price.
        </p>
      )}
      {option?.note && ready ? <p className="price-note">{option.note}</p> : null}
      {detail ? (
        <QuantityStepper initial={quantity} max={offer.maxQuantity ?? MAX_QUANTITY} id={`${formId}-quantity`} />
      ) : (
        <input type="hidden" name="quantity" value="1" />
      )}
      <div className="buy-buttons">
        <button type="submit" name="redirectTo" value={here} className="primary" disabled={!ready || Boolean(blocked)}>
          {buttonText}
        </button>
        {buyNow && !blocked ? (
          <button type="submit" name="redirectTo" value="/cart" className="button secondary" disabled={!ready}>
            BUY NOW
          </button>
        ) : null}
      </div>
    </Form>
  );
}

/** Quantity from MIN_QUANTITY to max: a number input that works alone; with JS, − and + beside it. */
export function QuantityStepper({ initial, max, id }: { initial: number; max: number; id: string }) {
  const hydrated = useHydrated();
  const [value, setValue] = useState(String(initial));
  const current = Number(value);
  const step = (by: number) => {
    const base = Number.isInteger(current) && current >= MIN_QUANTITY ? current : MIN_QUANTITY;
    setValue(String(Math.min(Math.max(base + by, MIN_QUANTITY), max)));
  };
  return (
    <div className="quantity">
      <label htmlFor={id}>Quantity</label>
      <div className="stepper">
        {hydrated ? (
          <button type="button" className="step" aria-label="Decrease quantity" aria-controls={id} onClick={() => step(-1)} disabled={current <= MIN_QUANTITY}>
            −
          </button>
        ) : null}
        <input
          id={id}
          type="number"
          name="quantity"
          min={MIN_QUANTITY}
          max={max}
          step={1}
          inputMode="numeric"
          required
          value={value}
          onChange={(event) => setValue(event.target.value)}
        />
        {hydrated ? (
          <button type="button" className="step" aria-label="Increase quantity" aria-controls={id} onClick={() => step(1)} disabled={current >= max}>
            +
          </button>
        ) : null}
      </div>
    </div>
  );
}
