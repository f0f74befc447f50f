/**
 * The owner's photos (decision 139), in Chromium with JavaScript on and without JavaScript over HTTP through the
 * pages' real forms and links (decision 177): the admin uploads a
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
import sharp from "sharp";
import { newShopperPage } from "../support/browser";
import { htmlBrowser, type HtmlBrowser, type HtmlPage, type Scope } from "../support/html-browser";
import { attr } from "../support/html-browser/dom";
import type { TestServer } from "../support/server";
import { startPhotoBed, type PhotoBed } from "../support/photo-bed";
import { open, settle } from "../support/storefront";
import { adminHtmlBrowser, newAdminPage, type TestAdmin } from "../support/admin";
import { createBottle } from "../support/stock-contract";
import { jpegWithGps, pngBomb, revealingTags } from "../support/photos";
import { sniffPhoto } from "../../domain/photos/sniff";

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

/** A page without JavaScript, signed in as the admin (decision 177: JavaScript off is tested over HTTP). */
function adminOverHttp(): Promise<HtmlBrowser> {
  return adminHtmlBrowser(server.url, admin);
}

/**
 * Follows the photo page's own refresh (a page with a photo still processing asks again by itself) until the photo
 * job has made the photo ready, as a browser without JavaScript would sit on it.
 */
async function untilReady(page: HtmlPage): Promise<HtmlPage> {
  const deadline = Date.now() + 60_000;
  while (page.count('[data-status="ready"]') === 0) {
    if (Date.now() > deadline) throw new Error(`no photo ready on ${page.url.pathname}${page.url.search} after 60 s`);
    expect(page.refresh, "a page with a photo processing refreshes itself").not.toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 250));
    page = await page.followRefresh();
  }
  return page;
}

/**
 * Uploads `file` without JavaScript (over HTTP) on the photo page `reach` brings the admin to, and waits until the
 * photo job has made it ready (the page refreshes itself meanwhile).
 */
async function uploadOverHttp(file: string, reach: (http: HtmlBrowser) => Promise<HtmlPage>): Promise<void> {
  const page = await reach(await adminOverHttp());
  const sent = await page.attach("Photos to upload", { name: path.basename(file), type: "image/jpeg", data: await fs.readFile(file) }).press("Upload");
  expect(sent.url.searchParams.get("saved")).toBe("upload");
  await untilReady(sent);
}

/** What a browser would show of a picture's image: the file at its address, decoded (its width in pixels). */
async function decodedWidth(url: string): Promise<number> {
  const response = await fetch(new URL(url, server.url));
  expect(response.status, url).toBe(200);
  return (await sharp(Buffer.from(await response.arrayBuffer())).raw().toBuffer({ resolveWithObject: true })).info.width;
}

/** The `<source>` types of a picture, in order. */
function sourceTypes(picture: Scope): (string | undefined)[] {
  return picture.all("source").map((source) => attr(source, "type"));
}

/** The shown element matching `selector` whose text includes `text` (a card, a row), as a part of the page. */
function partWith(page: Scope, selector: string, text: string): Scope {
  const found = page.all(selector).filter((el) => page.within(el).has(text));
  if (found.length !== 1) throw new Error(`${found.length} of ${selector} show ${text}`);
  return page.within(found[0]);
}

describe("photos, JS on", () => {
  const mode = "JS on";
  const js = true;
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

describe("photos, JS off, over HTTP", () => {
  it("the admin uploads a photo and a parent sees it on the product page in every format (JS off, over HTTP)", async () => {
    const product = await createBottle(server.shop.products, 5, `Photo Bottle JS off ${randomUUID().slice(0, 6)}`);
    const photo = await jpegWithGps(1800, 1200);

    // A visitor's /shop kept with the bottle's drawing (for ten minutes): the photo must drop it.
    expect((await fetch(`${server.url}/shop`)).ok).toBe(true);
    const products = await (await adminOverHttp()).open("/admin/products");
    const photos = await partWith(products, "tr", product.name).follow("Photos");
    expect(photos.url.pathname).toBe("/admin/photos");
    expect(photos.headings()).toContain(`Photos of ${product.name}`);
    const sent = await photos.attach("Photos to upload", { name: "bottle.jpg", type: "image/jpeg", data: photo }).press("Upload");
    expect(sent.url.searchParams.get("saved")).toBe("upload");
    expect(sent.count("[data-status]")).toBe(1);
    // Processing until the job is done; the page asks again by itself and then says it is on the shop.
    const ready = await untilReady(sent);
    expect(ready.text('[data-status="ready"]')).toContain("Main photo");

    const parent = htmlBrowser(server.url);
    const page = await parent.open(`/product/${product.id}`);
    const picture = page.within(".product-detail picture");
    expect(sourceTypes(picture)).toEqual(["image/avif", "image/webp", "image/jpeg"]);
    expect(picture.attr("img", "fetchpriority")).toBe("high");
    expect(picture.attr("img", "width")).toBe("400");
    expect(picture.attr("img", "height")).toBe(String(Math.round((1800 * 400) / 1200)));
    // What the browser shows: the image's own file, decoded, not a broken image.
    const mainSrc = picture.attr("img", "src") ?? "";
    expect(await decodedWidth(mainSrc)).toBeGreaterThan(0);

    const srcsets = picture.all("source").map((source) => attr(source, "srcset") ?? "");
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
    const shop = await parent.open("/shop");
    const card = partWith(shop, ".product-card", product.name).within("picture");
    expect(sourceTypes(card)).toEqual(["image/avif", "image/webp", "image/jpeg"]);
    // The smallest JPEG either way: the product page lays it out 400 px wide, the card 200.
    expect(card.attr("img", "src")).toBe(mainSrc);
    expect(card.attr("img", "width")).toBe("200");
  });

  it("refuses a decompression bomb with a clear message and nothing recorded (JS off, over HTTP)", async () => {
    const product = await createBottle(server.shop.products, 5, `Bomb Bottle JS off ${randomUUID().slice(0, 6)}`);
    const page = await (await adminOverHttp()).open(`/admin/photos?owner=product.${product.id}`);
    const answer = await page.attach("Photos to upload", { name: "bomb.png", type: "image/png", data: pngBomb() }).press("Upload");
    expect(answer.status).toBe(422);
    expect(answer.alerts().some((alert) => alert.includes("too large to open"))).toBe(true);
    expect(await server.shop.photos.list({ kind: "product", productId: product.id })).toEqual([]);
  });
});

/**
 * A school item's photo, uploaded by the owner with JavaScript off (over HTTP): the school page's card shows it (JS on
 * in Chromium, off over HTTP) though the page was kept with the drawing just before, and the other cards keep their
 * drawings. The first row of cards loads at once, the rest when near the screen.
 */
describe("a school item's photo on the school page's card", () => {
  const school = "dps";
  const cardOf = (page: Page, name: string) =>
    page.locator(".item-card", { has: page.getByRole("link", { name, exact: true }) }).locator("picture");
  /** The card whose link is named `name`, in a page read over HTTP. */
  const cardOverHttp = (page: Scope, name: string): Scope => {
    const found = page.all(".item-card").filter((card) => page.within(card).links().some((link) => link.name === name));
    if (found.length !== 1) throw new Error(`${found.length} cards link to ${name}`);
    return page.within(found[0]).within("picture");
  };

  beforeAll(async () => {
    // A parent's visit keeps the school page with the shirt's drawing.
    const before = await htmlBrowser(server.url).open(`/schools/${school}`);
    expect(cardOverHttp(before, "Shirt").count("source")).toBe(0);
    const file = path.join(scratch, "shirt.jpg");
    // Stored on its side (EXIF Orientation 6): 1200 wide and 1500 high once upright.
    await fs.writeFile(file, await jpegWithGps(1500, 1200));
    await uploadOverHttp(file, (http) => http.open(`/admin/photos?owner=item.${school}.shirt`));
  });

  it("JS on: the card shows the main photo, the others their drawings", async () => {
    if (!browser) return;
    const js = true;
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

  it("JS off, over HTTP: the card shows the main photo, the others their drawings", async () => {
    const page = await htmlBrowser(server.url).open(`/schools/${school}`);
    const shirt = cardOverHttp(page, "Shirt");
    expect(sourceTypes(shirt)).toEqual(["image/avif", "image/webp", "image/jpeg"]);
    expect(shirt.attr("img", "src")).toMatch(/^\/photos\/[0-9a-f]{64}\.jpg$/);
    expect(shirt.attr("img", "alt")).toBe("Shirt");
    expect([shirt.attr("img", "width"), shirt.attr("img", "height")]).toEqual(["200", "250"]);
    // The shirt is in the first row: loaded at once, but never ahead of the page's own main picture.
    expect(shirt.attr("img", "loading")).toBe("eager");
    expect(shirt.attr("img", "fetchpriority")).toBeUndefined();
    expect(await decodedWidth(shirt.attr("img", "src") ?? "")).toBeGreaterThan(0);
    for (const source of shirt.all("source")) {
      expect((attr(source, "srcset") ?? "").split(",").map((part) => part.trim().split(" ")[1])).toEqual(["400w", "800w", "1200w"]);
    }

    // The other items have no photo: their drawings, the ones past the first row loaded when near the screen.
    const pant = cardOverHttp(page, "Pant");
    expect(pant.count("source")).toBe(0);
    expect(pant.attr("img", "src")).toMatch(/^\/drawings\/pant\//);
    expect(cardOverHttp(page, "Socks 2").attr("img", "loading")).toBe("lazy");
  });
});

/**
 * An accessory's photo (decision 146): the owner finds the kids' shoe style under the photo page's shelves and
 * uploads without JavaScript (over HTTP); the kids' shoes shelf shows it on the style's card (though the shelf was
 * kept with the drawing just before) and the style's own page as its main picture, JS on in Chromium and off over HTTP.
 */
describe("an accessory's photo on its shelf card and its page", () => {
  const style = "Black Shoes with Laces";
  const shelf = "/accessories/shoes/kids-shoes";
  const cardOf = (page: Page, name: string) => page.locator(".tile-card", { hasText: name }).locator("picture");

  beforeAll(async () => {
    // A visitor's visit keeps the shelf with the style's drawing.
    expect(await (await fetch(`${server.url}${shelf}`)).text()).not.toContain("<source");
    const file = path.join(scratch, "kids-shoe.jpg");
    await fs.writeFile(file, await jpegWithGps(800, 800));
    // From the photo page's list of shelves, as the owner finds the style.
    await uploadOverHttp(file, async (http) => {
      const index = await http.open("/admin/photos");
      const page = await index.toggle("Kids' shoes").follow(style);
      expect(page.url.searchParams.get("owner")).toBe("shelf.kids-shoes.black-shoes-laces");
      expect(page.headings()).toContain(`Photos of ${style}`);
      expect(page.has("No photos yet: the shop shows a drawing.")).toBe(true);
      return page;
    });
  });

  it("JS on: the shelf's card and the style's page show the main photo, the other styles their drawings", async () => {
    if (!browser) return;
    const js = true;
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

  it("JS off, over HTTP: the shelf's card and the style's page show the main photo, the other styles their drawings", async () => {
    const page = await htmlBrowser(server.url).open(shelf);
    const card = partWith(page, ".tile-card", style).within("picture");
    expect(sourceTypes(card)).toEqual(["image/avif", "image/webp", "image/jpeg"]);
    expect(card.attr("img", "src")).toMatch(/^\/photos\/[0-9a-f]{64}\.jpg$/);
    expect([card.attr("img", "width"), card.attr("img", "height")]).toEqual(["200", "200"]);
    expect(await decodedWidth(card.attr("img", "src") ?? "")).toBeGreaterThan(0);
    expect(partWith(page, ".tile-card", "Girls White Shoes").attr("img", "src")).toBe("/images/types/kids-shoe-bar-white.svg");

    const stylePage = await page.follow(new RegExp(style));
    expect(stylePage.url.pathname).toBe(`${shelf}/black-shoes-laces`);
    const picture = stylePage.within(".product-detail picture");
    expect(sourceTypes(picture)).toEqual(["image/avif", "image/webp", "image/jpeg"]);
    expect(picture.attr("img", "alt")).toBe(style);
    expect(picture.attr("img", "fetchpriority")).toBe("high");
    expect([picture.attr("img", "width"), picture.attr("img", "height")]).toEqual(["400", "400"]);
    expect(await decodedWidth(picture.attr("img", "src") ?? "")).toBeGreaterThan(0);
  });
});

describe("every photo of a school item on its page, on a 360 px phone (issue 48, decision 245)", () => {
  it("JS on: the photos fit the screen side by side, and a thumbnail brings its photo into view", async ({ skip }) => {
    if (!browser) return skip("no Chromium on this machine");
    const owner = { kind: "item", school: "saraswati-bal-niketan", item: "shirt" } as const;
    const actor = { kind: "admin" as const, id: admin.id, name: admin.name };
    for (const background of [{ r: 200, g: 30, b: 30 }, { r: 30, g: 160, b: 60 }, { r: 240, g: 200, b: 40 }]) {
      const bytes = await sharp({ create: { width: 600, height: 900, channels: 3, background } }).jpeg().toBuffer();
      const sniffed = sniffPhoto(bytes);
      if ("refused" in sniffed) throw new Error("the test photo was refused");
      await server.shop.photos.upload(owner, { ...sniffed, bytes }, actor);
    }
    await expect.poll(async () => (await server.shop.photos.list(owner)).filter((photo) => photo.status === "ready").length, { timeout: 60_000 }).toBe(3);
    const { context, page } = await newShopperPage(browser, server.url, true);
    try {
      await expect
        .poll(async () => {
          await page.goto("/schools/saraswati-bal-niketan/shirt");
          return page.locator(".gallery-strip > li").count();
        }, { timeout: 20_000 })
        .toBe(3);
      // Nothing wider than the phone: the strip scrolls inside itself.
      const right = await page.evaluate(() => ({ page: document.documentElement.scrollWidth, strip: document.querySelector(".gallery-strip")!.getBoundingClientRect().right }));
      expect(right.page).toBeLessThanOrEqual(360);
      expect(right.strip).toBeLessThanOrEqual(360);
      await page.getByRole("link", { name: "Show photo 3 of 3" }).click();
      const strip = page.locator(".gallery-strip");
      await expect.poll(() => strip.evaluate((el) => Math.round(el.querySelector("#photo-3")!.getBoundingClientRect().left - el.getBoundingClientRect().left))).toBe(0);
    } finally {
      await context.close();
    }
  });
});
