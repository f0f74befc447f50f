/**
 * A school's colours and the lines' pictures (decision 140), in Chromium with JavaScript on and without JavaScript
 * over HTTP through the pages' real forms and links (decision 177):
 * the owner sets a school's pant colour on /admin/photos/colours and the school's pant shows in it
 * (a drawing made on the server, kept a year); a cart line shows the item's picture, the drawing in
 * the school's colours for a school item and the owner's photo for a product that has one, and so
 * does a tracked order's page.
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Browser } from "playwright-core";
import { findCatalogueProduct } from "../../domain/catalogue";
import { sniffPhoto } from "../../domain/photos/sniff";
import { photoOwnerKey } from "../../domain/photos/events";
import sharp from "sharp";
import { newShopperPage } from "../support/browser";
import { htmlBrowser, type HtmlPage, type Scope } from "../support/html-browser";
import type { TestServer } from "../support/server";
import { startPhotoBed, type PhotoBed } from "../support/photo-bed";
import { open, settle } from "../support/storefront";
import { adminHtmlBrowser, newAdminPage, placeTestOrder, type TestAdmin } from "../support/admin";
import { createBottle } from "../support/stock-contract";
import { jpegWithGps } from "../support/photos";

vi.setConfig({ testTimeout: 120_000 });

let bed: PhotoBed | undefined;
let server: TestServer;
let browser: Browser | null;
let admin: TestAdmin;

beforeAll(async () => {
  bed = await startPhotoBed("colours");
  ({ server, browser, admin } = bed);
});
afterAll(async () => {
  await bed?.close();
});

// A school per mode, so the two runs never see each other's colours.
const SCHOOL = { on: { slug: "saraswati-bal-niketan", name: "Saraswati Bal Niketan", pant: "#7a1f35" }, off: { slug: "tagore-bal-vidyalaya", name: "Tagore Bal Vidyalaya", pant: "#1f6a3a" } };

describe("school colours and line pictures, JS on", () => {
  const js = true;
  const school = SCHOOL.on;

  it("the owner sets a school's pant colour and the school's pant drawing shows it, in the cart too", async () => {
    if (!browser) return;
    const { context, page } = await newAdminPage(browser, server.url, admin, js);
    try {
      await open(page, "/admin/photos", js);
      await page.getByRole("link", { name: /Each school's colours/ }).click();
      await settle(page, (url) => url.pathname === "/admin/photos/colours", js);
      const details = page.locator(`#colours-${school.slug}`);
      await details.locator("summary").click();
      await details.getByLabel("Pant and skirt").fill(school.pant);
      await details.getByRole("button", { name: "Save colours" }).click();
      await settle(page, (url) => url.searchParams.get("saved") === "set", js);
      await page.locator(`#colours-${school.slug} [role=status]`, { hasText: "The colours were saved" }).waitFor();
      expect(await page.locator(`#colours-${school.slug} summary`).textContent()).toContain("colours set");
    } finally {
      await context.close();
    }
    // Recorded with the admin as actor.
    const events = await server.shop.store.readStream(`schoolColours-${school.slug}`);
    expect(events.map((e) => [e.type, (e.data as { actor: { id: string } }).actor.id])).toEqual([["SchoolColoursSet", admin.id]]);

    const { context: parentContext, page: parent } = await newShopperPage(browser, server.url, js);
    try {
      await open(parent, `/schools/${school.slug}`, js);
      const pant = parent.locator(".item-card", { has: parent.getByRole("link", { name: "Pant", exact: true }) }).locator("img");
      const src = (await pant.getAttribute("src")) ?? "";
      expect(src).toMatch(new RegExp(`^/drawings/pant/ffffff-${school.pant.slice(1)}-9b2945\\.svg$`));
      await expect.poll(() => pant.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);
      const drawing = await fetch(`${server.url}${src}`);
      expect(drawing.headers.get("content-type")).toContain("image/svg+xml");
      expect(drawing.headers.get("cache-control")).toContain("immutable");
      expect(await drawing.text()).toContain(`fill="${school.pant}"`);

      // The pant in the cart shows the same drawing.
      await open(parent, `/schools/${school.slug}/pant`, js);
      await parent.getByRole("button", { name: "ADD TO CART" }).click();
      await parent.locator(".cart-link .badge", { hasText: /^1$/ }).waitFor();
      await open(parent, "/cart", js);
      const line = parent.locator(".cart-table tbody tr", { hasText: "Pant" }).locator(".line-picture img");
      expect(await line.getAttribute("src")).toBe(src);
      expect(await line.getAttribute("loading")).toBe("lazy");
      expect(await line.getAttribute("width")).toBe("64");
      expect(await line.getAttribute("height")).toBe("64");
    } finally {
      await parentContext.close();
    }
  });

  it("a cart line and the checkout summary show the product's own photo once it has one", async () => {
    if (!browser) return;
    const product = await createBottle(server.shop.products, 5, `Colour Bottle on ${randomUUID().slice(0, 6)}`);
    const bytes = await jpegWithGps(900, 600);
    const sniffed = sniffPhoto(bytes);
    if ("refused" in sniffed) throw new Error("the test photo was refused");
    const owner = { kind: "product" as const, productId: product.id };
    await server.shop.photos.upload(owner, { ...sniffed, bytes }, { kind: "admin", id: admin.id, name: "Test admin" });
    await expect.poll(async () => (await server.shop.photos.mainPhotos([owner])).has(photoOwnerKey(owner)), { timeout: 60_000 }).toBe(true);
    // The photo as the job turned it upright: its smallest JPEG gives the proportions the line keeps.
    const processed = (await server.shop.photos.mainPhotos([owner])).get(photoOwnerKey(owner))!;
    const smallest = processed.variants.filter((v) => v.format === "jpeg").sort((a, b) => a.width - b.width)[0];

    const { context, page } = await newShopperPage(browser, server.url, js);
    try {
      await open(page, `/product/${product.id}`, js);
      await page.getByRole("button", { name: "ADD TO CART" }).click();
      await page.locator(".cart-link .badge", { hasText: /^1$/ }).waitFor();
      for (const [pathname, table] of [["/cart", ".cart-table"], ["/checkout", ".cart-table"]] as const) {
        await open(page, pathname, js);
        const picture = page.locator(`${table} tbody tr`, { hasText: product.name }).locator("picture.line-picture");
        const types = await picture.locator("source").evaluateAll((sources) => sources.map((s) => s.getAttribute("type")));
        expect(types, pathname).toEqual(["image/avif", "image/webp", "image/jpeg"]);
        const img = picture.locator("img");
        expect(await img.getAttribute("src")).toMatch(/^\/photos\/[0-9a-f]{64}\.jpg$/);
        expect(await img.getAttribute("loading")).toBe("lazy");
        expect(await img.getAttribute("width")).toBe("64");
        expect(await img.getAttribute("height")).toBe(String(Math.round((smallest.height * 64) / smallest.width)));
        await img.scrollIntoViewIfNeeded();
        await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);
      }
    } finally {
      await context.close();
    }

    // The tracking page names each line's picture: the photo for the bottle, the coloured drawing for the school's pant.
    const order = await placeTestOrder(server.shop, {
      items: [
        { productId: `product/${product.id}`, quantity: 1 },
        { productId: `school/${school.slug}/pant`, size: findCatalogueProduct(`school/${school.slug}/pant`)!.sizes[0], quantity: 1 },
      ],
    });
    const { context: tracker, page: tracking } = await newShopperPage(browser, server.url, js);
    try {
      await open(tracking, "/orders/track", js);
      await tracking.getByLabel("Order ID").fill(order.displayId);
      await tracking.getByLabel("Mobile number").fill(order.phone);
      await tracking.getByRole("button", { name: "Track Order" }).click();
      await tracking.locator("[data-testid=tracked-status]").waitFor();
      const pictures = tracking.locator(".line-pictures img");
      expect(await pictures.count()).toBe(2);
      expect(await tracking.getByRole("img", { name: product.name }).getAttribute("src")).toMatch(/^\/photos\/[0-9a-f]{64}\.jpg$/);
      expect(await tracking.getByRole("img", { name: "Pant", exact: true }).getAttribute("src")).toBe(`/drawings/pant/ffffff-${school.pant.slice(1)}-9b2945.svg`);
    } finally {
      await tracker.close();
    }
  });
});

/** What a browser would show of an image: the file at its address, decoded (its width in pixels). */
async function decodedWidth(src: string): Promise<number> {
  const response = await fetch(new URL(src, server.url));
  expect(response.status, src).toBe(200);
  return (await sharp(Buffer.from(await response.arrayBuffer())).raw().toBuffer({ resolveWithObject: true })).info.width;
}

/** The shown element matching `selector` whose text includes `text` (a row, a card), as a part of the page. */
function partWith(page: Scope, selector: string, text: string): Scope {
  const found = page.all(selector).filter((el) => page.within(el).has(text));
  if (found.length !== 1) throw new Error(`${found.length} of ${selector} show ${text}`);
  return page.within(found[0]);
}

/** The cart badge's count in the navbar. */
const cartBadge = (page: HtmlPage) => page.text(".cart-link .badge");

describe("school colours and line pictures, JS off, over HTTP", () => {
  const school = SCHOOL.off;

  it("the owner sets a school's pant colour and the school's pant drawing shows it, in the cart too (JS off, over HTTP)", async () => {
    const photos = await (await adminHtmlBrowser(server.url, admin)).open("/admin/photos");
    const colours = await photos.follow(/Each school's colours/);
    expect(colours.url.pathname).toBe("/admin/photos/colours");
    colours.toggle(school.name);
    const saved = await colours.within(`#colours-${school.slug}`).fill("Pant and skirt", school.pant).press("Save colours");
    expect(saved.url.searchParams.get("saved")).toBe("set");
    expect(saved.within(`#colours-${school.slug}`).alerts().some((text) => text.includes("The colours were saved"))).toBe(true);
    expect(saved.text(`#colours-${school.slug} summary`)).toContain("colours set");
    // Recorded with the admin as actor.
    const events = await server.shop.store.readStream(`schoolColours-${school.slug}`);
    expect(events.map((e) => [e.type, (e.data as { actor: { id: string } }).actor.id])).toEqual([["SchoolColoursSet", admin.id]]);

    const parent = htmlBrowser(server.url);
    const schoolPage = await parent.open(`/schools/${school.slug}`);
    const cards = schoolPage.all(".item-card").filter((card) => schoolPage.within(card).links().some((link) => link.name === "Pant"));
    expect(cards).toHaveLength(1);
    const src = schoolPage.within(cards[0]).attr("img", "src") ?? "";
    expect(src).toMatch(new RegExp(`^/drawings/pant/ffffff-${school.pant.slice(1)}-9b2945\\.svg$`));
    expect(await decodedWidth(src)).toBeGreaterThan(0);
    const drawing = await fetch(`${server.url}${src}`);
    expect(drawing.headers.get("content-type")).toContain("image/svg+xml");
    expect(drawing.headers.get("cache-control")).toContain("immutable");
    expect(await drawing.text()).toContain(`fill="${school.pant}"`);

    // The pant in the cart shows the same drawing.
    const added = await (await parent.open(`/schools/${school.slug}/pant`)).press("ADD TO CART");
    expect(cartBadge(added)).toBe("1");
    const line = partWith(await parent.open("/cart"), ".cart-table tbody tr", "Pant").within(".line-picture");
    expect(line.attr("img", "src")).toBe(src);
    expect(line.attr("img", "loading")).toBe("lazy");
    expect(line.attr("img", "width")).toBe("64");
    expect(line.attr("img", "height")).toBe("64");
  });

  it("a cart line and the checkout summary show the product's own photo once it has one (JS off, over HTTP)", async () => {
    const product = await createBottle(server.shop.products, 5, `Colour Bottle off ${randomUUID().slice(0, 6)}`);
    const bytes = await jpegWithGps(900, 600);
    const sniffed = sniffPhoto(bytes);
    if ("refused" in sniffed) throw new Error("the test photo was refused");
    const owner = { kind: "product" as const, productId: product.id };
    await server.shop.photos.upload(owner, { ...sniffed, bytes }, { kind: "admin", id: admin.id, name: "Test admin" });
    await expect.poll(async () => (await server.shop.photos.mainPhotos([owner])).has(photoOwnerKey(owner)), { timeout: 60_000 }).toBe(true);
    // The photo as the job turned it upright: its smallest JPEG gives the proportions the line keeps.
    const processed = (await server.shop.photos.mainPhotos([owner])).get(photoOwnerKey(owner))!;
    const smallest = processed.variants.filter((v) => v.format === "jpeg").sort((a, b) => a.width - b.width)[0];

    const parent = htmlBrowser(server.url);
    const added = await (await parent.open(`/product/${product.id}`)).press("ADD TO CART");
    expect(cartBadge(added)).toBe("1");
    for (const pathname of ["/cart", "/checkout"]) {
      const picture = partWith(await parent.open(pathname), ".cart-table tbody tr", product.name).within("picture.line-picture");
      expect(picture.all("source").map((source) => source.attribs.type), pathname).toEqual(["image/avif", "image/webp", "image/jpeg"]);
      expect(picture.attr("img", "src")).toMatch(/^\/photos\/[0-9a-f]{64}\.jpg$/);
      expect(picture.attr("img", "loading")).toBe("lazy");
      expect(picture.attr("img", "width")).toBe("64");
      expect(picture.attr("img", "height")).toBe(String(Math.round((smallest.height * 64) / smallest.width)));
      expect(await decodedWidth(picture.attr("img", "src") ?? "")).toBeGreaterThan(0);
    }

    // The tracking page names each line's picture: the photo for the bottle, the coloured drawing for the school's pant.
    const order = await placeTestOrder(server.shop, {
      items: [
        { productId: `product/${product.id}`, quantity: 1 },
        { productId: `school/${school.slug}/pant`, size: findCatalogueProduct(`school/${school.slug}/pant`)!.sizes[0], quantity: 1 },
      ],
    });
    const tracking = await (await htmlBrowser(server.url).open("/orders/track")).fill("Order ID", order.displayId).fill("Mobile number", order.phone).press("Track Order");
    expect(tracking.count("[data-testid=tracked-status]")).toBe(1);
    const pictures = tracking.all(".line-pictures img");
    expect(pictures).toHaveLength(2);
    expect(pictures.find((img) => img.attribs.alt === product.name)?.attribs.src).toMatch(/^\/photos\/[0-9a-f]{64}\.jpg$/);
    expect(pictures.find((img) => img.attribs.alt === "Pant")?.attribs.src).toBe(`/drawings/pant/ffffff-${school.pant.slice(1)}-9b2945.svg`);
  });
});
