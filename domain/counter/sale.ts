/**
 * A walk-in sale's parts that are not money (decision 210): which counter, the parent's mobile number if
 * they give one, and the shop's own address as the sale's, since the goods are handed over in the shop
 * (its state is the place of supply).
 */
import { RuleViolation } from "../errors";
import { checkMobile } from "../phone";
import type { OrderCustomer, ShippingAddress } from "../orders/events";

/** A counter's name as the shop calls it ("1", "2", "front"): letters, digits and hyphens, short. */
export const COUNTER_NAME = /^[A-Za-z0-9-]{1,20}$/;

/** Churu's head post office: the shop's pincode when its address does not say one. */
export const SHOP_PINCODE_FALLBACK = "331001";

export function checkCounter(name: string): string {
  const counter = name.trim();
  if (!COUNTER_NAME.test(counter)) throw new RuleViolation("counter.name", {}, 422);
  return counter;
}

/** The walk-in parent: nameless and without a number unless they give them (the bill then texts them). */
export function counterCustomer(mobile: string | undefined, name: string | undefined): OrderCustomer {
  const typed = (mobile ?? "").trim();
  let phone = "";
  if (typed) {
    const checked = checkMobile(typed);
    if (!checked.ok) throw new RuleViolation("counter.mobile", {}, 422);
    phone = checked.phone;
  }
  return { kind: "guest", name: (name ?? "").trim().slice(0, 80), phone };
}

/** The shop's address as the sale's: the last six-digit number in it is its pincode. */
export function counterAddress(shopAddress: string, customer: OrderCustomer): ShippingAddress {
  const pincodes = shopAddress.match(/\b\d{6}\b/g);
  return {
    name: customer.name,
    phone: customer.phone,
    address: shopAddress,
    city: "",
    pincode: pincodes?.at(-1) ?? SHOP_PINCODE_FALLBACK,
  };
}
