/**
 * No page shows a raw word: every route, as a visitor, a signed-in parent and the admin, in English
 * and in Hindi, fetched as a browser without JavaScript gets it (the server's HTML), has no visible
 * text that looks like a message key (`shop:category`, `account.track.title`, a refusal's
 * `returns.tooMany`) or a placeholder left unfilled (`{{count}}`), and no Hindi page writes a time with
 * the English "am" or "pm". In tests a key without its message already fails the render
 * (app/i18n/I18n.tsx `missingKey`): a page that tried shows here as a 500.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RESOURCES } from "../../app/i18n/i18n.server";
import { signInShopper } from "../../app/auth/session.server";
import type { MessageTree } from "../../domain/i18n";
import { adminPages } from "../support/admin-surface";
import { call, createTestAdmin, placeTestOrder, type TestAdmin } from "../support/admin";
import { PARENT_ORDER_PAGES, STOREFRONT_PAGES } from "../support/pages";
import { invoicedOrder, REGISTERED_SHOP_ENV } from "../support/invoiced-order";
import { startTestServer, type TestServer } from "../support/server";
import { lookUpOrder } from "../support/tracking";

let server: TestServer;
let admin: TestAdmin;
let shopper: string;
let order: { orderId: string; displayId: string; phone: string };
let productId: number;
let invoicedOrderId: string;

beforeAll(async () => {
  // GST-registered: the parent's tax invoice and credit note are pages to read too.
  server = await startTestServer({ env: REGISTERED_SHOP_ENV });
  admin = await createTestAdmin(server.shop, server.url);
  const user = await server.shop.auth.registerWithEmail({ email: `keys-${Date.now()}@example.com`, password: "satchel-2026", name: "Key Parent" });
  const signedIn = await signInShopper(new Request(`${server.url}/login`), server.shop, user.id);
  shopper = signedIn.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
  await server.shop.cart.add({ kind: "user", userId: user.id }, { productId: "school/dps/shirt", size: "30", quantity: 2 });
  // A delivered order of the parent's: the account page shows its history, its return form and its return's state.
  order = await placeTestOrder(server.shop, { userId: user.id, name: "Key Parent", items: [{ productId: "school/dps/shirt", size: "30", quantity: 2 }] });
  const actor = { kind: "admin" as const, name: "Test Admin" };
  await server.shop.orders.changeStatus(order.orderId, "shipped", actor);
  await server.shop.orders.changeStatus(order.orderId, "delivered", actor);
  const [line] = (await server.shop.orders.afterSale(order.orderId))!.lines;
  await server.shop.orders.requestReturn(order.orderId, { lines: [{ ...line, quantity: 1 }], want: "refund", reason: "Too small" }, { kind: "customer", name: "Key Parent" });
  [{ id: productId }] = await server.shop.products.list();
  ({ orderId: invoicedOrderId } = await invoicedOrder(server.shop, { userId: user.id, name: "Key Parent" }));
}, 180_000);
afterAll(async () => {
  await server?.close();
});

const NAMESPACES = Object.keys(RESOURCES.en);

/** Every key and every group of keys the locale files have, as `a.b.c` (without the namespace). */
const KNOWN_PATHS = new Set<string>();
for (const tree of Object.values(RESOURCES.en) as MessageTree[]) {
  (function walk(node: MessageTree, path: string) {
    for (const [key, value] of Object.entries(node)) {
      const full = path ? `${path}.${key}` : key;
      KNOWN_PATHS.add(full.replace(/_(one|other)$/, ""));
      if (typeof value !== "string") walk(value, full);
    }
  })(tree, "");
}

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " " };

/** What a person reads of a page: its title, its text and the texts of images, fields and named controls. */
function visibleTexts(html: string): string[] {
  const decode = (text: string) =>
    text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) =>
      name[0] === "#" ? String.fromCodePoint(Number(name[1].toLowerCase() === "x" ? `0${name.slice(1)}` : name.slice(1))) : (ENTITIES[name.toLowerCase()] ?? whole),
    );
  const texts: string[] = [];
  const title = /<title>([^<]*)<\/title>/i.exec(html)?.[1];
  if (title) texts.push(decode(title));
  const body = html.slice(html.search(/<body[\s>]/i));
  for (const [, , value] of body.matchAll(/\s(alt|title|placeholder|aria-label)="([^"]*)"/gi)) texts.push(decode(value));
  const text = body
    .replace(/<script[\s>][\s\S]*?<\/script>/gi, " ")
    .replace(/<style[\s>][\s\S]*?<\/style>/gi, " ")
    .replace(/<[^>]*>/g, " ");
  texts.push(...decode(text).split(/\s{2,}|\n/).map((t) => t.trim()).filter(Boolean));
  return texts;
}

/**
 * What looks like a key a page forgot to word: `namespace:key`, a dotted identifier the locale files
 * know as a key or group (or one with a camelCase part, as keys have and addresses do not), or `{{name}}`.
 */
function rawWords(text: string): string[] {
  const found: string[] = [];
  for (const [word, namespace] of text.matchAll(/\b([a-z]+):[A-Za-z][\w.-]*/g)) if (NAMESPACES.includes(namespace)) found.push(word);
  for (const [word] of text.matchAll(/\{\{\s*[\w.]+\s*\}\}/g)) found.push(word);
  for (const match of text.matchAll(/(?<![\w@/.:-])[a-z][A-Za-z0-9]*(?:\.[A-Za-z][A-Za-z0-9]*)+(?![\w@/-])/g)) {
    const word = match[0];
    const [first, ...rest] = word.split(".");
    const known = KNOWN_PATHS.has(word) || (NAMESPACES.includes(first) && KNOWN_PATHS.has(rest.join(".")));
    if (known || word.split(".").some((part) => /[a-z][A-Z]/.test(part))) found.push(word);
  }
  return found;
}

/** English words for the part of the day, which a Hindi page says in Hindi ("रात 9:00"). */
const ENGLISH_DAY_PERIOD = /\d\s?(am|pm|AM|PM)\b/g;

async function rawWordsOn(path: string, cookie: string): Promise<string[]> {
  const res = await call(`${server.url}${path}`, { headers: { Cookie: cookie } });
  if (res.status >= 500) return [`${path}: ${res.status}`];
  if (!(res.headers.get("content-type") ?? "").includes("text/html")) return [];
  const hindi = cookie.includes("shop_lng=hi");
  return visibleTexts(await res.text()).flatMap((text) =>
    [...rawWords(text), ...(hindi ? [...text.matchAll(ENGLISH_DAY_PERIOD)].map((m) => m[0]) : [])].map((word) => `${path}: ${word} (in "${text.slice(0, 80)}")`),
  );
}

const LANGUAGES = ["en", "hi"] as const;

describe("no page shows a raw word", () => {
  it("sees what it is here to see: a namespaced key, a key's dotted path, a group, a placeholder", () => {
    const html = `<html><head><title>shop:meta.title</title></head><body><label>shop:category</label><p>account.track.title</p>
      <p>returns.tooMany</p><img alt="nav.home"><p>{{count}} products</p><p>Write to orders@shop.example.in or see https://shop.example.in/a.b</p></body></html>`;
    expect(visibleTexts(html).flatMap(rawWords).sort()).toEqual(["account.track.title", "nav.home", "returns.tooMany", "shop:category", "shop:meta.title", "{{count}}"]);
    expect("24 नव॰ 2026, 9:00 pm".match(ENGLISH_DAY_PERIOD)).toEqual(["0 pm"]);
  });

  for (const language of LANGUAGES) {
    it(`on every page a visitor reaches, in ${language === "en" ? "English" : "Hindi"}`, async () => {
      const paths = [...STOREFRONT_PAGES, `/product/${productId}`, `/orders/track?orderId=${order.displayId}`];
      const found: string[] = [];
      for (const path of paths) found.push(...(await rawWordsOn(path, `shop_lng=${language}`)));
      // The order as tracking shows it once looked up (its times, its payment, its return's state).
      const lookup = await lookUpOrder(server.url, { orderId: order.displayId, phone: order.phone }, `shop_lng=${language}`);
      expect(lookup.res.status).toBe(303);
      found.push(...(await rawWordsOn(lookup.location!, lookup.cookie)));
      expect(found).toEqual([]);
    });

    it(`on a signed-in parent's pages, in ${language === "en" ? "English" : "Hindi"}`, async () => {
      const paths = ["/", "/account", "/cart", "/checkout", `/checkout/done?order=${order.orderId}`, "/shop", "/schools/dps/shirt?size=30", ...PARENT_ORDER_PAGES(invoicedOrderId)];
      const found: string[] = [];
      for (const path of paths) found.push(...(await rawWordsOn(path, `${shopper}; shop_lng=${language}`)));
      expect(found).toEqual([]);
    });

    it(`on every admin page, in ${language === "en" ? "English" : "Hindi"}`, async () => {
      const paths = adminPages
        .filter((page) => page.method === "GET")
        .map((page) => page.path.replaceAll("00000000-0000-4000-8000-000000000000", order.orderId).replaceAll("999999", String(productId)));
      const found: string[] = [];
      for (const path of [...new Set(paths), "/admin/login"]) found.push(...(await rawWordsOn(path, `${admin.cookie}; shop_lng=${language}`)));
      expect(found).toEqual([]);
    });
  }
});
