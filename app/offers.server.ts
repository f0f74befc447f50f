import { redirect } from "@remix-run/node";
import { MAX_QUANTITY, MIN_QUANTITY } from "../domain/cart";
import type { CatalogueProduct } from "../domain/catalogue";
import { FREE_SIZE, KIDS_SHOE_BASE_PRICE, KIDS_SHOE_PRICE_STEP, kidsShoePriceNote, normaliseSize } from "../domain/pricing";
import { formatRupees } from "../domain/money";
import { serverT } from "./i18n/i18n.server";
import { nameIn } from "../domain/catalogue-words";
import { DEFAULT_LANGUAGE, type Language } from "../domain/i18n";
import type { Offer } from "./components/AddToCartForm";

/**
 * How a kids shoe's price is made, shown under the chosen size, in the page's language
 * ("Size 9 - Base price ₹150 + ₹20 per size increase"): `offerFor`'s `note`. In English it is
 * the rule's own wording (domain/pricing.ts).
 */
export function kidsShoePriceNoteIn(lang: Language): (size: string) => string {
  if (lang === "en") return kidsShoePriceNote;
  const t = serverT(lang);
  const base = formatRupees(KIDS_SHOE_BASE_PRICE);
  const step = formatRupees(KIDS_SHOE_PRICE_STEP);
  return (size) => t("server:kidsShoePriceNote", { size, base, step });
}

/** One catalogue product as the add-to-cart form shows it, every price from domain/. */
export function offerFor(
  product: CatalogueProduct,
  options: { size?: string | null; preselectFirst?: boolean; note?: (size: string) => string; language?: Language } = {},
): Offer {
  const sizes = product.sizes.map((size) => ({
    size,
    price: product.priceFor(size) as number,
    ...(options.note ? { note: options.note(size) } : {}),
  }));
  const wanted = normaliseSize(options.size ?? undefined);
  const selectedSize =
    sizes.length === 0
      ? FREE_SIZE
      : (sizes.find((option) => option.size === wanted)?.size ?? (options.preselectFirst ? sizes[0].size : null));
  return {
    productId: product.id,
    // The form's label only: what the cart stores comes from the product id.
    name: nameIn(options.language ?? DEFAULT_LANGUAGE, product),
    sizes,
    oneSizePrice: sizes.length === 0 ? product.priceFor(FREE_SIZE) : undefined,
    selectedSize,
    comingSoon: product.comingSoon ?? false,
  };
}

/**
 * Without JavaScript, "Show price" submits the add-to-cart form as a GET to the page
 * itself, so the URL carries the cart fields. Answer with the clean address
 * (?size=..., or the page's own parameter for that product) so links and reloads stay tidy.
 */
export function tidySizeChoice(request: Request, paramFor: (productId: string) => string | undefined = () => "size") {
  const url = new URL(request.url);
  const productId = url.searchParams.get("productId");
  if (url.searchParams.get("intent") === null || productId === null) return;
  const param = paramFor(productId);
  const clean = new URLSearchParams();
  const size = url.searchParams.get("size");
  if (param && size) clean.set(param, size);
  const quantity = url.searchParams.get("quantity");
  if (param === "size" && quantity && quantity !== "1") clean.set("quantity", quantity);
  const search = clean.toString();
  throw redirect(`${url.pathname}${search ? `?${search}` : ""}`);
}

export function notFound(what: string): Response {
  return new Response(what, { status: 404, statusText: "Not Found" });
}

/** Reads ?quantity= for the stepper's starting value: a whole number from MIN_QUANTITY to max, else MIN_QUANTITY. */
export function startingQuantity(request: Request, max = MAX_QUANTITY): number {
  const raw = new URL(request.url).searchParams.get("quantity") ?? "";
  const value = /^\d{1,3}$/.test(raw) ? Number(raw) : MIN_QUANTITY;
  return Math.min(Math.max(value, MIN_QUANTITY), max);
}
