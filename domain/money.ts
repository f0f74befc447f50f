// Every price in the shop is a whole number of rupees; money given back is counted in paise (decision 209).
const rupeeFormat = new Intl.NumberFormat("en-IN", {
  style: "currency",
  currency: "INR",
  minimumFractionDigits: 0,
  maximumFractionDigits: 0,
});

/**
 * Formats rupees the Indian way: "₹1,250", "₹310", "₹1,00,000".
 * Some ICU builds put a (narrow) no-break space after the symbol; the shop's labels
 * and tests expect the symbol glued to the digits, so any such space is removed.
 */
export function formatRupees(rupees: number): string {
  if (!Number.isFinite(rupees)) {
    throw new RangeError(`Cannot show ${rupees} as a price in rupees.`);
  }
  return rupeeFormat.format(rupees).replace(/[\s\u00a0\u202f]/g, "");
}

/**
 * Paise as rupees, the paisa shown only when there is one: "₹1,250", "₹254.79", "₹254.80". A refund is
 * shown so, on every page, text and answer that names it (decision 209).
 */
export function formatPaise(paise: number): string {
  if (!Number.isInteger(paise)) throw new RangeError(`Cannot show ${paise} as paise.`);
  if (paise < 0) return `-${formatPaise(-paise)}`;
  const rupees = formatRupees(Math.floor(paise / 100));
  const rest = paise % 100;
  return rest === 0 ? rupees : `${rupees}.${String(rest).padStart(2, "0")}`;
}

/** Rupees as typed ("254.79", "1,250", "₹ 255.5") in paise, or undefined when it is not an amount to the paisa. */
export function paiseOfRupees(text: string): number | undefined {
  // Plain digits, or grouped the Indian way (1,00,000) or the western way (100,000); "1,00" is neither.
  const m = /^\s*(?:₹|Rs\.?)?\s*(\d+|\d{1,2}(?:,\d{2})*,\d{3}|\d{1,3}(?:,\d{3})+)(?:\.(\d{1,2}))?\s*$/.exec(text);
  if (!m) return undefined;
  const paise = Number(m[1].replace(/,/g, "")) * 100 + Number((m[2] ?? "0").padEnd(2, "0"));
  return Number.isSafeInteger(paise) ? paise : undefined;
}

/** A JSON amount in rupees (254.79) in paise; NaN when it has more than two digits of paise or is no amount. */
export function paiseOfRupeeNumber(rupees: number): number {
  const paise = Math.round(rupees * 100);
  return Number.isFinite(rupees) && Math.abs(rupees * 100 - paise) < 1e-6 ? paise : Number.NaN;
}

/** Paise as the owner types rupees in a form: "254.79", "255". */
export function rupeesTyped(paise: number): string {
  return paise % 100 === 0 ? String(paise / 100) : `${Math.floor(paise / 100)}.${String(paise % 100).padStart(2, "0")}`;
}
