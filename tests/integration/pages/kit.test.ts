/**
 * The class kit's page without JavaScript, in English and Hindi, through its real forms: each line's price
 * in the size filled in and the kit's total with the offer are on the page before anything is added, and
 * the cart then shows that same total (decision 240). With JavaScript on, the total following a changed
 * size: tests/e2e/kit-in-place.e2e.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RESOURCES } from "../../../app/i18n/i18n.server";
import { formatRupees } from "../../../domain/money";
import { buildKit, kitLinePrices } from "../../../domain/kits/build";
import { kitFor } from "../../../domain/kits/kits";
import { htmlBrowser } from "../../support/html-browser";
import { startTestServer, type TestServer } from "../../support/server";

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const fill = (text: string, values: Record<string, string | number>) => text.replace(/\{\{(\w+)\}\}/g, (_, k: string) => String(values[k]));

for (const lang of ["en", "hi"] as const) {
  const m = RESOURCES[lang].kits.page;
  describe(`the kit's prices before adding (JS off, ${lang})`, () => {
    it("shows each line's price and the kit's total with the offer, and the cart charges that total", async () => {
      const kit = kitFor(await server.shop.kits.of("dps"), "3", "boys")!;
      const lines = buildKit("dps", kit, { measurements: { ageYears: 7, chestCm: 61, waistCm: 56 } });
      // Worked out here from the catalogue's prices, not from the page's own sums.
      const amounts = lines.map((line) => kitLinePrices(line.productId, line.sizesOffered)[line.size!] * line.count);
      const subtotal = amounts.reduce((a, b) => a + b, 0);
      const { percent } = server.shop.config.charges.discount;
      const discount = Math.floor((subtotal * percent) / 100);
      expect(discount).toBeGreaterThan(0);

      const parent = htmlBrowser(server.url);
      if (lang === "hi") await parent.setCookie("shop_lng=hi; Path=/");
      const page = await parent.open("/schools/dps/kit?className=3&side=boys&age=7&chest=61&waist=56&unit=cm");
      lines.forEach((line, i) => {
        expect(page.text(`tr[data-item="${line.productId}"] [data-amount]`)).toBe(formatRupees(amounts[i]));
        if (line.count > 1) expect(page.text(`tr[data-item="${line.productId}"] .kit-each`)).toBe(fill(m.each, { price: formatRupees(amounts[i] / line.count) }));
      });
      expect(page.text("[data-testid=kit-subtotal]")).toBe(formatRupees(subtotal));
      expect(page.text(".kit-total")).toContain(fill(m.offer, { percent }));
      expect(page.text("[data-testid=kit-discount]")).toBe(`−${formatRupees(discount)}`);
      expect(page.text("[data-testid=kit-total]")).toBe(formatRupees(subtotal - discount));

      const cart = await page.press(m.addAll);
      expect(cart.url.pathname).toBe("/cart");
      expect(cart.text("[data-testid=cart-subtotal]")).toBe(formatRupees(subtotal));
      expect(cart.text("[data-testid=cart-total]")).toBe(formatRupees(subtotal - discount));
    });

    it("leaves a line without a size out of the total and asks for its size", async () => {
      const parent = htmlBrowser(server.url);
      if (lang === "hi") await parent.setCookie("shop_lng=hi; Path=/");
      // No measurements: the uniform's sizes cannot be told, the belt and tie still can.
      const page = await parent.open("/schools/dps/kit?className=3&side=boys");
      expect(page.text('tr[data-item="school/dps/shirt"] [data-amount]')).toBe(m.noPrice);
      const belt = kitLinePrices("school/dps/belt", [])["Free Size"];
      const tie = kitLinePrices("school/dps/tie-small", [])["Free Size"];
      expect(page.text("[data-testid=kit-subtotal]")).toBe(formatRupees(belt + tie));
    });
  });
}
