import { chromium, type Browser, type BrowserContext, type Page } from "playwright-core";
import { inject } from "vitest";

const FLAGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

/** Debian's Chromium through playwright-core; null when the machine has none (the suite then skips). */
export async function launchBrowser(): Promise<Browser | null> {
  const { chromium: executablePath } = inject("services");
  if (!executablePath) return null;
  return chromium.launch({ executablePath, args: FLAGS, headless: true });
}

export const JS_MODES = [
  { name: "JS on", javaScriptEnabled: true },
  { name: "JS off", javaScriptEnabled: false },
] as const;

/** A fresh context (own cookies) on a phone-sized screen, with or without JavaScript. */
export async function newShopperPage(
  browser: Browser,
  baseURL: string,
  javaScriptEnabled: boolean,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    baseURL,
    javaScriptEnabled,
    viewport: { width: 360, height: 740 },
    locale: "en-IN",
  });
  const page = await context.newPage();
  return { context, page };
}

/**
 * With JS on, waits until React has hydrated so clicks reach the handlers.
 * With JS off there is nothing to wait for.
 */
export async function ready(page: Page, javaScriptEnabled: boolean): Promise<void> {
  await page.waitForLoadState("load");
  if (javaScriptEnabled) {
    await page.waitForFunction(() => (window as unknown as { __remixContext?: unknown }).__remixContext !== undefined);
    await page.waitForLoadState("networkidle");
  }
}
