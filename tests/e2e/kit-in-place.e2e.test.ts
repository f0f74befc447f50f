// With JavaScript on, the kit page and next year's sizes answer in place (Remix's navigation, no reload):
// the sizes and counts shown, and what reaches the cart, are the new answer's, never the one before.
// Without JavaScript every answer is a new document, so children-kits.e2e.test.ts covers that mode.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { RESOURCES } from "../../app/i18n/i18n.server";
import { buildKit, kitLinePrices, nextYearSizes } from "../../domain/kits/build";
import { formatRupees } from "../../domain/money";
import { kitFor } from "../../domain/kits/kits";
import { findCatalogueProduct } from "../../domain/catalogue";
import { signInShopperIn } from "../support/admin";
import { launchBrowser, newShopperPage, ready } from "../support/browser";
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

/** Sends a GET form and waits for the answer Remix puts in place. */
async function showIn(page: Page, click: () => Promise<void>, until: (url: URL) => boolean) {
  await Promise.all([page.waitForURL(until), click()]);
  await ready(page, true);
}

describe("an answer changed in place, JavaScript on", () => {
  it("the kit page's sizes follow new measurements, and the cart gets them (English)", async ({ skip }) => {
    if (!browser) return skip("no Chromium on this machine");
    const m = RESOURCES.en.kits.page;
    const kit = kitFor(await server.shop.kits.of("dps"), "3", "boys")!;
    const small = buildKit("dps", kit, { measurements: { ageYears: 7, chestCm: 61, waistCm: 56 } });
    const large = buildKit("dps", kit, { measurements: { ageYears: 12, chestCm: 76, waistCm: 66 } });
    // The two answers differ where it matters, or the test could not tell them apart.
    expect(large.find((l) => l.item === "shirt")!.size).not.toBe(small.find((l) => l.item === "shirt")!.size);
    const user = await server.shop.auth.registerWithEmail({ email: `kit-in-place-${randomUUID()}@example.com`, password: "satchel-2026", name: "Meena Sharma" });
    const { context, page } = await newShopperPage(browser, server.url, true);
    try {
      await signInShopperIn(context, server.shop, server.url, user.id);
      await page.goto("/schools/dps/kit?className=3&side=boys&age=7&chest=61&waist=56&unit=cm");
      await ready(page, true);
      const shirt = page.locator('tr[data-item="school/dps/shirt"] select');
      await expect.poll(() => shirt.inputValue()).toBe(small.find((l) => l.item === "shirt")!.size);
      // The parent measures again and asks once more: the page answers in place.
      await page.getByLabel(m.figure.age, { exact: true }).fill("12");
      await page.getByLabel(m.figure.chest, { exact: true }).fill("76");
      await page.getByLabel(m.figure.waist, { exact: true }).fill("66");
      await showIn(page, () => page.getByRole("button", { name: m.showKit }).click(), (url) => url.searchParams.get("age") === "12");
      for (const line of large) {
        const row = page.locator(`tr[data-item="${line.productId}"]`);
        if (line.sizesOffered.length) await expect.poll(() => row.locator("select").inputValue()).toBe(line.size);
      }
      await showIn(page, () => page.getByRole("button", { name: m.addAll }).click(), (url) => url.pathname === "/cart");
      const cart = await server.shop.cart.view({ kind: "user", userId: user.id });
      expect(cart.lines.map((l) => [l.productId, l.size, l.quantity])).toEqual(large.map((l) => [l.productId, l.size, l.count]));
    } finally {
      await context.close();
    }
  }, 120_000);

  it("next year's sizes follow the child chosen, and the cart gets them (Hindi)", async ({ skip }) => {
    if (!browser) return skip("no Chromium on this machine");
    const m = RESOURCES.hi.kits.reorder;
    const user = await server.shop.auth.registerWithEmail({ email: `in-place-${randomUUID()}@example.com`, password: "satchel-2026", name: "Meena Sharma" });
    const child = (name: string, ageYears: number) => ({ name, school: "dps", className: "3" as const, kit: "boys" as const, measurements: { ageYears }, sizes: {} });
    await server.shop.children.add(user.id, child("Ravi", 7));
    const added = await server.shop.children.add(user.id, child("Asha", 12));
    expect(await server.shop.waitForReadModels(added.position!, 20_000)).toBe(true);
    const [ravi, asha] = await server.shop.children.list(user.id);
    const old = findCatalogueProduct("school/dps/shirt")!.sizes[0];
    const placed = await server.shop.orders.placeOrder({
      scope: `user:${user.id}`,
      idempotencyKey: randomUUID(),
      items: [{ productId: "school/dps/shirt", size: old, quantity: 2 }],
      customer: { kind: "user", userId: user.id, name: "Meena Sharma", phone: "9876501234" },
      address: { name: "Meena Sharma", phone: "9876501234", address: "Ward 5, Station Road", city: "Churu", pincode: "331001" },
      paymentMethod: "cod",
    });
    await server.shop.waitForReadModels(placed.position, 20_000);
    const sizeAt = (age: number) => nextYearSizes([{ productId: "school/dps/shirt", name: "Shirt", size: old, school: "DPS", quantity: 2 }], 1, age)[0].newSize;
    expect(sizeAt(12)).not.toBe(sizeAt(7));

    const { context, page } = await newShopperPage(browser, server.url, true);
    try {
      await context.addCookies([{ name: "shop_lng", value: "hi", url: server.url }]);
      await signInShopperIn(context, server.shop, server.url, user.id);
      await page.goto(`/account/reorder/${placed.orderId}`);
      await ready(page, true);
      const size = page.locator('tr[data-item="school/dps/shirt"] [data-new-size] select');
      await page.getByLabel(m.child).selectOption(ravi.id);
      await showIn(page, () => page.getByRole("button", { name: m.show }).click(), (url) => url.searchParams.get("child") === ravi.id);
      await expect.poll(() => size.inputValue()).toBe(sizeAt(7));
      // Another child, answered in place: the size is the other child's.
      await page.getByLabel(m.child).selectOption(asha.id);
      await showIn(page, () => page.getByRole("button", { name: m.show }).click(), (url) => url.searchParams.get("child") === asha.id);
      await expect.poll(() => size.inputValue()).toBe(sizeAt(12));
      await showIn(page, () => page.getByRole("button", { name: m.addAll }).click(), (url) => url.pathname === "/cart");
      const cart = await server.shop.cart.view({ kind: "user", userId: user.id });
      expect(cart.lines.map((l) => [l.productId, l.size, l.quantity, l.forChild])).toEqual([["school/dps/shirt", sizeAt(12), 2, asha.id]]);
    } finally {
      await context.close();
    }
  }, 120_000);

  for (const lang of ["en", "hi"] as const) {
    it(`a size can be read at 360 px, and the kit's total follows a size changed (${lang})`, async ({ skip }) => {
      if (!browser) return skip("no Chromium on this machine");
      const kit = kitFor(await server.shop.kits.of("dps"), "3", "boys")!;
      const lines = buildKit("dps", kit, { measurements: { ageYears: 7, chestCm: 61, waistCm: 56 } });
      const { context, page } = await newShopperPage(browser, server.url, true);
      try {
        await context.addCookies([{ name: "shop_lng", value: lang, url: server.url }]);
        await page.goto("/schools/dps/kit?className=3&side=boys&age=7&chest=61&waist=56&unit=cm");
        await ready(page, true);
        // Every size select is at least as wide as its chosen size, its padding and its arrow.
        const cut = await page.locator(".kit-table select").evaluateAll((selects) =>
          (selects as HTMLSelectElement[]).flatMap((select) => {
            const style = getComputedStyle(select);
            const context = document.createElement("canvas").getContext("2d")!;
            context.font = style.font;
            const text = select.selectedOptions[0]?.text ?? "";
            const needed = context.measureText(text).width + parseFloat(style.paddingLeft) + parseFloat(style.paddingRight) + 16;
            return select.getBoundingClientRect().width >= needed ? [] : [`${text}: ${select.getBoundingClientRect().width}px < ${needed}px`];
          }),
        );
        expect(cut).toEqual([]);
        // A bigger shirt costs more: the line and the total follow it before anything is added.
        const shirt = lines.find((l) => l.item === "shirt")!;
        const prices = Object.fromEntries(lines.map((l) => [l.productId, kitLinePrices(l.productId, l.sizesOffered)]));
        const subtotalWith = (size: string) => lines.reduce((sum, l) => sum + prices[l.productId][l.productId === shirt.productId ? size : l.size!] * l.count, 0);
        const totalWith = (size: string) => subtotalWith(size) - Math.floor((subtotalWith(size) * server.shop.config.charges.discount.percent) / 100);
        await expect.poll(() => page.getByTestId("kit-total").textContent()).toBe(formatRupees(totalWith(shirt.size!)));
        await page.locator(`tr[data-item="${shirt.productId}"] select`).selectOption("40");
        await expect.poll(() => page.locator(`tr[data-item="${shirt.productId}"] [data-amount]`).textContent()).toBe(formatRupees(prices[shirt.productId]["40"] * shirt.count));
        await expect.poll(() => page.getByTestId("kit-total").textContent()).toBe(formatRupees(totalWith("40")));
        expect(totalWith("40")).not.toBe(totalWith(shirt.size!));
      } finally {
        await context.close();
      }
    }, 120_000);
  }
});
