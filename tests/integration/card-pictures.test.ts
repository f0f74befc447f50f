/**
 * The cards' pictures (decisions 139, 140, 146): the school page's, /shop's and the shelves' cards show an item's
 * or a product's main photo once the photo job has made it, the drawing otherwise, and a new photo drops
 * the kept catalogue pages (decision 074) so the next visitor sees it. Real photo jobs on a real
 * database; pages kept for ten minutes, so only a dropped page can show the photo.
 */
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { catalogueId, findCatalogueProduct } from "../../domain/catalogue";
import { DEFAULT_SCHOOL_COLOURS } from "../../domain/photos/colours";
import type { PhotoOwner } from "../../domain/photos/events";
import { sniffPhoto } from "../../domain/photos/sniff";
import { findSchool } from "../../domain/schools";
import { linePictures, schoolItemCardPictures, shopProductCardPictures, type SchoolItemCard } from "../../app/pictures.server";
import { CARD_PICTURE_SIZE, FIRST_ROW_CARDS } from "../../app/components/CardPicture";
import { LINE_PICTURE_SIZE } from "../../app/components/LinePicture";
import { call } from "../support/admin";
import { htmlBrowser } from "../support/html-browser";
import sharp from "sharp";
import { eventually } from "../support/fake-providers";
import { jpegWithGps } from "../support/photos";
import { startTestServer, type TestServer } from "../support/server";

vi.setConfig({ testTimeout: 120_000 });

const actor = { kind: "admin" as const, id: "admin-cards", name: "Owner" };
let server: TestServer;
let photosDir: string;
let productId: number;

beforeAll(async () => {
  photosDir = await fs.mkdtemp(path.join(os.tmpdir(), "shop-card-pictures-"));
  server = await startTestServer({ env: { SHOP_PHOTOS_DIR: photosDir, PAGE_CACHE_SECONDS: "600" } });
  productId = (await server.shop.db.selectFrom("products").select("id").orderBy("id").executeTakeFirstOrThrow()).id;
});
afterAll(async () => {
  await server?.close();
  await fs.rm(photosDir, { recursive: true, force: true });
});

const get = (address: string) => call(`${server.url}${address}`);

/** Uploads a small phone photo for `owner` and waits for the photo job to make its files. */
async function photograph(owner: PhotoOwner, colour?: { r: number; g: number; b: number }) {
  // Stored on its side (EXIF Orientation 6): 600 wide and 900 high once upright. A colour: a photo of its own files.
  const bytes = colour ? await sharp({ create: { width: 600, height: 900, channels: 3, background: colour } }).jpeg().toBuffer() : await jpegWithGps(900, 600);
  const sniffed = sniffPhoto(bytes);
  if ("refused" in sniffed) throw new Error("the test photo was refused");
  const { photoId } = await server.shop.photos.upload(owner, { ...sniffed, bytes }, actor);
  return eventually(
    "the photo to be processed",
    async () => ((await server.shop.photos.list(owner)).find((photo) => photo.photoId === photoId && photo.status === "ready") ? photoId : null),
    60_000,
  );
}

/** The `<picture>` of the card whose title links to `href`, from a page's HTML. */
function cardPicture(html: string, href: string): string {
  const card = html.split('<li class="card').find((part) => part.includes(`href="${href}"`));
  if (!card) throw new Error(`no card links to ${href}`);
  return /<picture[^>]*>.*?<\/picture>/s.exec(card)?.[0] ?? "";
}

const dps = findSchool("dps")!;
const dpsCards = (chosen: Record<string, "Blue"> = {}): SchoolItemCard[] =>
  dps.items.map((item) => ({
    slug: item.slug,
    illustration: findCatalogueProduct(catalogueId.schoolItem("dps", item.slug))!.illustration,
    colour: item.colours ? (chosen[item.slug] ?? "Red") : undefined,
    colourChosen: chosen[item.slug] !== undefined,
  }));

describe("the cards' pictures", () => {
  it("drops the kept school page and /shop when the photo job has made a photo, and the cards show it", async () => {
    // Kept with the drawings.
    for (const address of ["/schools/dps", "/shop"]) {
      await get(address);
      expect((await get(address)).headers.get("x-page-cache")).toBe("hit");
    }
    expect(cardPicture(await (await get("/schools/dps")).text(), "/schools/dps/shirt")).not.toContain("<source");

    await Promise.all([photograph({ kind: "item", school: "dps", item: "shirt" }), photograph({ kind: "product", productId })]);

    // The job's change in this process dropped both pages (kept for ten minutes otherwise): the next visits show the photos.
    const showing = (address: string, href: string) =>
      eventually(`${address} to show the photo`, async () => {
        const picture = cardPicture(await (await get(address)).text(), href);
        return picture.includes("<source") ? picture : null;
      });
    const shirt = await showing("/schools/dps", "/schools/dps/shirt");
    expect(shirt).toMatch(/<source type="image\/avif" srcSet="\/photos\/[0-9a-f]{64}\.avif 400w/i);
    expect(shirt).toMatch(/<img src="\/photos\/[0-9a-f]{64}\.jpg" alt="Shirt" width="200" height="300"/);
    expect(await showing("/shop", `/product/${productId}`)).toContain('type="image/webp"');
  });

  it("loads the first row's pictures at once and the rest when near the screen", async () => {
    const html = await (await get("/schools/dps")).text();
    const loading = [...html.matchAll(/<li class="card item-card">.*?<img [^>]*loading="(\w+)"/gs)].map((match) => match[1]);
    expect(loading).toHaveLength(dps.items.length);
    expect(loading.slice(0, FIRST_ROW_CARDS).every((value) => value === "eager")).toBe(true);
    expect(loading.slice(FIRST_ROW_CARDS).every((value) => value === "lazy")).toBe(true);
    expect(html).not.toMatch(/<li class="card item-card">.*?fetchpriority/s);
  });

  it("answers a school's cards with the main photos, the drawings in the school's colours for the rest", async () => {
    await photograph({ kind: "item", school: "dps", item: "t-shirt" });
    const pictures = await schoolItemCardPictures(server.shop, "dps", dpsCards(), DEFAULT_SCHOOL_COLOURS);
    expect(Object.keys(pictures)).toEqual(dps.items.map((item) => item.slug));
    for (const slug of ["shirt", "t-shirt"]) {
      expect(pictures[slug].sources.map((source) => source.type), slug).toEqual(["image/avif", "image/webp", "image/jpeg"]);
      expect(pictures[slug].src, slug).toMatch(/^\/photos\/[0-9a-f]{64}\.jpg$/);
      expect([pictures[slug].width, pictures[slug].height], slug).toEqual([CARD_PICTURE_SIZE, 300]);
    }
    expect(pictures.pant).toEqual({ src: "/drawings/pant/ffffff-2f4f86-9b2945.svg", width: CARD_PICTURE_SIZE, height: CARD_PICTURE_SIZE, sources: [] });
    expect(pictures["white-pant"].src).toBe("/images/types/pant-white.svg");

    // A colour the parent picked on the card: the photo shows one colour, so the drawing is painted in the one picked.
    const blue = await schoolItemCardPictures(server.shop, "dps", dpsCards({ "t-shirt": "Blue" }), DEFAULT_SCHOOL_COLOURS);
    expect(blue["t-shirt"]).toEqual({ src: expect.stringMatching(/^\/drawings\/tshirt\/[0-9a-f]{6}-[0-9a-f]{6}-3c7dd9\.svg$/) as unknown, width: CARD_PICTURE_SIZE, height: CARD_PICTURE_SIZE, sources: [] });
    expect(blue.shirt.sources).toHaveLength(3);
  });

  it("shows a shelf item's photo on its kept shelf page's card and on its lines, the drawing for the rest (decision 146)", async () => {
    // Kept with the drawings.
    for (const address of ["/white-products", "/accessories/bags"]) {
      await get(address);
      expect((await get(address)).headers.get("x-page-cache")).toBe("hit");
    }
    await Promise.all([photograph({ kind: "shelf", item: "white/shirt" }), photograph({ kind: "shelf", item: "bags/junior-school-bag" })]);

    /** The `<picture>` of the card whose picture is named `alt`. */
    const pictureOf = (html: string, alt: string) => /<picture[^>]*>(?:(?!<\/picture>).)*?<\/picture>/gs.exec(html.split('<li class="card"').find((part) => part.includes(`alt="${alt}"`)) ?? "")?.[0] ?? "";
    const showing = (address: string, alt: string) =>
      eventually(`${address} to show the photo`, async () => {
        const picture = pictureOf(await (await get(address)).text(), alt);
        return picture.includes("<source") ? picture : null;
      });
    expect(await showing("/white-products", "White Shirt")).toMatch(/<img src="\/photos\/[0-9a-f]{64}\.jpg" alt="White Shirt" width="200" height="300"/);
    expect(await showing("/accessories/bags", "Junior School Bag")).toContain('type="image/avif"');
    const bags = await (await get("/accessories/bags")).text();
    expect(pictureOf(bags, "Classic School Backpack")).toMatch(/<picture class="card-picture drawing"><img src="\/images\/types\/bag\.svg"/);

    // A cart's, checkout's or order's line of the item shows the photo too; a line of another white uniform its drawing.
    const lines = await linePictures(server.shop, ["white/shirt", "white/pant", "bags/junior-school-bag"], LINE_PICTURE_SIZE);
    expect(lines["white/shirt"].sources.map((source) => source.type)).toEqual(["image/avif", "image/webp", "image/jpeg"]);
    expect(lines["bags/junior-school-bag"].src).toMatch(/^\/photos\/[0-9a-f]{64}\.jpg$/);
    expect(lines["white/pant"]).toEqual({ src: "/images/types/pant-white.svg", width: LINE_PICTURE_SIZE, height: LINE_PICTURE_SIZE, sources: [] });
  });

  it("shows every photo of a school item and of a /shop product on its page in the owner's order, as a gallery of plain anchors (issue 48)", async () => {
    const owner = { kind: "item", school: "st-xaviers", item: "tunik" } as const;
    const ids: string[] = [];
    for (const colour of [{ r: 200, g: 30, b: 30 }, { r: 30, g: 160, b: 60 }, { r: 240, g: 200, b: 40 }]) ids.push(await photograph(owner, colour));
    // The owner moves the third photo up one: the page shows 1, 3, 2.
    const moved = await server.shop.photos.move(owner, ids[2], -1, actor);
    await server.shop.waitForReadModels(moved.position!);
    const photos = await server.shop.photos.list(owner);
    expect(photos.map((photo) => photo.photoId)).toEqual([ids[0], ids[2], ids[1]]);
    const jpegs = photos.map((photo) => photo.variants.filter((v) => v.format === "jpeg").map((v) => `/photos/${v.file}`));

    for (const [lang, show] of [["en", "Show photo 2 of 3"], ["hi", "3 में से फ़ोटो 2 दिखाएँ"]] as const) {
      const page = await eventually(`the ${lang} page to show three photos`, async () => {
        const opened = await htmlBrowser(server.url, { language: lang }).open("/schools/st-xaviers/tunik");
        return opened.count(".gallery-strip > li") === 3 ? opened : null;
      });
      const strip = page.all(".gallery-strip > li");
      expect(strip.map((li) => li.attribs.id)).toEqual(["photo-1", "photo-2", "photo-3"]);
      strip.forEach((li, i) => expect(jpegs[i], `photo ${i + 1}`).toContain(page.within(li).attr("img", "src")));
      // Each thumbnail is a plain link to its photo's anchor on the page, named in the page's language.
      const thumbs = page.links().filter((link) => link.href.startsWith("#photo-"));
      expect(thumbs.map((link) => link.href)).toEqual(["#photo-1", "#photo-2", "#photo-3"]);
      expect(thumbs[1].name).toBe(show);
      page.all(".gallery-thumbs img").forEach((img, i) => expect(jpegs[i]).toContain(img.attribs.src));
    }

    // A product of /shop shows its photos the same way.
    const product = { kind: "product", productId } as const;
    for (const colour of [{ r: 90, g: 30, b: 150 }, { r: 20, g: 20, b: 20 }]) await photograph(product, colour);
    const count = (await server.shop.photos.list(product)).filter((photo) => photo.status === "ready").length;
    const page = await eventually("the product page to show every photo", async () => {
      const opened = await htmlBrowser(server.url).open(`/product/${productId}`);
      return opened.count(".gallery-strip > li") === count ? opened : null;
    });
    expect(page.links().filter((link) => link.href.startsWith("#photo-")).map((link) => link.name)).toEqual(
      Array.from({ length: count }, (_, i) => `Show photo ${i + 1} of ${count}`),
    );
  });

  it("draws a school's white skirt and white tunik, and the white shelf's, white and not in the school's colours (issue 48)", async () => {
    const parent = htmlBrowser(server.url);
    for (const [item, drawing] of [["white-skirt", "skirt-white"], ["white-tunik", "tunic-white"]] as const) {
      const page = await parent.open(`/schools/st-xaviers/${item}`);
      expect(page.attr(".product-detail picture img", "src"), item).toBe(`/images/types/${drawing}.svg`);
    }
    const shelf = await parent.open("/white-products");
    expect(shelf.attr('img[alt="White Skirt"]', "src")).toBe("/images/types/skirt-white.svg");
    expect(shelf.attr('img[alt="White Tunik"]', "src")).toBe("/images/types/tunic-white.svg");
  });

  it("answers /shop's cards with each product's main photo, its image or drawing otherwise", async () => {
    const products = await server.shop.products.listAll();
    const pictures = await shopProductCardPictures(server.shop, products);
    expect(pictures[productId].sources).toHaveLength(3);
    const others = products.filter((product) => product.id !== productId);
    expect(others.length).toBeGreaterThan(0);
    for (const product of others) expect(pictures[product.id], product.name).toMatchObject({ width: CARD_PICTURE_SIZE, height: CARD_PICTURE_SIZE, sources: [] });
  });
});
