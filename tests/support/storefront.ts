import fs from "node:fs";
import path from "node:path";
import { randomBytes } from "node:crypto";
import type { Page } from "playwright-core";
import { startWebServer } from "../../server/http";
import { ready } from "./browser";
import type { TestServer } from "./server";
import { openTestShop } from "./shop";

/** Every /assets/ file the server bundle names exists in the client folder: the build is whole. */
function buildIsWhole(dir: string): boolean {
  try {
    const server = fs.readFileSync(path.join(dir, "server/index.js"), "utf8");
    const assets = new Set(server.match(/\/assets\/[\w.-]+\.(?:js|css)/g) ?? []);
    return assets.size > 0 && [...assets].every((asset) => fs.existsSync(path.join(dir, "client", asset)));
  } catch {
    return false;
  }
}

/**
 * A private copy of the production build. The working tree is shared and any test run
 * rebuilds build/ when a source changed; a server holding the old bundle would then send
 * pages whose scripts are gone, and every JS-on test would fail for no fault of its own.
 * The copy lives under the project (tmp/, ignored by git) so its imports still find node_modules.
 */
async function snapshotBuild(): Promise<string> {
  const source = path.resolve("build");
  const target = path.resolve("tmp", `storefront-build-${randomBytes(4).toString("hex")}`);
  for (let attempt = 0; attempt < 120; attempt++) {
    if (buildIsWhole(source)) {
      fs.rmSync(target, { recursive: true, force: true });
      fs.cpSync(source, target, { recursive: true });
      if (buildIsWhole(target)) return target;
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error("build/ stayed incomplete for a minute (a build running elsewhere?)");
}

/** The storefront on a scratch database, served from a private copy of the production build. */
export async function startStorefrontServer(): Promise<TestServer> {
  const shop = await openTestShop({ projectors: false });
  const buildDir = await snapshotBuild();
  try {
    const web = await startWebServer(shop, { port: 0, host: "127.0.0.1", buildDir });
    return {
      url: web.url,
      shop,
      async close() {
        await web.close();
        await shop.close();
        fs.rmSync(buildDir, { recursive: true, force: true });
      },
    };
  } catch (err) {
    await shop.close();
    fs.rmSync(buildDir, { recursive: true, force: true });
    throw err;
  }
}

/** Goes to a page and waits until it can be used (hydrated when JS is on). */
export async function open(page: Page, path: string, js: boolean): Promise<number> {
  const response = await page.goto(path);
  await ready(page, js);
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
