/**
 * The facts of the catalogue's bought-in items (decision 142), in Chromium with JavaScript on and without
 * JavaScript over HTTP through the pages' real forms and links (decision 176), in English and Hindi: the admin
 * reaches the facts page from the products page and sets a kids' shoe's maker with JavaScript off (a bag's in Hindi
 * with it on), and a parent sees them on the item's page (the kids' shoe's own page, the bag's card on its shelf) at
 * once, in both languages; a fact not set is left out.
 */
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { launchBrowser, newShopperPage } from "../support/browser";
import { htmlBrowser, type Scope } from "../support/html-browser";
import { open, settle } from "../support/storefront";
import { startTestServer, type TestServer } from "../support/server";
import { adminHtmlBrowser, createTestAdmin, newAdminPage, type TestAdmin } from "../support/admin";
import { htmlErrors, javaPresent } from "../support/html-checker";
import en from "../../app/locales/en/seller.json";
import hi from "../../app/locales/hi/seller.json";

let server: TestServer;
let browser: Browser | null;
let admin: TestAdmin;

beforeAll(async () => {
  server = await startTestServer();
  admin = await createTestAdmin(server.shop, server.url, `item-facts-e2e-${randomUUID()}@churu-uniforms.example`);
  browser = await launchBrowser();
}, 180_000);
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const WORDS = { en, hi } as const;
type Lang = keyof typeof WORDS;

async function inLanguage(context: BrowserContext, lang: Lang) {
  if (lang === "hi") await context.addCookies([{ name: "shop_lng", value: "hi", url: server.url }]);
}

/** The facts as a page shows them: each term with its description. */
async function factsOn(page: Page, scope = page.locator("body")): Promise<Record<string, string>> {
  const section = scope.locator("section.product-facts");
  const terms = await section.locator("dt").allTextContents();
  const values = await section.locator("dd").allTextContents();
  return Object.fromEntries(terms.map((term, i) => [term.trim(), values[i].trim()]));
}

/** The facts as a page without JavaScript shows them: each term with its description. */
function factsOverHttp(scope: Scope): Record<string, string> {
  const terms = scope.texts("section.product-facts dt");
  const values = scope.texts("section.product-facts dd");
  return Object.fromEntries(terms.map((term, i) => [term, values[i]]));
}

/** A parent's browser without JavaScript, in a language. */
async function parentOverHttp(lang: Lang) {
  const http = htmlBrowser(server.url);
  if (lang === "hi") await http.setCookie("shop_lng=hi; Path=/");
  return http;
}

/** The admin, without JavaScript, from the products page, sets one item's facts and sees them saved in the table. */
async function adminSetsOverHttp(lang: Lang, item: { id: string; name: string }, facts: { country: string; maker: string; quantity: string }) {
  const words = WORDS[lang].itemFacts;
  const http = await adminHtmlBrowser(server.url, admin);
  if (lang === "hi") await http.setCookie("shop_lng=hi; Path=/");
  const products = await http.open("/admin/products");
  const list = await products.follow(words.productsLink);
  expect(list.url.pathname).toBe("/admin/products/facts");
  expect(list.text("h1")).toBe(words.title);
  const edit = await list.follow(`${words.edit}: ${item.name}`);
  expect(edit.url.searchParams.get("edit")).toBe(item.id);
  expect(edit.headings()).toContain(words.editTitle.replace("{{item}}", item.name));
  const saved = await edit
    .fill(WORDS[lang].facts.origin, facts.country)
    .fill(WORDS[lang].facts.maker, facts.maker)
    .fill(WORDS[lang].facts.netQuantity, facts.quantity)
    .press(words.save);
  expect(saved.url.searchParams.get("saved")).toBe("saved");
  expect(saved.text("[role=status]")).toContain(words.saved.saved);
  const row = saved.text(`tr[data-item-id="${item.id}"]`);
  expect(row).toContain(facts.maker);
  expect(row).toContain(admin.name);
}

/** The admin, from the products page, sets one item's facts and sees them saved in the table. */
async function adminSets(js: boolean, lang: Lang, item: { id: string; name: string }, facts: { country: string; maker: string; quantity: string }) {
  const words = WORDS[lang].itemFacts;
  const { context, page } = await newAdminPage(browser!, server.url, admin, js);
  await inLanguage(context, lang);
  try {
    await open(page, "/admin/products", js);
    await page.getByRole("link", { name: words.productsLink }).click();
    await settle(page, (url) => url.pathname === "/admin/products/facts", js);
    await page.getByRole("heading", { name: words.title, level: 1 }).waitFor();
    await page.getByRole("link", { name: `${words.edit}: ${item.name}` }).click();
    await settle(page, (url) => url.searchParams.get("edit") === item.id, js);
    await page.getByRole("heading", { name: words.editTitle.replace("{{item}}", item.name) }).waitFor();
    await page.getByLabel(WORDS[lang].facts.origin).fill(facts.country);
    await page.getByLabel(WORDS[lang].facts.maker).fill(facts.maker);
    await page.getByLabel(WORDS[lang].facts.netQuantity).fill(facts.quantity);
    await page.getByRole("button", { name: words.save }).click();
    await settle(page, (url) => url.searchParams.get("saved") === "saved", js);
    expect(await page.getByRole("status").textContent()).toContain(words.saved.saved);
    const row = page.locator(`tr[data-item-id="${item.id}"]`);
    expect(await row.textContent()).toContain(facts.maker);
    expect(await row.textContent()).toContain(admin.name);
  } finally {
    await context.close();
  }
}

describe("the facts of the catalogue's bought-in items", () => {
  it("leaves out what is not set: a kids' shoe shows its MRP and no maker until the owner sets one (JS off, over HTTP)", async () => {
    const http = await parentOverHttp("en");
    const shoe = await http.open("/accessories/shoes/kids-shoes/black-velcro-shoes");
    const facts = factsOverHttp(shoe);
    expect(Object.keys(facts)).toEqual([en.facts.mrpFrom]);
    expect(facts[en.facts.mrpFrom]).toMatch(/^₹\d+ \(inclusive of all taxes\)$/);
    const bags = await http.open("/accessories/bags");
    expect(bags.all("section.product-facts")).toHaveLength(0);
  });

  it("the admin sets a kids' shoe's maker with JS off (over HTTP); parents see it on its page at once, JS on (Chromium) and off (over HTTP), in English and Hindi", async ({ skip }) => {
    if (!browser) return skip("no Chromium on this machine");
    const path = "/accessories/shoes/kids-shoes/black-shoes-laces";
    const maker = "Liberty Shoes Ltd, Libertypuram, Karnal 132001";
    // A parent's view before: kept by the page cache, which the save must not leave showing.
    const before = await (await parentOverHttp("en")).open(path);
    expect(Object.keys(factsOverHttp(before))).not.toContain(en.facts.maker);

    await adminSetsOverHttp("en", { id: "kids-shoes/black-shoes-laces", name: "Black Shoes with Laces" }, { country: "India", maker, quantity: "1 pair" });

    for (const lang of ["en", "hi"] as const) {
      // The very address the parent saw before the save: the kept page is gone.
      const facts = factsOverHttp(await (await parentOverHttp(lang)).open(path));
      const F = WORDS[lang].facts;
      expect(facts[F.maker], `JS off, ${lang}`).toBe(maker);
      expect(facts[F.origin]).toBe(F.india);
      expect(facts[F.netQuantity]).toBe("1 pair");
      expect(facts[F.mrpFrom]).toContain(F.inclusive);
    }
    const mode = { name: "JS on", javaScriptEnabled: true };
    for (const lang of ["en", "hi"] as const) {
      const { context, page } = await newShopperPage(browser, server.url, mode.javaScriptEnabled);
      await inLanguage(context, lang);
      try {
        // The very address the parent saw before the save: the kept page is gone.
        await open(page, path, mode.javaScriptEnabled);
        const facts = await factsOn(page);
        const F = WORDS[lang].facts;
        expect(facts[F.maker], `${mode.name}, ${lang}`).toBe(maker);
        expect(facts[F.origin]).toBe(F.india);
        expect(facts[F.netQuantity]).toBe("1 pair");
        expect(facts[F.mrpFrom]).toContain(F.inclusive);
      } finally {
        await context.close();
      }
    }
  });

  it("the admin sets a bag's facts in Hindi with JS on; its card on the bags shelf shows them, JS on (Chromium) and off (over HTTP), in English and Hindi", async ({ skip }) => {
    if (!browser) return skip("no Chromium on this machine");
    const maker = "स्काईबैग्स, वीआईपी इंडस्ट्रीज़, मुंबई 400093";
    await adminSets(true, "hi", { id: "bags/junior-school-bag", name: "जूनियर स्कूल बैग" }, { country: "Viet Nam", maker, quantity: "1 नग" });

    for (const lang of ["en", "hi"] as const) {
      const shelf = await (await parentOverHttp(lang)).open("/accessories/bags");
      const name = lang === "en" ? "Junior School Bag" : "जूनियर स्कूल बैग";
      const cards = shelf.all("li.card").filter((card) => shelf.within(card).texts("h2").includes(name));
      expect(cards, name).toHaveLength(1);
      const F = WORDS[lang].facts;
      const facts = factsOverHttp(shelf.within(cards[0]));
      expect(facts[F.maker], `JS off, ${lang}`).toBe(maker);
      expect(facts[F.origin]).toBe("Viet Nam");
      expect(facts[F.netQuantity]).toBe("1 नग");
      expect(facts[F.mrp]).toBe(`₹450 ${F.inclusive}`);
      // Only the item whose facts are set shows them.
      expect(shelf.all("section.product-facts")).toHaveLength(1);
    }
    const mode = { name: "JS on", javaScriptEnabled: true };
    for (const lang of ["en", "hi"] as const) {
      const { context, page } = await newShopperPage(browser, server.url, mode.javaScriptEnabled);
      await inLanguage(context, lang);
      try {
        await open(page, "/accessories/bags", mode.javaScriptEnabled);
        const name = lang === "en" ? "Junior School Bag" : "जूनियर स्कूल बैग";
        const card = page.locator("li.card").filter({ has: page.getByRole("heading", { name, level: 2 }) });
        const F = WORDS[lang].facts;
        const facts = await factsOn(page, card);
        expect(facts[F.maker], `${mode.name}, ${lang}`).toBe(maker);
        expect(facts[F.origin]).toBe("Viet Nam");
        expect(facts[F.netQuantity]).toBe("1 नग");
        expect(facts[F.mrp]).toBe(`₹450 ${F.inclusive}`);
        // Only the item whose facts are set shows them.
        expect(await page.locator("section.product-facts").count()).toBe(1);
      } finally {
        await context.close();
      }
    }
  });

  it("its pages are valid HTML (Nu HTML Checker), with facts set and with a refused save, in English and Hindi", async ({ skip }) => {
    if (!javaPresent) return skip("no Java on this machine for the checker");
    const set = await server.shop.itemFacts.set("bags/nursery-kids-backpack", { countryOfOrigin: "India", maker: "Priya Bags, Jaipur 302001", netQuantity: null }, { kind: "admin", id: admin.id, name: admin.name });
    expect(set.position && (await server.shop.waitForReadModels(set.position))).toBe(true);
    server.shop.itemFacts.shown();
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), "item-facts-html-"));
    try {
      const files: string[] = [];
      const save = async (name: string, res: Response) => {
        expect(res.headers.get("content-type") ?? "", name).toMatch(/text\/html/);
        const file = path.join(folder, `${encodeURIComponent(name)}.html`);
        fs.writeFileSync(file, await res.text());
        files.push(file);
      };
      for (const lang of ["en", "hi"] as const) {
        const cookie = `${admin.cookie}; shop_lng=${lang}`;
        for (const page of ["/admin/products/facts", "/admin/products/facts?edit=kids-shoes%2Fblack-shoes-laces", "/accessories/shoes/kids-shoes/black-shoes-laces", "/accessories/bags"]) {
          await save(`${lang}${page}`, await fetch(`${server.url}${page}`, { headers: { cookie } }));
        }
        expect(fs.readFileSync(files.at(-1)!, "utf8"), "the bags shelf with a card's facts").toContain("Priya Bags, Jaipur 302001");
        const refused = await fetch(`${server.url}/admin/products/facts?edit=kids-shoes%2Fblack-shoes-laces`, {
          method: "POST",
          headers: { cookie, "content-type": "application/x-www-form-urlencoded", origin: server.url },
          body: new URLSearchParams({ item: "kids-shoes/black-shoes-laces", country: "x".repeat(61), maker: "", quantity: "" }).toString(),
        });
        expect(refused.status).toBe(422);
        await save(`${lang}-refused`, refused);
      }
      expect(await htmlErrors(files)).toEqual([]);
      // The refusal is the form's own, in the page's language.
      const refusedHi = fs.readFileSync(path.join(folder, `${encodeURIComponent("hi-refused")}.html`), "utf8");
      expect(refusedHi).toContain("मूल देश ज़्यादा से ज़्यादा 60 अक्षर का हो सकता है।");
    } finally {
      fs.rmSync(folder, { recursive: true, force: true });
    }
  });
});
