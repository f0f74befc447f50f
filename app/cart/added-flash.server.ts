import { signedCookie } from "../signed-cookie.server";
import type { Shop } from "../../services/index";
import { ADDED_FLASH_COOKIE } from "../../domain/cookies";
import { MAX_QUANTITY, MIN_QUANTITY } from "../../domain/cart";
import type { AddedItem } from "../components/AddedNote";

/**
 * Without JavaScript an add-to-cart form posts to /cart and is sent back to the page it was
 * on; what it added rides along in this short-lived, signed cookie, and the next page (the
 * root loader) shows it once and clears it. Signed, so no link or other site can make the
 * shop claim it added something; a minute long, so a parent who wanders off does not meet
 * an old message later (decision 097).
 */
const FLASH_SECONDS = 60;
const MAX_TEXT = 200;

const flashCookie = (shop: Shop) => signedCookie(shop, ADDED_FLASH_COOKIE, { path: "/", maxAgeSeconds: FLASH_SECONDS });

/** The Set-Cookie that carries `item` to the page the browser is sent back to. */
export function addedFlash(shop: Shop, item: AddedItem): Promise<string> {
  return flashCookie(shop).serialize(item);
}

const isText = (value: unknown): value is string => typeof value === "string" && value.length > 0 && value.length <= MAX_TEXT;

/**
 * What the last plain add-to-cart form added, and the Set-Cookie that clears it (it is
 * shown once). Null when there is none, or when it does not check out.
 */
export async function takeAddedFlash(request: Request, shop: Shop): Promise<{ item: AddedItem | null; clear: string } | null> {
  const header = request.headers.get("Cookie");
  if (!header || !header.includes(ADDED_FLASH_COOKIE)) return null;
  const cookie = flashCookie(shop);
  const value: unknown = await cookie.parse(header);
  const clear = await cookie.serialize("", { maxAge: 0, expires: new Date(0) });
  if (!value || typeof value !== "object") return { item: null, clear };
  const { name, size, quantity } = value as Record<string, unknown>;
  const valid = isText(name) && isText(size) && Number.isInteger(quantity) && (quantity as number) >= MIN_QUANTITY && (quantity as number) <= MAX_QUANTITY;
  return { item: valid ? { name, size, quantity: quantity as number } : null, clear };
}
