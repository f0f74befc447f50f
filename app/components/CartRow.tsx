/**
 * One line of the cart page (app/routes/cart.tsx). Without JS the quantity is a form with an
 * Update button and Remove is a form; with JS a changed quantity is sent by a fetcher after a
 * short pause, no reload, and a removed line leaves at once.
 */
import { useFetcher } from "@remix-run/react";
import type { SubmissionResult } from "@conform-to/react";
import { useEffect, useRef, useState } from "react";
import { MAX_QUANTITY, MIN_QUANTITY } from "../../domain/cart";
import { parseQuantity, QUANTITY_MESSAGE } from "../../domain/checkout-fields";
import { formatRupees } from "../../domain/money";
import { everyMessage, refusalOf } from "../forms/messages";
import { useHydrated } from "./useHydrated";
import { useRefusal, useT } from "../i18n/I18n";
import { LinePicture } from "./LinePicture";
import type { PictureData } from "./Picture";

/** What the cart's action answers a fetcher: done, or the refused change (`{ result }`). */
type CartAnswer = { ok: true } | { result: SubmissionResult<string[]> };

/** One cart line as the page shows it (app/cart/cart-page.server.ts): its identity, price and words in the page's language. */
export interface CartRowLine {
  productId: string;
  size: string;
  school: string;
  /** The child the line is for (decision 133), and their name when they are still on the account. */
  forChild?: string;
  childName?: string;
  quantity: number;
  unitPrice: number | null;
  shown: { name: string; school: string; size: string };
  /** The item's main photo, else its drawing in its school's colours (decision 140). */
  picture?: PictureData;
}

/** A refused change as one sentence: the cart's forms are all hidden fields but a row's quantity. */
export function answerText(data: unknown, refusal: (message: string) => string): string | undefined {
  const messages = everyMessage(refusalOf(data)).map(refusal);
  return messages.length ? messages.join(" ") : undefined;
}

function LineFields({ line }: { line: CartRowLine }) {
  return (
    <>
      <input type="hidden" name="productId" value={line.productId} />
      <input type="hidden" name="size" value={line.size} />
      <input type="hidden" name="school" value={line.school} />
      {line.forChild ? <input type="hidden" name="forChild" value={line.forChild} /> : null}
      <input type="hidden" name="redirectTo" value="/cart" />
    </>
  );
}

/**
 * One line. Without JS the quantity is a form with an Update button and Remove is a
 * form; with JS a changed quantity is sent by a fetcher after a short pause, no reload.
 */
export function CartRow({ line }: { line: CartRowLine }) {
  const hydrated = useHydrated();
  const update = useFetcher<CartAnswer>();
  const remove = useFetcher<CartAnswer>();
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
  const serverError = answerText(update.data, refusal);
  const formId = `qty-${line.productId}-${line.size}-${line.school}-${line.forChild ?? ""}`.replace(/[^A-Za-z0-9_-]/g, "_");

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
      <td data-label={t("cart:product")}>
        <LinePicture picture={line.picture} />
        {line.shown.name}
        {line.childName ? <div className="line-child">{t("cart:forChild", { name: line.childName })}</div> : null}
      </td>
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
