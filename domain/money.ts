// Every price in the shop is a whole number of rupees, so amounts never carry paise.
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
