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
 * With JS on, waits until React has hydrated so clicks reach the handlers (the page marks
 * `<html data-hydrated>` then: app/components/useHydrationMark.ts), and until the network is
 * quiet: after a click, a submission in the page may still be on its way.
 * With JS off there is nothing to wait for.
 */
export async function ready(page: Page, javaScriptEnabled: boolean): Promise<void> {
  await page.waitForLoadState("load");
  if (javaScriptEnabled) {
    await hydrated(page);
    await page.waitForLoadState("networkidle");
  }
}

/**
 * A document just opened (`page.goto`): nothing the test did can still be on its way, so with
 * JS on the hydration mark is enough, without the half second a quiet network takes to show.
 */
export async function openedReady(page: Page, javaScriptEnabled: boolean): Promise<void> {
  await page.waitForLoadState("load");
  if (javaScriptEnabled) await hydrated(page);
}

/** Waits for the page's hydration mark (a page that never hydrates fails the wait). */
export async function hydrated(page: Page, timeout = 20_000): Promise<void> {
  await page.waitForFunction(() => document.documentElement.dataset.hydrated !== undefined, undefined, { timeout });
}
