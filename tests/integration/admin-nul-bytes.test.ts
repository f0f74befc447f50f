/**
 * No page carries a NUL byte (issue 20). React 18's stream leaves 0x00 bytes where a character
 * of three bytes ("₹", any Hindi letter) does not fit at the end of one of its 2 KB pieces
 * (react/react#31134); app/entry.server.tsx drops them. A large shop makes many such places:
 * Hindi and English names and totals over ₹1,000 ("₹1,xxx") in every row of every dashboard
 * page. The test walks every page by its Next link, in English and Hindi, and a few orders' pages,
 * and reads each answer's raw bytes.
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestAdmin, type TestAdmin } from "../support/admin";
import { startTestServer, type TestServer } from "../support/server";
import { DASHBOARD_PAGE_SIZE } from "../../domain/admin-orders";

const ORDERS = 2_000;
const HINDI_NAMES = ["सुनीता देवी", "राजेश कुमार शर्मा", "पूजा सैनी", "महेंद्र सिंह शेखावत", "कविता जांगिड़", "विकास चौधरी"];
const ENGLISH_NAMES = ["Sunita Devi", "Rajesh Kumar Sharma", "Pooja Saini", "Mahendra Singh Shekhawat", "Kavita Jangid", "Vikas Choudhary"];
const AREAS = ["वार्ड 7, सुभाष चौक", "Station Road, near Gadh", "गांधी नगर, रतनगढ़ रोड", "Shanti Nagar"];
// Priced above ₹1,000 in every quantity the seed uses: "₹1,xxx" and more in every Total cell.
const ITEMS = [
  [{ productId: "stationery/scientific-calculator", quantity: 2 }],
  [{ productId: "stationery/scientific-calculator", quantity: 3 }],
];

let server: TestServer;
let admin: TestAdmin;
const placed: string[] = [];

/** The raw body: a NUL byte is looked for in the bytes as sent, before any decoding could hide it. */
async function bytesOf(path: string, cookie: string): Promise<{ status: number; body: Buffer }> {
  const res = await fetch(`${server.url}${path}`, { headers: { Cookie: cookie }, redirect: "manual" });
  return { status: res.status, body: Buffer.from(await res.arrayBuffer()) };
}

function nextLink(html: string): string | null {
  const link = /<a[^>]*rel="next"[^>]*>/.exec(html)?.[0];
  const href = link && /href="([^"]+)"/.exec(link)?.[1];
  return href ? href.replace(/&amp;/g, "&") : null;
}

beforeAll(async () => {
  server = await startTestServer();
  admin = await createTestAdmin(server.shop, server.url);
  const { shop } = server;
  let phone = 9_300_000_000 + Math.floor(Math.random() * 600_000_000);
  let last: Awaited<ReturnType<typeof shop.orders.placeOrder>>["position"] | undefined;
  let next = 0;
  // Through the real order command, a few at a time, as a busy morning's orders would come.
  await Promise.all(
    Array.from({ length: 6 }, async () => {
      while (next < ORDERS) {
        const i = next++;
        const hindi = i % 2 === 0;
        const name = (hindi ? HINDI_NAMES : ENGLISH_NAMES)[i % HINDI_NAMES.length];
        const mobile = String(phone++);
        const order = await shop.orders.placeOrder({
          scope: `guest:${mobile}`,
          idempotencyKey: randomUUID(),
          items: ITEMS[i % ITEMS.length],
          customer: { kind: "guest", name, phone: mobile },
          address: { name, phone: mobile, address: `${(i % 240) + 1}, ${AREAS[i % AREAS.length]}`, city: "Churu", pincode: "331001" },
          language: hindi ? "hi" : "en",
        });
        placed.push(order.orderId);
        if (!last || shop.store.comparePositions(order.position, last) > 0) last = order.position;
      }
    }),
  );
  await shop.orders.waitUntilVisible(last!);
}, 120_000);
afterAll(async () => {
  await server?.close();
});

describe("no NUL bytes in the admin pages of a large shop", () => {
  for (const language of ["en", "hi"] as const) {
    it(`walks every dashboard page by Next, in ${language === "en" ? "English" : "Hindi"}`, async () => {
      const cookie = `${admin.cookie}; shop_lng=${language}`;
      let path: string | null = "/admin";
      let pages = 0;
      let rupees = 0;
      const dirty: string[] = [];
      while (path) {
        const { status, body } = await bytesOf(path, cookie);
        expect(status, path).toBe(200);
        if (body.includes(0)) dirty.push(path);
        const html = body.toString("utf8");
        rupees += html.split("₹").length - 1;
        pages++;
        path = nextLink(html);
        expect(pages).toBeLessThanOrEqual(ORDERS / DASHBOARD_PAGE_SIZE + 1);
      }
      expect(dirty, "pages with NUL bytes").toEqual([]);
      expect(pages).toBe(Math.ceil(ORDERS / DASHBOARD_PAGE_SIZE));
      // Every order's total was on some page: the walk read the shop, not an empty list.
      expect(rupees).toBeGreaterThanOrEqual(ORDERS);
    });
  }

  it("finds none in orders' pages, in English and Hindi", async () => {
    for (const orderId of [placed[0], placed[1], placed[777], placed[ORDERS - 1]]) {
      for (const language of ["en", "hi"]) {
        const { status, body } = await bytesOf(`/admin/orders/${orderId}`, `${admin.cookie}; shop_lng=${language}`);
        expect(status).toBe(200);
        expect(body.includes(0), `${orderId} in ${language}`).toBe(false);
        expect(body.toString("utf8")).not.toContain("\u0000");
      }
    }
  });
});
