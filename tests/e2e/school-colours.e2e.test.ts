/**
 * A school's colours and the lines' pictures in a browser (decision 140), JavaScript on and off:
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
import { JS_MODES, newShopperPage } from "../support/browser";
import type { TestServer } from "../support/server";
import { startPhotoBed, type PhotoBed } from "../support/photo-bed";
import { open, settle } from "../support/storefront";
import { newAdminPage, placeTestOrder, type TestAdmin } from "../support/admin";
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

describe.each(JS_MODES)("school colours and line pictures, $name", ({ javaScriptEnabled: js }) => {
  const school = js ? SCHOOL.on : SCHOOL.off;

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
    const product = await createBottle(server.shop.products, 5, `Colour Bottle ${js ? "on" : "off"} ${randomUUID().slice(0, 6)}`);
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
