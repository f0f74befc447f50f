/**
 * The total the checkout page shows for a cart and a pincode: what its details form carries as
 * `shownTotal` (decision 113). A test that posts the checkout form as a page would sends it, so
 * the order is placed at the total the parent saw rather than refused with it.
 */
export async function shownTotalFor(baseUrl: string, cookie: string, pincode: string): Promise<string> {
  const res = await fetch(`${baseUrl}/checkout?pincode=${encodeURIComponent(pincode)}`, { headers: { Cookie: cookie }, redirect: "manual" });
  const html = await res.text();
  const total = /data-testid="checkout-total"[^>]*>(?:<[^>]+>)*₹([\d,]+)/.exec(html)?.[1];
  if (res.status !== 200 || !total) throw new Error(`the checkout shows no total for ${pincode} (status ${res.status})`);
  return total.replace(/,/g, "");
}
