/**
 * The checkout's details and a cart line's quantity as plain checks, with their limits and messages:
 * the pages run them in the browser as the parent types, without zod (decision 151), and the schemas
 * of ./checkout.ts are built on them, so the page and the server (the only check that counts) say
 * the same.
 */
import { MAX_QUANTITY, MIN_QUANTITY } from "./cart";
import type { PaymentMethod, ShippingAddress } from "./orders/events";
import { PAYMENT_METHODS } from "./orders/terms";
import { MOBILE_NUMBER_DIGITS, MOBILE_NUMBER_PATTERN, checkMobile, normalisePhone } from "./phone";
import { PINCODE_DIGITS } from "./pincode";

/** The longest each address field may be (characters; the pincode in digits): the form's maxlength says the same. */
export const DETAILS_LIMITS = { name: 100, address: 300, city: 60, pincode: PINCODE_DIGITS } as const;

const PINCODE_PATTERN = new RegExp(`^\\d{${DETAILS_LIMITS.pincode}}$`);

export const DETAILS_MESSAGES = {
  nameRequired: "Name is required",
  nameTooLong: `Name can be at most ${DETAILS_LIMITS.name} characters`,
  phoneRequired: "Mobile number is required",
  phoneInvalid: `Mobile number must be ${MOBILE_NUMBER_DIGITS} digits`,
  addressRequired: "Address is required",
  addressTooLong: `Address can be at most ${DETAILS_LIMITS.address} characters`,
  cityRequired: "City is required",
  cityTooLong: `City can be at most ${DETAILS_LIMITS.city} characters`,
  pincodeRequired: "Pincode is required",
  pincodeInvalid: `Pincode must be ${DETAILS_LIMITS.pincode} digits`,
} as const;

/**
 * A mobile number for an order (the checkout form, the guest order's `mobileNumber` on the
 * /api), read as people write it (domain/phone.ts), with the checkout's messages.
 */
export function checkOrderMobile(raw: string | null | undefined): { ok: true; phone: string } | { ok: false; message: string } {
  const checked = checkMobile(raw);
  if (checked.ok) return checked;
  return { ok: false, message: checked.problem === "required" ? DETAILS_MESSAGES.phoneRequired : DETAILS_MESSAGES.phoneInvalid };
}

export type DetailsField = keyof ShippingAddress;
export const DETAILS_FIELDS: readonly DetailsField[] = ["name", "phone", "address", "city", "pincode"];
export type DetailsErrors = Partial<Record<DetailsField, string>>;

export type DetailCheck = { ok: true; value: string } | { ok: false; message: string };

/** Text as the shop keeps it: trimmed, runs of spaces as one; required, and at most `max` characters. */
function checkText(raw: string, max: number, required: string, tooLong: string): DetailCheck {
  const value = raw.trim().replace(/\s+/g, " ");
  if (!value) return { ok: false, message: required };
  return value.length > max ? { ok: false, message: tooLong } : { ok: true, value };
}

/** One field of the details as typed: the value kept, or one message (an empty phone or pincode is "required" only). */
export function checkDetail(field: DetailsField, raw: string): DetailCheck {
  const m = DETAILS_MESSAGES;
  switch (field) {
    case "name":
      return checkText(raw, DETAILS_LIMITS.name, m.nameRequired, m.nameTooLong);
    case "address":
      return checkText(raw, DETAILS_LIMITS.address, m.addressRequired, m.addressTooLong);
    case "city":
      return checkText(raw, DETAILS_LIMITS.city, m.cityRequired, m.cityTooLong);
    case "phone": {
      const phone = normalisePhone(raw);
      if (!phone) return { ok: false, message: m.phoneRequired };
      return MOBILE_NUMBER_PATTERN.test(phone) ? { ok: true, value: phone } : { ok: false, message: m.phoneInvalid };
    }
    case "pincode": {
      const pincode = raw.replace(/\s+/g, "");
      if (!pincode) return { ok: false, message: m.pincodeRequired };
      return PINCODE_PATTERN.test(pincode) ? { ok: true, value: pincode } : { ok: false, message: m.pincodeInvalid };
    }
  }
}

/** The 'Enter your details to confirm order' form, and the /api's address: each field's message, or the details kept. */
export function checkDetails(
  input: Partial<Record<DetailsField, unknown>>,
): { ok: true; details: ShippingAddress } | { ok: false; errors: DetailsErrors } {
  const details: Partial<ShippingAddress> = {};
  const errors: DetailsErrors = {};
  for (const field of DETAILS_FIELDS) {
    const raw = input[field];
    const checked = checkDetail(field, typeof raw === "string" ? raw : "");
    if (checked.ok) details[field] = checked.value;
    else errors[field] = checked.message;
  }
  return Object.keys(errors).length ? { ok: false, errors } : { ok: true, details: details as ShippingAddress };
}

/** The checkout's "Pay by UPI" / "Cash on delivery" choice: required, since a parent must know what comes after the order. */
export const PAYMENT_CHOICE_MESSAGE = "Choose how you will pay";

export const isPaymentChoice = (value: unknown): value is PaymentMethod => PAYMENT_METHODS.some((method) => method === value);

export const QUANTITY_MESSAGE = `Quantity must be a whole number from ${MIN_QUANTITY} to ${MAX_QUANTITY}.`;

/** A quantity as a form sends it: text that must be a whole number from 1 to 99. */
export function parseQuantity(raw: unknown): { ok: true; quantity: number } | { ok: false; message: string } {
  const value = typeof raw === "number" ? String(raw) : typeof raw === "string" ? raw.trim() : "";
  if (value === "") return { ok: false, message: "Quantity is required." };
  if (!/^-?\d+$/.test(value)) return { ok: false, message: QUANTITY_MESSAGE };
  const quantity = Number(value);
  if (quantity < MIN_QUANTITY || quantity > MAX_QUANTITY) return { ok: false, message: QUANTITY_MESSAGE };
  return { ok: true, quantity };
}
