/**
 * The pages a Hindi-speaking parent (and the shop's staff on their phone) use most, in Hindi
 * on a 360 px phone: nothing scrolls sideways, no button or label is wider than its own box or
 * has words the colour of its fill, and the Devanagari is drawn with the phone's own fonts (the shop loads no web font).
 *
 * With HINDI_SCREENSHOTS=1 it also saves a full-page picture of each page (JavaScript on) to
 * docs/screenshots/hi-360/, the ones looked at and recorded in docs/i18n.md ("Hindi at 360 px").
 */
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { JS_MODES, launchBrowser, newShopperPage } from "../support/browser";
import { addAdminCookie, createTestAdmin, placeTestOrder, signInShopperIn, type TestAdmin } from "../support/admin";
import { startTestServer, type TestServer } from "../support/server";
import { open } from "../support/storefront";

const SCREENSHOTS = process.env.HINDI_SCREENSHOTS === "1" ? path.resolve("docs/screenshots/hi-360") : null;
/** A bigger picture is saved as a JPEG instead, so docs/ stays light. */
const MAX_PNG_BYTES = 300_000;

let server: TestServer;
let browser: Browser | null;
let admin: TestAdmin;
let productId: number;

beforeAll(async () => {
  server = await startTestServer();
  browser = await launchBrowser();
  admin = await createTestAdmin(server.shop, server.url);
  // A seeded product with its Hindi name, so the product page shows catalogue words in Hindi.
  const products = await server.shop.products.list();
  productId = (products.find((p) => p.nameHi) ?? products[0]).id;
}, 180_000);
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/**
 * What a phone would show wrong: the page wider than the screen, a control whose words spill out of
 * it or cannot be seen on it, a web font.
 */
async function layoutFaults(page: Page) {
  return page.evaluate(() => {
    const controls = [...document.querySelectorAll<HTMLElement>("button, .button, a[role=button], input[type=submit], label, select")]
      // A screen reader's label (.visually-hidden, clipped to 1 px on purpose) is not seen, so it cannot spill.
      .filter((el) => el.offsetParent !== null && !el.closest(".table-scroll") && !el.classList.contains("visually-hidden"))
      .filter((el) => el.scrollWidth > el.clientWidth + 1 && getComputedStyle(el).display !== "inline")
      .map((el) => `${el.tagName.toLowerCase()} "${(el.textContent ?? "").trim().slice(0, 40)}" ${el.scrollWidth}>${el.clientWidth}`);
    // A button whose words are the colour of its own fill shows a blank block (the cart's red "हटाएँ" did).
    const blank = [...document.querySelectorAll<HTMLElement>("button, .button")]
      .filter((el) => el.offsetParent !== null)
      .filter((el) => {
        const style = getComputedStyle(el);
        return style.color === style.backgroundColor;
      })
      .map((el) => `${el.tagName.toLowerCase()} "${(el.textContent ?? "").trim().slice(0, 40)}" ${getComputedStyle(el).color}`);
    return {
      width: document.scrollingElement!.scrollWidth,
      controls: [...controls, ...blank],
      webFonts: [...document.fonts].map((font) => font.family),
    };
  });
}

describe("the main pages in Hindi on a 360 px phone", () => {
  for (const mode of JS_MODES) {
    it(`fit the screen, show their buttons' words inside them and use the phone's fonts (${mode.name})`, async ({ skip }) => {
      if (!browser) return skip("no Chromium on this machine");
      const js = mode.javaScriptEnabled;
      const { context, page } = await newShopperPage(browser, server.url, js);
      await context.addCookies([{ name: "shop_lng", value: "hi", url: server.url }]);
      try {
        // A signed-in parent with a shirt in the cart and one order behind them; the same phone is an admin's too.
        const user = await server.shop.auth.registerWithEmail({
          email: `hindi-${mode.name.replace(" ", "-")}-${Date.now()}@example.com`,
          password: "satchel-2026",
          name: "सुनीता चौधरी",
        });
        await placeTestOrder(server.shop, { userId: user.id, name: "सुनीता चौधरी", items: [{ productId: "school/dps/shirt", size: "30", quantity: 2 }] });
        await server.shop.cart.add({ kind: "user", userId: user.id }, { productId: "school/dps/shirt", size: "30", quantity: 2 });
        await signInShopperIn(context, server.shop, server.url, user.id);
        await addAdminCookie(context, admin, server.url);

        for (const [name, where] of [
          ["home", "/"],
          ["school", "/schools/dps"],
          ["product", `/product/${productId}`],
          ["cart", "/cart"],
          ["checkout", "/checkout"],
          ["account", "/account"],
          ["admin", "/admin"],
        ] as const) {
          expect(await open(page, where, js), where).toBe(200);
          expect(await page.getAttribute("html", "lang"), where).toBe("hi-IN");
          const faults = await layoutFaults(page);
          expect(faults.width, `${where} is wider than the phone`).toBeLessThanOrEqual(360);
          expect(faults.controls, `${where}: words spill out of their control or vanish in it`).toEqual([]);
          expect(faults.webFonts, `${where} loads a web font`).toEqual([]);
          if (SCREENSHOTS && js) await saveScreenshot(page, name);
        }
      } finally {
        await context.close();
      }
    });
  }
});

async function saveScreenshot(page: Page, name: string) {
  fs.mkdirSync(SCREENSHOTS!, { recursive: true });
  const png = await page.screenshot({ fullPage: true, type: "png", animations: "disabled" });
  for (const old of [`${name}.png`, `${name}.jpg`]) fs.rmSync(path.join(SCREENSHOTS!, old), { force: true });
  if (png.length <= MAX_PNG_BYTES) fs.writeFileSync(path.join(SCREENSHOTS!, `${name}.png`), png);
  else fs.writeFileSync(path.join(SCREENSHOTS!, `${name}.jpg`), await page.screenshot({ fullPage: true, type: "jpeg", quality: 70, animations: "disabled" }));
}
