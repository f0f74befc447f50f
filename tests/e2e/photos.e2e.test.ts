/**
 * The owner's photos in a browser (decision 139), JavaScript on and off: the admin uploads a
 * phone photo on the photo page, sees it "processing" until the photo job is done, and a parent
 * then finds it on the product page as AVIF, WebP and JPEG at three widths, each file kept a year
 * and carrying none of the phone's details; the shop's and the school page's cards show the main photo
 * too, at once though those pages are kept (decision 074); so do a kids' shoe style's shelf card and page
 * (decision 146). The processing itself is in
 * tests/integration/photos.test.ts; the cards' presenter in tests/integration/card-pictures.test.ts.
 */
import fs from "node:fs/promises";
import path from "node:path";
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Browser, Page } from "playwright-core";
import { JS_MODES, newShopperPage } from "../support/browser";
import type { TestServer } from "../support/server";
import { startPhotoBed, type PhotoBed } from "../support/photo-bed";
import { open, settle } from "../support/storefront";
import { newAdminPage, type TestAdmin } from "../support/admin";
import { createBottle } from "../support/stock-contract";
import { jpegWithGps, pngBomb, revealingTags } from "../support/photos";

vi.setConfig({ testTimeout: 120_000 });

let bed: PhotoBed | undefined;
let server: TestServer;
let browser: Browser | null;
let admin: TestAdmin;
let scratch: string;

beforeAll(async () => {
  // Catalogue pages kept for ten minutes: a card can show a new photo only if the photo drops the kept page.
  bed = await startPhotoBed("photos", { PAGE_CACHE_SECONDS: "600" });
  ({ server, browser, admin, scratch } = bed);
});
afterAll(async () => {
  await bed?.close();
});

/**
 * Uploads `file` with JavaScript off on the photo page `reach` brings the admin to, and waits until
 * the photo job has made it ready (the page refreshes itself meanwhile).
 */
async function uploadWithJsOff(browser: Browser, file: string, reach: (page: Page) => Promise<unknown>): Promise<void> {
  const { context, page } = await newAdminPage(browser, server.url, admin, false);
  try {
    await reach(page);
    await page.getByLabel("Photos to upload").setInputFiles(file);
    await page.getByRole("button", { name: "Upload", exact: true }).click();
    await settle(page, (url) => url.searchParams.get("saved") === "upload", false);
    await page.locator('[data-status="ready"]').waitFor({ timeout: 60_000 });
  } finally {
    await context.close();
  }
}

describe.each(JS_MODES)("photos, $name", ({ name: mode, javaScriptEnabled: js }) => {
  it("the admin uploads a photo and a parent sees it on the product page in every format", async () => {
    if (!browser) return;
    const product = await createBottle(server.shop.products, 5, `Photo Bottle ${mode} ${randomUUID().slice(0, 6)}`);
    const file = path.join(scratch, `bottle-${mode}.jpg`);
    await fs.writeFile(file, await jpegWithGps(1800, 1200));

    // A visitor's /shop kept with the bottle's drawing (for ten minutes): the photo must drop it.
    expect((await fetch(`${server.url}/shop`)).ok).toBe(true);
    const { context, page } = await newAdminPage(browser, server.url, admin, js);
    try {
      await open(page, `/admin/products`, js);
      await page.getByRole("row").filter({ hasText: product.name }).getByRole("link", { name: "Photos" }).click();
      await settle(page, (url) => url.pathname === "/admin/photos", js);
      await page.getByRole("heading", { name: `Photos of ${product.name}` }).waitFor();
      await page.getByLabel("Photos to upload").setInputFiles(file);
      await page.getByRole("button", { name: "Upload", exact: true }).click();
      await settle(page, (url) => url.searchParams.get("saved") === "upload", js);
      await expect.poll(() => page.locator("[data-status]").count()).toBe(1);
      // Processing until the job is done; the page asks again by itself and then says it is on the shop.
      await page.locator('[data-status="ready"]').waitFor({ timeout: 60_000 });
      await expect(page.locator('[data-status="ready"]').textContent()).resolves.toContain("Main photo");
    } finally {
      await context.close();
    }

    const { context: parentContext, page: parent } = await newShopperPage(browser, server.url, js);
    try {
      await open(parent, `/product/${product.id}`, js);
      const picture = parent.locator(".product-detail picture");
      const types = await picture.locator("source").evaluateAll((sources) => sources.map((s) => s.getAttribute("type")));
      expect(types).toEqual(["image/avif", "image/webp", "image/jpeg"]);
      const img = picture.locator("img");
      expect(await img.getAttribute("fetchpriority")).toBe("high");
      expect(await img.getAttribute("width")).toBe("400");
      expect(await img.getAttribute("height")).toBe(String(Math.round((1800 * 400) / 1200)));
      // The browser shows it: a decoded picture, not a broken image.
      await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);

      const srcsets = await picture.locator("source").evaluateAll((sources) => sources.map((s) => s.getAttribute("srcset") ?? ""));
      const urls = srcsets.flatMap((set) => set.split(",").map((part) => part.trim().split(" ")[0]));
      expect(urls).toHaveLength(9);
      for (const url of urls) {
        const response = await fetch(`${server.url}${url}`);
        expect(response.status, url).toBe(200);
        expect(response.headers.get("cache-control"), url).toBe("public, max-age=31536000, immutable");
        const expected = url.endsWith(".avif") ? "image/avif" : url.endsWith(".webp") ? "image/webp" : "image/jpeg";
        expect(response.headers.get("content-type"), url).toBe(expected);
        expect(revealingTags(new Uint8Array(await response.arrayBuffer())), url).toEqual([]);
      }

      // The product's card on /shop shows the same photo at the cards' width, though /shop was kept before the upload.
      const mainSrc = await img.getAttribute("src");
      await open(parent, "/shop", js);
      const card = parent.locator(".product-card").filter({ hasText: product.name }).locator("picture");
      expect(await card.locator("source").evaluateAll((sources) => sources.map((s) => s.getAttribute("type")))).toEqual(["image/avif", "image/webp", "image/jpeg"]);
      // The smallest JPEG either way: the product page lays it out 400 px wide, the card 200.
      expect(await card.locator("img").getAttribute("src")).toBe(mainSrc);
      expect(await card.locator("img").getAttribute("width")).toBe("200");
    } finally {
      await parentContext.close();
    }
  });

  it("refuses a decompression bomb with a clear message and nothing recorded", async () => {
    if (!browser) return;
    const product = await createBottle(server.shop.products, 5, `Bomb Bottle ${mode} ${randomUUID().slice(0, 6)}`);
    const file = path.join(scratch, `bomb-${mode}.png`);
    await fs.writeFile(file, pngBomb());
    const { context, page } = await newAdminPage(browser, server.url, admin, js);
    try {
      await open(page, `/admin/photos?owner=product.${product.id}`, js);
      await page.getByLabel("Photos to upload").setInputFiles(file);
      const answer = page.waitForResponse((r) => r.request().method() === "POST");
      await page.getByRole("button", { name: "Upload", exact: true }).click();
      expect((await answer).status()).toBe(422);
      await page.getByRole("alert").filter({ hasText: "too large to open" }).waitFor();
      expect(await server.shop.photos.list({ kind: "product", productId: product.id })).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

/**
 * A school item's photo, uploaded by the owner with JavaScript off: the school page's card shows it
 * (JS on and off) though the page was kept with the drawing just before, and the other cards keep
 * their drawings. The first row of cards loads at once, the rest when near the screen.
 */
describe("a school item's photo on the school page's card", () => {
  const school = "dps";
  const cardOf = (page: Page, name: string) =>
    page.locator(".item-card", { has: page.getByRole("link", { name, exact: true }) }).locator("picture");

  beforeAll(async () => {
    if (!browser) return;
    // A parent's visit keeps the school page with the shirt's drawing.
    const before = await newShopperPage(browser, server.url, false);
    try {
      await open(before.page, `/schools/${school}`, false);
      expect(await cardOf(before.page, "Shirt").locator("source").count()).toBe(0);
    } finally {
      await before.context.close();
    }
    const file = path.join(scratch, "shirt.jpg");
    // Stored on its side (EXIF Orientation 6): 1200 wide and 1500 high once upright.
    await fs.writeFile(file, await jpegWithGps(1500, 1200));
    await uploadWithJsOff(browser, file, (page) => open(page, `/admin/photos?owner=item.${school}.shirt`, false));
  });

  it.each(JS_MODES)("$name: the card shows the main photo, the others their drawings", async ({ javaScriptEnabled: js }) => {
    if (!browser) return;
    const { context, page } = await newShopperPage(browser, server.url, js);
    try {
      await open(page, `/schools/${school}`, js);
      const shirt = cardOf(page, "Shirt");
      const types = await shirt.locator("source").evaluateAll((sources) => sources.map((s) => s.getAttribute("type")));
      expect(types).toEqual(["image/avif", "image/webp", "image/jpeg"]);
      const img = shirt.locator("img");
      expect(await img.getAttribute("src")).toMatch(/^\/photos\/[0-9a-f]{64}\.jpg$/);
      expect(await img.getAttribute("alt")).toBe("Shirt");
      expect([await img.getAttribute("width"), await img.getAttribute("height")]).toEqual(["200", "250"]);
      // The shirt is in the first row: loaded at once, but never ahead of the page's own main picture.
      expect(await img.getAttribute("loading")).toBe("eager");
      expect(await img.getAttribute("fetchpriority")).toBeNull();
      await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);
      const srcsets = await shirt.locator("source").evaluateAll((sources) => sources.map((s) => s.getAttribute("srcset") ?? ""));
      for (const set of srcsets) expect(set.split(",").map((part) => part.trim().split(" ")[1])).toEqual(["400w", "800w", "1200w"]);

      // The other items have no photo: their drawings, the ones past the first row loaded when near the screen.
      const pant = cardOf(page, "Pant");
      expect(await pant.locator("source").count()).toBe(0);
      expect(await pant.locator("img").getAttribute("src")).toMatch(/^\/drawings\/pant\//);
      expect(await cardOf(page, "Socks 2").locator("img").getAttribute("loading")).toBe("lazy");
    } finally {
      await context.close();
    }
  });
});

/**
 * An accessory's photo (decision 146): the owner finds the kids' shoe style under the photo page's
 * shelves and uploads with JavaScript off; the kids' shoes shelf shows it on the style's card (though
 * the shelf was kept with the drawing just before) and the style's own page as its main picture.
 */
describe("an accessory's photo on its shelf card and its page", () => {
  const style = "Black Shoes with Laces";
  const shelf = "/accessories/shoes/kids-shoes";
  const cardOf = (page: Page, name: string) => page.locator(".tile-card", { hasText: name }).locator("picture");

  beforeAll(async () => {
    if (!browser) return;
    // A visitor's visit keeps the shelf with the style's drawing.
    expect(await (await fetch(`${server.url}${shelf}`)).text()).not.toContain("<source");
    const file = path.join(scratch, "kids-shoe.jpg");
    await fs.writeFile(file, await jpegWithGps(800, 800));
    // From the photo page's list of shelves, as the owner finds the style.
    await uploadWithJsOff(browser, file, async (page) => {
      await open(page, "/admin/photos", false);
      await page.locator("summary", { hasText: "Kids' shoes" }).click();
      await page.getByRole("link", { name: style, exact: true }).click();
      await settle(page, (url) => url.searchParams.get("owner") === "shelf.kids-shoes.black-shoes-laces", false);
      await page.getByRole("heading", { name: `Photos of ${style}` }).waitFor();
      await page.getByText("No photos yet: the shop shows a drawing.").waitFor();
    });
  });

  it.each(JS_MODES)("$name: the shelf's card and the style's page show the main photo, the other styles their drawings", async ({ javaScriptEnabled: js }) => {
    if (!browser) return;
    const { context, page } = await newShopperPage(browser, server.url, js);
    try {
      await open(page, shelf, js);
      const card = cardOf(page, style);
      expect(await card.locator("source").evaluateAll((sources) => sources.map((s) => s.getAttribute("type")))).toEqual(["image/avif", "image/webp", "image/jpeg"]);
      const cardImg = card.locator("img");
      expect(await cardImg.getAttribute("src")).toMatch(/^\/photos\/[0-9a-f]{64}\.jpg$/);
      expect([await cardImg.getAttribute("width"), await cardImg.getAttribute("height")]).toEqual(["200", "200"]);
      await expect.poll(() => cardImg.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);
      expect(await cardOf(page, "Girls White Shoes").locator("img").getAttribute("src")).toBe("/images/types/kids-shoe-bar-white.svg");

      await page.locator(".tile-card", { hasText: style }).click();
      await settle(page, (url) => url.pathname === `${shelf}/black-shoes-laces`, js);
      const picture = page.locator(".product-detail picture");
      expect(await picture.locator("source").evaluateAll((sources) => sources.map((s) => s.getAttribute("type")))).toEqual(["image/avif", "image/webp", "image/jpeg"]);
      const img = picture.locator("img");
      expect(await img.getAttribute("alt")).toBe(style);
      expect(await img.getAttribute("fetchpriority")).toBe("high");
      expect([await img.getAttribute("width"), await img.getAttribute("height")]).toEqual(["400", "400"]);
      await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);
    } finally {
      await context.close();
    }
  });
});
