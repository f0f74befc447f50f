import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import { JS_MODES, launchBrowser, newShopperPage, ready } from "../support/browser";
import { startTestServer, type TestServer } from "../support/server";

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

describe("the shop frame and health", () => {
  it("answers /healthz with 200 and every part reported", async () => {
    const res = await fetch(`${server.url}/healthz`);
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.ok).toBe(true);
    expect(body.database.ok).toBe(true);
    expect(body.eventStore.ok).toBe(true);
    expect(body.queue.ok).toBe(true);
    expect(body.projectors.map((p: { name: string }) => p.name)).toContain("stream_type_counts");
  });

  it("refuses a form post sent from another website", async () => {
    const res = await fetch(`${server.url}/`, {
      method: "POST",
      headers: { Origin: "https://evil.example", "Content-Type": "application/x-www-form-urlencoded" },
      body: "a=1",
    });
    expect(res.status).toBe(403);
  });

  for (const mode of JS_MODES) {
    it(`shows the home page with navbar and footer (${mode.name})`, async ({ skip }) => {
      if (!browser) return skip("no Chromium on this machine");
      const { context, page } = await newShopperPage(browser, server.url, mode.javaScriptEnabled);
      await page.goto("/");
      await ready(page, mode.javaScriptEnabled);
      await expect(page.title()).resolves.toMatch(/School uniforms/);
      expect(await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Home" }).count()).toBe(1);
      expect(await page.getByText("Free doorstep delivery").first().isVisible()).toBe(true);
      expect(await page.locator("footer").getByText("Churu, Rajasthan").first().isVisible()).toBe(true);
      await page.getByRole("link", { name: "White Shirt" }).click();
      await page.waitForURL("**/white-products");
      await context.close();
    });
  }
});
