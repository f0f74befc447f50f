/**
 * UPI without a payment gateway: the standard `upi://pay` intent every UPI app opens, and the
 * same link as a QR code. The shopper reports the 12-digit transaction reference their app
 * shows; the shop confirms it against its bank statement (decision 101).
 */

/** The shop as UPI apps show it: its virtual payment address and payee name (SHOP_UPI_ID, SHOP_UPI_NAME). */
export interface UpiPayee {
  vpa: string;
  name: string;
}

// handle@bank: letters, digits, dot, hyphen, underscore before the @; a bank handle after it.
const VPA = /^[A-Za-z0-9._-]{2,256}@[A-Za-z][A-Za-z0-9.-]{1,63}$/;

/** What is wrong with a VPA, or undefined when it reads like one ("churuuniform@sbi"). */
export function vpaProblem(vpa: string): string | undefined {
  if (VPA.test(vpa)) return undefined;
  return `must be a UPI ID like churuuniform@sbi (letters, digits, . - _ then @ and the bank's handle), got "${vpa}"`;
}

/** A whole-rupee amount as UPI wants it, to the paisa: 3185 -> "3185.00". */
export function upiAmount(rupees: number): string {
  return rupees.toFixed(2);
}

/** The `upi://pay` link for an order: the exact amount, the order number as the note and the reference. */
export function upiPayLink(payee: UpiPayee, amount: number, orderNumber: string): string {
  const params: [string, string][] = [
    ["pa", payee.vpa],
    ["pn", payee.name],
    ["am", upiAmount(amount)],
    ["cu", "INR"],
    ["tn", orderNumber],
    ["tr", orderNumber],
  ];
  // %20 for spaces, never "+": several UPI apps show a "+" literally. The "@" stays as it is (it is allowed in a
  // query): some apps (SBI Pay) do not decode "%40" and read "shop 40sbi" as the payee.
  return `upi://pay?${params.map(([key, value]) => `${key}=${encodeURIComponent(value).replace(/%40/g, "@")}`).join("&")}`;
}

/** A UPI transaction reference (UTR / RRN) as UPI apps show it: 12 digits. */
export const UPI_REFERENCE_PATTERN = /^\d{12}$/;

export const UPI_REFERENCE_MESSAGE = "Enter the 12-digit UPI transaction reference (UTR) from your UPI app.";

/** The reference as typed, spaces and dashes taken out ("4123 4567 8901" is how some apps group it). */
export function normaliseUpiReference(typed: string): string {
  return typed.replace(/[\s-]/g, "");
}
