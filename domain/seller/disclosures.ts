/**
 * What the shop tells a buyer before they buy (decision 130): the facts of each product that the
 * Legal Metrology (Packaged Commodities) Rules 2011, rule 6(10), ask an online seller to show (country
 * of origin, maker or packer, net quantity, MRP inclusive of all taxes), and the return, refund and
 * cancellation terms the Consumer Protection (E-Commerce) Rules 2020 ask to be shown before purchase
 * (with no charge for cancelling unless the seller bears the same). The terms' figures come from the order's own rules (../orders/terms.ts),
 * so the page cannot promise other terms than the shop keeps. No I/O.
 */
import { REFUND_METHODS, RETURN_RECEIPTS, RETURN_WANTS, RETURN_WINDOW_MS } from "../orders/terms";
import type { UniformType } from "../pricing";

export const COUNTRY_MAX = 60;
export const MAKER_MAX = 300;
export const NET_QUANTITY_MAX = 60;

/** The shop's own country of origin for what it makes (and the stored rows' default, migration 0027). */
export const INDIA = "India";

/** How a net quantity is counted when the shop words it: one piece, or one pair. */
export type CountUnit = "piece" | "pair";

export interface ProductFacts {
  /** As stored; "India" is worded in the page's language; null: not yet set (a bought-in catalogue item, decision 142). */
  countryOfOrigin: string | null;
  /** Who made or packed it, with their address; null: not yet set (the page leaves it out). */
  maker: string | null;
  /** Free text as the admin wrote it ("500 ml", "1 N"), or a count the shop words. */
  netQuantity: string | { count: number; unit: CountUnit } | null;
  /** True when the maker is the shop itself: its own uniforms. */
  madeByShop: boolean;
}

/** What goes in pairs: socks and shoes. */
const PAIRED: readonly UniformType[] = ["socks", "socks-sized"];

/** The shop's own uniforms: made in India by the shop (its legal name and address). */
export function uniformFacts(seller: { legalName: string; address: string }, type: UniformType): ProductFacts {
  return {
    countryOfOrigin: INDIA,
    maker: seller.address ? `${seller.legalName}, ${seller.address}` : seller.legalName,
    netQuantity: { count: 1, unit: PAIRED.includes(type) ? "pair" : "piece" },
    madeByShop: true,
  };
}

/** A product row the admin edits: what the admin set. */
export function rowFacts(row: { countryOfOrigin: string; maker: string | null; netQuantity: string | null }): ProductFacts {
  return { countryOfOrigin: row.countryOfOrigin, maker: row.maker, netQuantity: row.netQuantity, madeByShop: false };
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** The return, refund and cancellation terms, as the order's rules keep them. */
export const SALE_TERMS = {
  /** Days after delivery a return may be asked for (RETURN_WINDOW_MS). */
  returnDays: RETURN_WINDOW_MS / DAY_MS,
  /** A return asks for a refund or an exchange (RETURN_WANTS). */
  wants: RETURN_WANTS,
  /** How the goods come back (RETURN_RECEIPTS). */
  receipts: RETURN_RECEIPTS,
  /** How money is given back (REFUND_METHODS). */
  refundMethods: REFUND_METHODS,
  /** refundFor: the returned lines less their share of the order's offer; delivery is not given back. */
  deliveryRefunded: false,
  /** An exchange's new size goes out at no charge (ExchangeMade: a ₹0 line). */
  exchangeCharge: 0,
  /** No rule of the shop charges for a cancellation (the E-Commerce Rules allow none the seller does not bear). */
  cancellationCharge: 0,
} as const;
