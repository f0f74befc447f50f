import { Form, useFetcher, useLocation, useNavigate, useSearchParams } from "@remix-run/react";
import { useEffect, useId, useState, type FormEvent } from "react";
import { MAX_QUANTITY, MIN_QUANTITY } from "../../domain/cart";
import { formatRupees } from "../../domain/money";
import { everyMessage, refusalOf } from "../forms/messages";
import type { action as cartAction } from "../routes/cart";
import { AddedNote } from "./AddedNote";
import { useHydrated } from "./useHydrated";
import { useT } from "../i18n/I18n";

export interface SizeOption {
  size: string;
  price: number;
  /** Shown under the price once this size is chosen (kids shoes: how the price is made). */
  note?: string;
  /** Beside the size: why it cannot be chosen now ("out of stock"); the radio is then disabled. */
  out?: string;
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
  /** The child on the parent's account the line is for (decision 133), chosen with the page's child picker. */
  forChild?: string;
}

/**
 * The one way anything is added to the cart: a plain POST form to /cart with
 * intent=add, productId, size, quantity and redirectTo (the submit button's own value:
 * ADD TO CART stays on this page, BUY NOW goes to /cart). Without JS the shop sends the
 * browser back and says what was added at the top of the page; with JS, ADD TO CART goes
 * by a fetcher (respond=data) and the answer appears by the button, where the parent is.
 */
export function AddToCartForm({
  offer,
  sizeMode = "page",
  sizeParam = "size",
  detail = false,
  buyNow = false,
  quantity = 1,
  chooseLabel,
  addLabel,
  forChild,
}: Props) {
  const hydrated = useHydrated();
  const location = useLocation();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const formId = useId();
  const fetcher = useFetcher<typeof cartAction>();

  // With JS the choice shows at once; the URL follows so a reload or a shared link agrees.
  const [chosen, setChosen] = useState(offer.selectedSize);
  useEffect(() => setChosen(offer.selectedSize), [offer.selectedSize]);

  const oneSize = offer.sizes.length === 0;
  const option = offer.sizes.find((candidate) => candidate.size === chosen);
  const price = oneSize ? offer.oneSizePrice : sizeMode === "required" ? offer.sizes[0]?.price : option?.price;
  const ready = oneSize || sizeMode === "required" || option !== undefined;
  const t = useT();
  const blocked = offer.comingSoon ? t("comingSoon") : offer.unavailable;
  const here = `${location.pathname}${location.search}`;

  function choose(size: string) {
    setChosen(size);
    if (sizeMode !== "page") return;
    const next = new URLSearchParams(searchParams);
    next.set(sizeParam, size);
    navigate({ search: `?${next}` }, { replace: true, preventScrollReset: true });
  }

  // ADD TO CART stays here (a fetcher); BUY NOW goes to the cart as a plain navigation, as without JS.
  function onSubmit(event: FormEvent<HTMLFormElement>) {
    const submitter = (event.nativeEvent as SubmitEvent).submitter;
    if (submitter instanceof HTMLButtonElement && submitter.dataset.buyNow !== undefined) return;
    event.preventDefault();
    const form = new FormData(event.currentTarget, submitter);
    form.set("respond", "data");
    fetcher.submit(form, { method: "post", action: "/cart" });
  }
  const adding = fetcher.state !== "idle";
  const answer = adding ? undefined : fetcher.data;
  const added = answer && "added" in answer ? answer.added : undefined;
  const refused = everyMessage(refusalOf(answer));

  let buttonText = addLabel ? addLabel(price ?? 0) : t("cartForm.addToCart");
  if (blocked) buttonText = blocked;
  else if (!ready) buttonText = chooseLabel ?? t("cartForm.chooseSizeFirst");

  return (
    <Form
      method="post"
      action="/cart"
      className={detail ? "add-form detail" : "add-form"}
      aria-label={t("cartForm.label", { name: offer.name })}
      onSubmit={hydrated ? onSubmit : undefined}
    >
      <input type="hidden" name="intent" value="add" />
      <input type="hidden" name="productId" value={offer.productId} />
      {forChild ? <input type="hidden" name="forChild" value={forChild} /> : null}
      {oneSize ? (
        <input type="hidden" name="size" value={offer.selectedSize ?? "Free Size"} />
      ) : (
        <fieldset className="sizes">
          <legend>{sizeMode === "required" || chosen ? t("cartForm.size") : t("cartForm.chooseSize")}</legend>
          <div className="size-options">
            {offer.sizes.map((candidate) => (
              <label key={candidate.size} className="size-option">
                <input
                  type="radio"
                  name="size"
                  value={candidate.size}
                  checked={chosen === candidate.size}
                  required={sizeMode === "required"}
                  disabled={candidate.out !== undefined && chosen !== candidate.size}
                  onChange={() => choose(candidate.size)}
                />
                <span>{candidate.size}</span>
                {candidate.out ? <small className="size-out"> ({candidate.out})</small> : null}
              </label>
            ))}
          </div>
          {sizeMode === "page" && !hydrated ? (
            <button type="submit" formMethod="get" formAction={location.pathname} formNoValidate className="button secondary small">
              {t("cartForm.showPrice")}
            </button>
          ) : null}
        </fieldset>
      )}
      {price !== undefined && ready ? (
        <p className="price" aria-live="polite">
          {detail ? t("cartForm.price") : ""}
          <span data-testid={`price-${offer.productId}`}>{formatRupees(price)}</span>
          {option && detail ? <span className="price-size">{t("cartForm.priceSize", { size: option.size })}</span> : null}
        </p>
      ) : (
        <p className="price-hint" aria-live="polite">
          {t("cartForm.chooseForPrice")}
        </p>
      )}
      {option?.note && ready ? <p className="price-note">{option.note}</p> : null}
      {detail ? (
        <QuantityStepper initial={quantity} max={offer.maxQuantity ?? MAX_QUANTITY} id={`${formId}-quantity`} />
      ) : (
        <input type="hidden" name="quantity" value="1" />
      )}
      <div className="buy-buttons">
        <button type="submit" name="redirectTo" value={here} className="primary" disabled={!ready || Boolean(blocked)} aria-busy={adding || undefined}>
          {buttonText}
        </button>
        {buyNow && !blocked ? (
          <button type="submit" name="redirectTo" value="/cart" className="button secondary" disabled={!ready} data-buy-now="">
            {t("cartForm.buyNow")}
          </button>
        ) : null}
      </div>
      {/* On the page before anything is added, so a screen reader announces what appears in it. */}
      <p className="add-result" role="status">
        {added ? <AddedNote item={added} /> : null}
      </p>
      {refused.length ? (
        <p className="form-error" role="alert">
          {refused.join(" ")}
        </p>
      ) : null}
    </Form>
  );
}

/** Quantity from MIN_QUANTITY to max: a number input that works alone; with JS, − and + beside it. */
export function QuantityStepper({ initial, max, id }: { initial: number; max: number; id: string }) {
  const hydrated = useHydrated();
  const t = useT();
  const [value, setValue] = useState(String(initial));
  const current = Number(value);
  const step = (by: number) => {
    const base = Number.isInteger(current) && current >= MIN_QUANTITY ? current : MIN_QUANTITY;
    setValue(String(Math.min(Math.max(base + by, MIN_QUANTITY), max)));
  };
  return (
    <div className="quantity">
      <label htmlFor={id}>{t("cartForm.quantity")}</label>
      <div className="stepper">
        {hydrated ? (
          <button type="button" className="step" aria-label={t("cartForm.decrease")} aria-controls={id} onClick={() => step(-1)} disabled={current <= MIN_QUANTITY}>
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
          <button type="button" className="step" aria-label={t("cartForm.increase")} aria-controls={id} onClick={() => step(1)} disabled={current >= max}>
            +
          </button>
        ) : null}
      </div>
    </div>
  );
}
