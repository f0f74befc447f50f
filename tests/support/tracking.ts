import type { Page } from "playwright-core";
import { call } from "./admin";
import { ready } from "./browser";
import { open } from "./storefront";

/**
 * Looks an order up on the tracking page as a browser without JavaScript does: a POST of the order
 * number and the mobile number. A match answers 303 to `/orders/track?orderId=<number>` with the
 * cookie that shows the order there (`cookie` carries it on, with what was sent).
 */
export async function lookUpOrder(
  baseUrl: string,
  fields: { orderId: string; phone: string },
  cookie = "",
  headers: Record<string, string> = {},
): Promise<{ res: Response; location: string | null; cookie: string }> {
  const res = await call(`${baseUrl}/orders/track`, {
    method: "POST",
    headers: { Origin: baseUrl, "Content-Type": "application/x-www-form-urlencoded", ...(cookie ? { Cookie: cookie } : {}), ...headers },
    body: new URLSearchParams({ intent: "track", ...fields }),
  });
  const granted = res.headers
    .getSetCookie()
    .map((line) => line.split(";")[0])
    .find((pair) => pair.startsWith("shop_track="));
  const sent = cookie.split(/;\s*/).filter(Boolean);
  const merged = granted ? [...sent.filter((pair) => !pair.startsWith("shop_track=")), granted] : sent;
  return { res, location: res.headers.get("location"), cookie: merged.join("; ") };
}

/**
 * A parent tracking an order in a browser (JavaScript on or off): the page opened as a text's link
 * opens it, with the number filled in, then the mobile number typed and the form sent. Found, the
 * order is on screen (`[data-testid=tracked-status]`) at `/orders/track?orderId=<number>`.
 */
export async function trackInBrowser(page: Page, number: string, phone: string, js: boolean, found = true): Promise<void> {
  await open(page, `/orders/track?orderId=${number}`, js);
  await page.getByLabel("Mobile number").fill(phone);
  await page.getByRole("button", { name: "Track Order" }).click();
  if (found) await page.locator("[data-testid=tracked-status]").waitFor();
  else await page.getByRole("alert").first().waitFor();
  await ready(page, js);
}
