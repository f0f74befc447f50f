/**
 * The owner's match screen in a browser with JavaScript on (decision 220), in English and Hindi: the upload goes
 * through Remix's form as multipart, a refusal shows on the same page, the statement's page follows, and the ticked
 * proposal is confirmed in bulk. Without JavaScript the same forms are covered over HTTP (tests/integration/pages/statements.test.ts).
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import { RESOURCES } from "../../app/i18n/i18n.server";
import { displayOrderId } from "../../domain/orders/order";
import { launchBrowser } from "../support/browser";
import { open, settle } from "../support/storefront";
import { startTestServer, type TestServer } from "../support/server";
import { createTestAdmin, newAdminPage, type TestAdmin } from "../support/admin";
import { placeUpiOrder } from "../support/statements";

let server: TestServer;
let browser: Browser | null;
let admin: TestAdmin;

beforeAll(async () => {
  server = await startTestServer({ env: { SHOP_UPI_ID: "churuuniform@sbi", SHOP_UPI_NAME: "Churu Uniform House" } });
  admin = await createTestAdmin(server.shop, server.url);
  browser = await launchBrowser();
}, 300_000);
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const fill = (text: string, values: Record<string, string | number> = {}) => text.replace(/\{\{(\w+)\}\}/g, (_, k: string) => String(values[k]));
const FIXTURES = join(import.meta.dirname, "..", "fixtures", "statements");

describe("the statement pages with JavaScript on", () => {
  for (const [language, first] of [["en", "8"], ["hi", "9"]] as const) {
    it(`reads a statement and confirms a proposal (${language})`, async ({ skip }) => {
      if (!browser) return skip("no Chromium on this machine");
      const m = RESOURCES[language];
      const w = m.payment.statements;
      const ref = (last: string) => `${first}345123456${last}`;
      const paid = await placeUpiOrder(server.shop, "statement-e2e", 2, ref("78"));
      const noted = await placeUpiOrder(server.shop, "statement-e2e", 6);
      const number = displayOrderId(noted);
      const csv = readFileSync(join(FIXTURES, "icici.csv"), "utf8").replaceAll("6345123456", `${first}345123456`).replaceAll("7F3A2C9E", number);

      const { context, page } = await newAdminPage(browser, server.url, admin, true);
      await context.addCookies([{ name: "shop_lng", value: language, url: server.url }]);
      try {
        expect(await open(page, "/admin/statements", true)).toBe(200);
        await page.getByRole("heading", { level: 1, name: w.title }).waitFor();

        // A refusal answers on the same page, in its language.
        await page.getByLabel(w.file).setInputFiles({ name: "class-5.csv", mimeType: "text/csv", buffer: Buffer.from("Name,Class\nAarav,5\n") });
        await page.getByRole("button", { name: w.upload }).click();
        await page.getByText(fill(m.refusals.statements.noHeader, { rows: 40 })).waitFor();

        await page.getByLabel(w.file).setInputFiles({ name: "icici-december.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });
        await page.getByRole("button", { name: w.upload }).click();
        await settle(page, /\/admin\/statements\/[0-9a-f]{64}\?read=new/, true);
        await page.getByRole("status").filter({ hasText: fill(w.readNew, { matched: 1, proposed: 1 }) }).waitFor();
        expect((await server.shop.orders.getOrder(paid))?.paymentStatus).toBe("paid");

        const statementId = new URL(page.url()).pathname.split("/").pop()!;
        const row = (await server.shop.orders.statement(statementId))!.credits.find((c) => c.orderNumber === number)!.row;
        await page.getByLabel(fill(w.confirmBox, { row, number })).check();
        await page.getByRole("button", { name: w.confirm }).click();
        await settle(page, (url) => url.searchParams.get("settled") === "1", true);
        await page.getByRole("status").filter({ hasText: fill(w.settled, { count: 1 }) }).waitFor();
        expect(await server.shop.orders.getOrder(noted)).toMatchObject({ paymentStatus: "paid", amountPaid: 1674, paymentReference: ref("81") });
      } finally {
        await context.close();
      }
    });
  }
});
