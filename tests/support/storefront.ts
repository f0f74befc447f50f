import type { Page } from "playwright-core";
import { startWebServer } from "../../server/http";
import { openedReady, ready } from "./browser";
import { runBuild } from "./run-build";
import type { TestServer } from "./server";
import { openTestShop } from "./shop";
import { startSmsInbox } from "./sms-inbox";

/**
 * The storefront on a scratch database, served from the run's copy of the production
 * build (./run-build.ts). Unlike startTestServer (./server.ts), it runs no projectors,
 * reactor or job handlers.
 */
export async function startStorefrontServer(): Promise<TestServer> {
  // No job runs here, so no text arrives; the inbox only makes it a TestServer like the others.
  const buildDir = await runBuild();
  const sms = await startSmsInbox();
  const shop = await openTestShop({ projectors: false, env: sms.env });
  try {
    const web = await startWebServer(shop, { port: 0, host: "127.0.0.1", buildDir });
    return {
      url: web.url,
      shop,
      sms,
      async close() {
        await web.close();
        await shop.close();
        await sms.close();
      },
    };
  } catch (err) {
    await shop.close();
    await sms.close();
    throw err;
  }
}

/** Goes to a page and waits until it can be used (hydrated when JS is on). */
export async function open(page: Page, path: string, js: boolean): Promise<number> {
  const response = await page.goto(path);
  await openedReady(page, js);
  return response?.status() ?? 0;
}

/** Waits for a client-side (JS) or full (no JS) navigation to settle on a URL. */
export async function settle(page: Page, url: string | RegExp | ((url: URL) => boolean), js: boolean): Promise<void> {
  await page.waitForURL(url);
  await ready(page, js);
  if (js) {
    // The URL changes as a client navigation commits; wait until the router has rendered it.
    await page.waitForFunction(
      () => (window as unknown as { __remixRouter?: { state: { navigation: { state: string } } } }).__remixRouter?.state.navigation.state === "idle",
    );
    // React commits the new route's DOM after the router reports idle; two frames later it is on screen.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  }
}

/**
 * Submits an add-to-cart form by clicking `button` and returns the fields it posted to
 * /cart. The request is stopped there: the cart is another feature, this checks the
 * storefront's side of the contract (what is sent, and where).
 */
export async function postedToCart(page: Page, click: () => Promise<void>): Promise<{ url: URL; fields: Record<string, string> }> {
  const cartPost = (url: URL) => url.pathname === "/cart" || url.pathname === "/cart.data";
  await page.route((url) => cartPost(url), (route) =>
    route.request().method() === "POST" ? route.abort() : route.continue(),
  );
  try {
    const [request] = await Promise.all([
      page.waitForRequest((req) => req.method() === "POST" && cartPost(new URL(req.url()))),
      click(),
    ]);
    const fields = Object.fromEntries(new URLSearchParams(request.postData() ?? ""));
    return { url: new URL(request.url()), fields };
  } finally {
    await page.unrouteAll({ behavior: "ignoreErrors" });
  }
}

/** The visible text of the first element matching a selector, trimmed. */
export async function textOf(page: Page, selector: string): Promise<string> {
  return ((await page.locator(selector).first().textContent()) ?? "").replace(/\s+/g, " ").trim();
}
