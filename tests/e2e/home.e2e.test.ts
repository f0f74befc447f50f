import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import { launchBrowser, newShopperPage, ready } from "../support/browser";
import { startTestServer, type TestServer } from "../support/server";

// The home page with JavaScript on (a client-side link); with it off, and the frame's health: tests/integration/pages/home.test.ts.

let server: TestServer;
let browser: Browser | null;

beforeAll(async () => {
  server = await startTestServer();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe("the shop frame", () => {
  it("shows the home page with navbar and footer (JS on)", async ({ skip }) => {
    if (!browser) return skip("no Chromium on this machine");
    const { context, page } = await newShopperPage(browser, server.url, true);
    await page.goto("/");
    await ready(page, true);
    await expect(page.title()).resolves.toMatch(/School uniforms/);
    expect(await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Home" }).count()).toBe(1);
    expect(await page.getByText("Free doorstep delivery").first().isVisible()).toBe(true);
    expect(await page.locator("footer").getByText("Churu, Rajasthan").first().isVisible()).toBe(true);
    await page.getByRole("link", { name: "White Shirt" }).click();
    await page.waitForURL("**/white-products");
    await context.close();
  });
});
