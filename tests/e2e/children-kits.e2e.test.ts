// Children, class kits and next year's sizes (decisions 133, 134), JavaScript on in Chromium and off over HTTP
// through the pages' real forms (decision 175), in English and Hindi: a parent adds a child on the account page and buys the child's whole class kit
// in one submit (every size filled in from the child, every line in the cart for that child), sees the
// child's size preselected on a uniform page (and a stranger at that address sees nothing of the child); then,
// from the order history, orders an order again for the child with the shirt one size up, old and new
// shown side by side before anything is added. The owner changes a kit in the admin area.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { RESOURCES } from "../../app/i18n/i18n.server";
import type { Language } from "../../domain/i18n";
import { ageNow } from "../../domain/children/children";
import { buildKit, nextYearSizes } from "../../domain/kits/build";
import { kitFor } from "../../domain/kits/kits";
import { findCatalogueProduct } from "../../domain/catalogue";
import { adminHtmlBrowser, createTestAdmin, newAdminPage, signInShopperIn, signInShopperOver } from "../support/admin";
import { launchBrowser, newShopperPage, ready } from "../support/browser";
import { htmlBrowser } from "../support/html-browser";
import { startTestServer, type TestServer } from "../support/server";

let server: TestServer;
let browser: Browser | null;

beforeAll(async () => {
  server = await startTestServer();
  browser = await launchBrowser();
}, 180_000);
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const LANGUAGES: readonly Language[] = ["en", "hi"];
const fill = (text: string, values: Record<string, string | number> = {}) => text.replace(/\{\{(\w+)\}\}/g, (_, k: string) => String(values[k]));

async function inLanguage(context: BrowserContext, lang: Language) {
  await context.addCookies([{ name: "shop_lng", value: lang, url: server.url }]);
}

/** Clicks and waits for the page the click leads to (a navigation with JS off, Remix's with JS on). */
async function go(page: Page, js: boolean, click: () => Promise<void>, until: (url: URL) => boolean) {
  await Promise.all([page.waitForURL(until), click()]);
  await ready(page, js);
}

describe("children, class kits and next year's sizes", () => {
  const mode = { name: "JS on" };
  const js = true;
  for (const lang of LANGUAGES) {
    it(`adds a child, buys the kit in one submit, and reorders a size up (${mode.name}, ${lang})`, async ({ skip }) => {
      if (!browser) return skip("no Chromium on this machine");
      const m = RESOURCES[lang];
      const user = await server.shop.auth.registerWithEmail({ email: `kit-${randomUUID()}@example.com`, password: "satchel-2026", name: "Meena Sharma" });
      const { context, page } = await newShopperPage(browser, server.url, js);
      try {
        await inLanguage(context, lang);
        await signInShopperIn(context, server.shop, server.url, user.id);

        // A child on the account, measured in centimetres.
        await page.goto("/account/children");
        await ready(page, js);
        const add = page.locator("form.child-form").filter({ has: page.locator('input[name="intent"][value="add"]') });
        await add.getByLabel(m.children.name, { exact: true }).fill("Ravi");
        await add.getByLabel(m.children.school, { exact: true }).selectOption("dps");
        await add.getByLabel(m.children.className, { exact: true }).selectOption("3");
        await add.getByLabel(m.children.kitSide.boys).check();
        await add.getByLabel(m.children.unit).selectOption("cm");
        for (const [label, value] of [
          [m.children.age, "7"],
          [m.children.height, "122"],
          [m.children.chest, "61"],
          [m.children.waist, "56"],
          [m.children.foot, "18"],
        ]) {
          await add.getByLabel(label, { exact: true }).fill(value);
        }
        await go(page, js, () => add.getByRole("button", { name: m.children.add }).click(), (url) => url.searchParams.get("saved") === "added");
        await expect.poll(() => page.getByRole("status").textContent()).toBe(m.children.saved.added);
        const [child] = await server.shop.children.list(user.id);
        expect(child).toMatchObject({ name: "Ravi", school: "dps", className: "3", kit: "boys", measurements: { ageYears: 7, chestCm: 61 } });

        // The whole kit, every size from the child, in one submit.
        const expected = buildKit("dps", kitFor(await server.shop.kits.of("dps"), "3", "boys")!, {
          measurements: { ...child.measurements, ageYears: ageNow(child, new Date()) },
        });
        expect(expected.every((line) => line.size)).toBe(true);

        // The uniform page with the child chosen: their size preselected, the line for them; a stranger at
        // the same address sees nothing of the child (the page is never kept for others).
        const shirt = expected.find((line) => line.item === "shirt")!;
        await page.goto(`/schools/dps/shirt?child=${child.id}`);
        await ready(page, js);
        expect(await page.locator("[data-child-size]").getAttribute("data-child-size")).toBe(shirt.size);
        expect(await page.locator('form[action="/cart"] input[name="forChild"]').first().inputValue()).toBe(child.id);
        const stranger = await newShopperPage(browser, server.url, js);
        try {
          await stranger.page.goto(`/schools/dps/shirt?child=${child.id}`);
          await ready(stranger.page, js);
          expect(await stranger.page.locator("main").innerText()).not.toContain("Ravi");
        } finally {
          await stranger.context.close();
        }
        await page.goto("/account/children");
        await ready(page, js);
        await go(page, js, () => page.getByRole("link", { name: fill(m.children.buyKit, { name: "Ravi" }) }).click(), (url) => url.pathname === "/schools/dps/kit");
        for (const line of expected) {
          const row = page.locator(`tr[data-item="${line.productId}"]`);
          if (line.sizesOffered.length) await expect.poll(() => row.locator("select").inputValue()).toBe(line.size);
          await expect.poll(() => row.locator('input[type="number"]').inputValue()).toBe(String(line.count));
        }
        await go(page, js, () => page.getByRole("button", { name: m.kits.page.addAll }).click(), (url) => url.pathname === "/cart");
        const forRavi = fill(m.cart.forChild, { name: "Ravi" });
        await expect.poll(() => page.locator(".line-child").allTextContents()).toEqual(expected.map(() => forRavi));
        const cart = await server.shop.cart.view({ kind: "user", userId: user.id });
        expect(cart.lines.map((l) => [l.productId, l.size, l.quantity, l.forChild])).toEqual(expected.map((l) => [l.productId, l.size, l.count, child.id]));

        // An order from last year, in a size the child has grown out of (the smallest made): ordered again a size up.
        const old = findCatalogueProduct("school/dps/shirt")!.sizes[0];
        await server.shop.cart.clear({ kind: "user", userId: user.id });
        const placed = await server.shop.orders.placeOrder({
          scope: `user:${user.id}`,
          idempotencyKey: randomUUID(),
          items: [{ productId: "school/dps/shirt", size: old, quantity: 2 }],
          customer: { kind: "user", userId: user.id, name: "Meena Sharma", phone: "9876501234" },
          address: { name: "Meena Sharma", phone: "9876501234", address: "Ward 5, Station Road", city: "Churu", pincode: "331001" },
          paymentMethod: "cod",
        });
        await server.shop.waitForReadModels(placed.position, 20_000);
        const [moved] = nextYearSizes([{ productId: "school/dps/shirt", name: "Shirt", size: old, school: "DPS", quantity: 2 }], 1, ageNow(child, new Date()));
        expect(moved.newSize).not.toBe(old);
        await page.goto("/account");
        await ready(page, js);
        await go(page, js, () => page.getByRole("link", { name: m.kits.reorder.link }).first().click(), (url) => url.pathname === `/account/reorder/${placed.orderId}`);
        await page.getByLabel(m.kits.reorder.child).selectOption(child.id);
        await go(page, js, () => page.getByRole("button", { name: m.kits.reorder.show }).click(), (url) => url.searchParams.get("child") === child.id);
        const row = page.locator('tr[data-item="school/dps/shirt"]');
        expect(await row.locator("[data-old-size]").textContent()).toBe(old);
        await expect.poll(() => row.locator("[data-new-size] select").inputValue()).toBe(moved.newSize);
        // Nothing is added before the parent sends the form.
        expect((await server.shop.cart.view({ kind: "user", userId: user.id })).lines).toEqual([]);
        await go(page, js, () => page.getByRole("button", { name: m.kits.reorder.addAll }).click(), (url) => url.pathname === "/cart");
        const again = await server.shop.cart.view({ kind: "user", userId: user.id });
        expect(again.lines.map((l) => [l.productId, l.size, l.quantity, l.forChild])).toEqual([["school/dps/shirt", moved.newSize, 2, child.id]]);
      } finally {
        await context.close();
      }
    }, 120_000);
  }

  it(`names an item the shop cannot make in the size chosen, and the owner edits a kit (${mode.name})`, async ({ skip }) => {
    if (!browser) return skip("no Chromium on this machine");
    const m = RESOURCES.en;
    const { context, page } = await newShopperPage(browser, server.url, js);
    try {
      await page.goto("/schools/dps/kit?className=3&side=boys&age=7&chest=61&waist=56&unit=cm");
      await ready(page, js);
      // The tie is made in one size; the shirt left without a size is named with the reason, the rest go in.
      await page.locator('tr[data-item="school/dps/shirt"] select').selectOption("");
      await page.getByRole("button", { name: m.kits.page.addAll }).click();
      await expect.poll(() => page.locator(".notice li").allTextContents(), { timeout: 15_000 }).toEqual([expect.stringContaining("Shirt")]);
    } finally {
      await context.close();
    }

    const admin = await createTestAdmin(server.shop, server.url);
    const owner = await newAdminPage(browser, server.url, admin, js);
    try {
      const school = "sunrise-convent-school";
      await owner.page.goto(`/admin/kits?school=${school}`);
      await ready(owner.page, js);
      const kit = owner.page.locator('[data-kit="Nursery-5-boys"]');
      // The counts sit side by side in small boxes: a school's items take a few rows, not one full-width box each.
      const boxes = await kit.locator("input.kit-count").evaluateAll((inputs) => inputs.map((i) => i.getBoundingClientRect()).map((r) => ({ top: Math.round(r.top), width: r.width })));
      expect(boxes.length).toBeGreaterThan(4);
      for (const box of boxes) expect(box.width).toBeLessThan(100);
      expect(new Set(boxes.map((b) => b.top)).size).toBeLessThan(boxes.length);
      await kit.getByLabel(fill(m.kits.admin.countOf, { item: "Shirt" })).fill("3");
      await go(owner.page, js, () => kit.getByRole("button", { name: m.kits.admin.save }).click(), (url) => url.searchParams.get("saved") === "set");
      expect(kitFor(await server.shop.kits.of(school), "2", "boys")?.items.find((i) => i.item === "shirt")?.count).toBe(3);
    } finally {
      await owner.context.close();
    }
  }, 120_000);

  for (const lang of LANGUAGES) {
    it(`adds a child, buys the kit in one submit, and reorders a size up (JS off, over HTTP, ${lang})`, async () => {
      const m = RESOURCES[lang];
      const user = await server.shop.auth.registerWithEmail({ email: `kit-${randomUUID()}@example.com`, password: "satchel-2026", name: "Meena Sharma" });
      const browser = htmlBrowser(server.url);
      await browser.setCookie(`shop_lng=${lang}; Path=/`);
      await signInShopperOver(browser, server.shop, user.id);

      // A child on the account, measured in centimetres.
      const children = await browser.open("/account/children");
      const add = children.within('form.child-form:has(input[name="intent"][value="add"])');
      add.fill(m.children.name, "Ravi").select(m.children.school, "dps").select(m.children.className, "3").choose(m.children.kitSide.boys).select(m.children.unit, "cm");
      for (const [label, value] of [
        [m.children.age, "7"],
        [m.children.height, "122"],
        [m.children.chest, "61"],
        [m.children.waist, "56"],
        [m.children.foot, "18"],
      ]) {
        add.fill(label, value);
      }
      const added = await add.press(m.children.add);
      expect(added.url.searchParams.get("saved")).toBe("added");
      expect(added.text("[role=status]")).toBe(m.children.saved.added);
      const [child] = await server.shop.children.list(user.id);
      expect(child).toMatchObject({ name: "Ravi", school: "dps", className: "3", kit: "boys", measurements: { ageYears: 7, chestCm: 61 } });

      // The whole kit, every size from the child, in one submit.
      const expected = buildKit("dps", kitFor(await server.shop.kits.of("dps"), "3", "boys")!, {
        measurements: { ...child.measurements, ageYears: ageNow(child, new Date()) },
      });
      expect(expected.every((line) => line.size)).toBe(true);

      // The uniform page with the child chosen: their size preselected, the line for them; a stranger at the same
      // address sees nothing of the child (the page is never kept for others).
      const shirt = expected.find((line) => line.item === "shirt")!;
      const uniform = await browser.open(`/schools/dps/shirt?child=${child.id}`);
      expect(uniform.attr("[data-child-size]", "data-child-size")).toBe(shirt.size);
      expect(uniform.attr('form[action="/cart"] input[name="forChild"]', "value")).toBe(child.id);
      const stranger = await htmlBrowser(server.url).open(`/schools/dps/shirt?child=${child.id}`);
      expect(stranger.text("main")).not.toContain("Ravi");
      const kitPage = await (await browser.open("/account/children")).follow(fill(m.children.buyKit, { name: "Ravi" }));
      expect(kitPage.url.pathname).toBe("/schools/dps/kit");
      for (const line of expected) {
        const row = kitPage.within(`tr[data-item="${line.productId}"]`);
        if (line.sizesOffered.length) expect(row.field({ css: "select" }).value).toBe(line.size);
        expect(row.field({ css: 'input[type="number"]' }).value).toBe(String(line.count));
      }
      const cartPage = await kitPage.press(m.kits.page.addAll);
      expect(cartPage.url.pathname).toBe("/cart");
      const forRavi = fill(m.cart.forChild, { name: "Ravi" });
      expect(cartPage.texts(".line-child")).toEqual(expected.map(() => forRavi));
      const cart = await server.shop.cart.view({ kind: "user", userId: user.id });
      expect(cart.lines.map((l) => [l.productId, l.size, l.quantity, l.forChild])).toEqual(expected.map((l) => [l.productId, l.size, l.count, child.id]));

      // An order from last year, in a size the child has grown out of (the smallest made): ordered again a size up.
      const old = findCatalogueProduct("school/dps/shirt")!.sizes[0];
      await server.shop.cart.clear({ kind: "user", userId: user.id });
      const placed = await server.shop.orders.placeOrder({
        scope: `user:${user.id}`,
        idempotencyKey: randomUUID(),
        items: [{ productId: "school/dps/shirt", size: old, quantity: 2 }],
        customer: { kind: "user", userId: user.id, name: "Meena Sharma", phone: "9876501234" },
        address: { name: "Meena Sharma", phone: "9876501234", address: "Ward 5, Station Road", city: "Churu", pincode: "331001" },
        paymentMethod: "cod",
      });
      await server.shop.waitForReadModels(placed.position, 20_000);
      const [moved] = nextYearSizes([{ productId: "school/dps/shirt", name: "Shirt", size: old, school: "DPS", quantity: 2 }], 1, ageNow(child, new Date()));
      expect(moved.newSize).not.toBe(old);
      const reorder = await (await browser.open("/account")).follow(m.kits.reorder.link);
      expect(reorder.url.pathname).toBe(`/account/reorder/${placed.orderId}`);
      const shown = await reorder.select(m.kits.reorder.child, child.id).press(m.kits.reorder.show);
      expect(shown.url.searchParams.get("child")).toBe(child.id);
      const row = shown.within('tr[data-item="school/dps/shirt"]');
      expect(row.text("[data-old-size]")).toBe(old);
      expect(row.field({ css: "[data-new-size] select" }).value).toBe(moved.newSize);
      // Nothing is added before the parent sends the form.
      expect((await server.shop.cart.view({ kind: "user", userId: user.id })).lines).toEqual([]);
      expect((await shown.press(m.kits.reorder.addAll)).url.pathname).toBe("/cart");
      const again = await server.shop.cart.view({ kind: "user", userId: user.id });
      expect(again.lines.map((l) => [l.productId, l.size, l.quantity, l.forChild])).toEqual([["school/dps/shirt", moved.newSize, 2, child.id]]);
    }, 120_000);
  }

  it("names an item the shop cannot make in the size chosen, and the owner edits a kit (JS off, over HTTP)", async () => {
    const m = RESOURCES.en;
    const kitPage = await htmlBrowser(server.url).open("/schools/dps/kit?className=3&side=boys&age=7&chest=61&waist=56&unit=cm");
    // The tie is made in one size; the shirt left without a size is named with the reason, the rest go in.
    const answered = await kitPage.select({ css: 'tr[data-item="school/dps/shirt"] select' }, "").press(m.kits.page.addAll);
    expect(answered.texts(".notice li")).toEqual([expect.stringContaining("Shirt")]);

    const admin = await createTestAdmin(server.shop, server.url);
    const owner = await adminHtmlBrowser(server.url, admin);
    const school = "green-valley-public-school";
    const kits = await owner.open(`/admin/kits?school=${school}`);
    const saved = await kits.within('[data-kit="Nursery-5-boys"]').fill(fill(m.kits.admin.countOf, { item: "Shirt" }), "3").press(m.kits.admin.save);
    expect(saved.url.searchParams.get("saved")).toBe("set");
    expect(kitFor(await server.shop.kits.of(school), "2", "boys")?.items.find((i) => i.item === "shirt")?.count).toBe(3);
  }, 120_000);
});
