/**
 * Finding orders on the admin dashboard (decision 102): the one search box (order number, phone
 * or its last digits, name in English or Hindi), the Indian date range, the counts, page numbers
 * and the jump, the bulk 'Set status' with a refusal, the CSV export, and hostile search text,
 * through the real pages as a browser without JavaScript sends them, and the queries underneath.
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../support/server";
import { call, createTestAdmin, placeTestOrder, type TestAdmin } from "../support/admin";
import { csvField, csvLine, exportFileName, indianDateTime, parseDashboardQuery, parseOrderSearch, SEARCH_MESSAGES } from "../../domain/admin-orders";
import { refusalIn } from "../../app/i18n/i18n.server";
import { indianDay } from "../../domain/orders/charges";

let server: TestServer;
let admin: TestAdmin;
// A word no other test run on this database has, so counts are this run's own.
const tag = `Zq${randomUUID().replace(/-/g, "").slice(0, 8)}`.toLowerCase();
const ACTOR = { kind: "admin" as const, id: "find-test", name: "Find Test" };
let ramesh: Awaited<ReturnType<typeof placeTestOrder>>;
let hindi: Awaited<ReturnType<typeof placeTestOrder>>;
const paged: string[] = [];

beforeAll(async () => {
  server = await startTestServer();
  admin = await createTestAdmin(server.shop, server.url, `find-${randomUUID()}@churu-uniforms.example`);
  ramesh = await placeTestOrder(server.shop, { name: `Ramesh ${tag} Kumawat` });
  hindi = await placeTestOrder(server.shop, { name: `रमेश कुमार ${tag}` });
  // 55 more under the tag: two pages of 50.
  for (let i = 0; i < 55; i++) paged.push((await placeTestOrder(server.shop, { name: `Pagey ${tag} ${i}` })).orderId);
}, 240_000);
afterAll(async () => {
  await server?.close();
});

const page = (path: string, lang: "en" | "hi" = "en") => call(`${server.url}${path}`, { headers: { Cookie: `${admin.cookie}; shop_lng=${lang}` } });
const search = (q: string) => server.shop.adminOrders.listPage(parseDashboardQuery(new URLSearchParams({ q })).query, 500);
const ids = async (q: string) => (await search(q)).orders.map((o) => o.id);

describe("the search box", () => {
  it("finds an order by its short number, with or without '#', in any case", async () => {
    for (const q of [ramesh.displayId, `#${ramesh.displayId}`, `# ${ramesh.displayId.toLowerCase()}`]) expect(await ids(q)).toEqual([ramesh.orderId]);
  });

  it("finds an order by its 10-digit phone, as people write it, and by its last 4+ digits", async () => {
    const phone = ramesh.phone;
    for (const q of [phone, `+91 ${phone.slice(0, 5)} ${phone.slice(5)}`, `0${phone}`]) expect(await ids(q)).toEqual([ramesh.orderId]);
    expect(await ids(phone.slice(-6))).toContain(ramesh.orderId);
    expect(await ids(phone.slice(-4))).toContain(ramesh.orderId);
    expect(parseOrderSearch("123")).toEqual({ ok: false, message: SEARCH_MESSAGES.nothingToSearch });
  });

  it("finds by the start of any word of the name, case-insensitive, English and Hindi", async () => {
    expect(await ids(`RAMESH ${tag}`)).toEqual([ramesh.orderId]);
    expect(await ids(`ram ${tag.toUpperCase()}`)).toEqual([ramesh.orderId]);
    expect(await ids(`kumaw ${tag}`)).toEqual([ramesh.orderId]);
    expect(await ids(`रमेश ${tag}`)).toEqual([hindi.orderId]);
    expect(await ids(`कुम ${tag}`)).toEqual([hindi.orderId]);
    expect(await ids(`${tag} nobody`)).toEqual([]);
  });

  it("takes an Indian day range, both days inclusive", async () => {
    // The Indian day the order was placed on, not the day this test runs: the two differ across midnight.
    const { placed_at: placedAt } = await server.shop.db.selectFrom("orders").select("placed_at").where("id", "=", ramesh.orderId).executeTakeFirstOrThrow();
    const today = indianDay(new Date(placedAt));
    const tomorrow = indianDay(new Date(new Date(placedAt).getTime() + 86_400_000));
    const q = (params: Record<string, string>) =>
      server.shop.adminOrders.listPage(parseDashboardQuery(new URLSearchParams({ q: `ram ${tag}`, ...params })).query);
    expect((await q({ from: today, to: today })).orders.map((o) => o.id)).toEqual([ramesh.orderId]);
    expect((await q({ from: tomorrow })).orders).toEqual([]);
    expect((await q({ to: "2020-01-01" })).orders).toEqual([]);
    const res = await page(`/admin?q=ram+${tag}&from=${today}&to=${today}`);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain(ramesh.displayId);
  });

  it("shows the total and the count beside each status, in the page", async () => {
    const counts = await server.shop.adminOrders.counts({ search: { kind: "name", words: [tag], text: tag } });
    expect(counts.byFilter.all).toBe(57);
    expect(counts.byFilter.pending).toBe(57);
    expect(counts.byFilter.deleted).toBe(0);
    const html = await (await page(`/admin?q=${tag}`)).text();
    expect(html).toContain("Orders: 57");
    expect(html).toMatch(/data-count="57"[^>]*>All \(57\)/);
    expect(html).toContain("Page 1 of 2");
    const hi = await (await page(`/admin?q=${tag}`, "hi")).text();
    expect(hi).toContain("ऑर्डर: 57");
  });
});

describe("page numbers", () => {
  it("jumps to a page and shows where it is; 'Last page' and 'Oldest first' reach the oldest order", async () => {
    const html = await (await page(`/admin?q=${tag}&page=2`)).text();
    expect(html).toContain("Page 2 of 2");
    expect(html.match(/data-order-id="/g)).toHaveLength(7);
    // The first order placed is the oldest: last on the last page, first under 'Oldest first'.
    const oldest = ramesh.orderId;
    const rows = [...html.matchAll(/data-order-id="([^"]+)"/g)].map((m) => m[1]);
    expect(rows[rows.length - 1]).toBe(oldest);
    const asc = await (await page(`/admin?q=${tag}&sort=date&dir=asc`)).text();
    expect([...asc.matchAll(/data-order-id="([^"]+)"/g)][0][1]).toBe(oldest);
    // Past the end: the last page.
    expect(await (await page(`/admin?q=${tag}&page=99`)).text()).toContain("Page 2 of 2");
  });

  it("finds the same page start counting from either end, in every sort", async () => {
    for (const [sort, dir] of [["date", "desc"], ["date", "asc"], ["id", "asc"], ["user", "desc"]] as const) {
      const query = parseDashboardQuery(new URLSearchParams({ q: tag, sort, dir })).query;
      const total = (await server.shop.adminOrders.counts({ search: query.search })).byFilter.all;
      for (const size of [5, 10, 50]) {
        for (let page = 2; (page - 1) * size < total; page += 3) {
          const fromStart = await server.shop.adminOrders.pageCursor(query, page, size);
          expect(await server.shop.adminOrders.pageCursor(query, page, size, total), `${sort} ${dir} ${size} ${page}`).toEqual(fromStart);
        }
      }
    }
  });

  it("follows 'Next' with the page number and the search kept", async () => {
    const html = await (await page(`/admin?q=${tag}`)).text();
    const link = /<a[^>]*rel="next"[^>]*>/.exec(html)?.[0] ?? "";
    const next = /href="([^"]+)"/.exec(link)?.[1]?.replace(/&amp;/g, "&");
    expect(next).toContain(`q=${tag}`);
    expect(next).toContain("page=2");
    expect(await (await page(next!)).text()).toContain("Page 2 of 2");
  });
});

describe("bulk 'Set status'", () => {
  it("changes each ticked order with an event by the admin and reports the refused one", async () => {
    const [a, b, gone] = paged.slice(0, 3);
    await server.shop.orders.deleteOrder(gone, ACTOR);
    const body = new URLSearchParams({ intent: "bulk", status: "processing", back: "/admin" });
    for (const id of [a, b, gone]) body.append("orderIds", id);
    const res = await call(`${server.url}/admin?index`, {
      method: "POST",
      headers: { Cookie: admin.cookie, "Content-Type": "application/x-www-form-urlencoded" },
      body,
    });
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain("2 of 3 orders marked Processing.");
    expect(html).toContain(`data-refused-order="${gone}"`);
    expect(html).toContain("This order has been deleted.");
    for (const id of [a, b]) {
      expect((await server.shop.orders.getOrder(id))?.status).toBe("processing");
    }
    const rows = await server.shop.adminOrders.listPage(parseDashboardQuery(new URLSearchParams({ q: tag, status: "processing" })).query);
    expect(rows.orders.map((o) => o.id).sort()).toEqual([a, b].sort());
  });

  it("refuses an empty selection or an unknown status with 400, never a 500", async () => {
    const post = (body: URLSearchParams) =>
      call(`${server.url}/admin?index`, { method: "POST", headers: { Cookie: admin.cookie, "Content-Type": "application/x-www-form-urlencoded" }, body });
    expect((await post(new URLSearchParams({ intent: "bulk", status: "processing", orderIds: "" }))).status).toBe(400);
    expect((await post(new URLSearchParams({ intent: "bulk", status: "teleported", orderIds: paged[5] }))).status).toBe(400);
    // Nothing ticked, from a Hindi page without JavaScript: the reason in Hindi on the page.
    const hindi = await call(`${server.url}/admin?index`, {
      method: "POST",
      headers: { Cookie: `${admin.cookie}; shop_lng=hi`, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ intent: "bulk", status: "processing", back: "/admin" }),
    });
    expect(hindi.status).toBe(400);
    expect(await hindi.text()).toContain(refusalIn("hi", "Tick at least one order first."));
  });

  it("sends Print and Export selected on to their pages with the ids", async () => {
    const res = await page(`/admin/orders/bulk?do=print&orderIds=${paged[3]}&orderIds=${paged[4]}`);
    expect(res.status).toBe(303);
    expect(res.headers.get("Location")).toBe(`/admin/orders/print?ids=${encodeURIComponent(`${paged[3]},${paged[4]}`)}`);
    const exp = await page(`/admin/orders/bulk?do=export&orderIds=${paged[3]}`);
    expect(exp.headers.get("Location")).toBe(`/admin/orders/export.csv?ids=${paged[3]}`);
    expect((await page(`/admin/orders/bulk?do=print`)).status).toBe(400);
  });
});

describe("the CSV export", () => {
  it("streams the view's orders as UTF-8 with a BOM, Indian dates, Hindi names, as an attachment", async () => {
    const res = await fetch(`${server.url}/admin/orders/export.csv?q=${encodeURIComponent(tag)}`, { headers: { Cookie: admin.cookie } });
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("Content-Disposition")).toMatch(/^attachment; filename="orders-\d{4}-\d{2}-\d{2}\.csv"$/);
    // Streamed, not sent with a length worked out beforehand.
    expect(res.headers.get("Content-Length")).toBeNull();
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder().decode(bytes.slice(3));
    const lines = text.split("\r\n").filter(Boolean);
    expect(lines[0]).toBe(
      "Order number,Date (IST),Customer,Phone,Email,Address,City,Pincode,Items,Subtotal (₹),Discount (₹),Delivery (₹),Total (₹),Status,Payment method,Payment status,Reference,Amount paid (₹),Amount refunded (₹)",
    );
    // 57 under the tag, less the one the bulk test deleted, and the header.
    expect(lines).toHaveLength(57);
    expect(text).toContain(`रमेश कुमार ${tag}`);
    // Order numbers, phones and pincodes are names, kept whole as text (an order number like 028423E5 is no number).
    const kept = (text: string) => `"=""${text}"""`;
    const row = lines.find((l) => l.startsWith(kept(ramesh.displayId)))!;
    expect(row).toMatch(new RegExp(`^"=""${ramesh.displayId}""",\\d{2}-\\d{2}-\\d{4} \\d{2}:\\d{2},Ramesh ${tag} Kumawat,"=""${ramesh.phone}""",`));
    // The street part only: city and pincode are in their own columns, once (decision 138).
    expect(row).toContain(`,12 Station Road,Churu,${kept("331001")},`);
  });

  it("exports a selection, in Hindi headers for a Hindi admin, and only for an admin", async () => {
    const res = await page(`/admin/orders/export.csv?ids=${hindi.orderId}`, "hi");
    const text = await res.text();
    // (Response.text() takes the BOM off.)
    expect(text.startsWith("ऑर्डर नंबर,")).toBe(true);
    expect(text.split("\r\n").filter(Boolean)).toHaveLength(2);
    const anonymous = await call(`${server.url}/admin/orders/export.csv`);
    expect([302, 303, 401, 403]).toContain(anonymous.status);
  });

  it("quotes fields and defuses formulas", () => {
    expect(csvField('He said "hi", then left')).toBe('"He said ""hi"", then left"');
    expect(csvField("two\nlines")).toBe('"two\nlines"');
    for (const start of ["=", "+", "-", "@"]) expect(csvField(`${start}HYPERLINK("x")`)).toBe(`"'${start}HYPERLINK(""x"")"`);
    expect(csvField("=1+2")).toBe("'=1+2");
    expect(csvField(null)).toBe("");
    expect(csvLine(["a", 1, "b,c"])).toBe('a,1,"b,c"\r\n');
    expect(indianDateTime(new Date("2026-03-01T20:00:00Z"))).toBe("02-03-2026 01:30");
    expect(exportFileName(new Date("2026-03-01T20:00:00Z"))).toBe("orders-2026-03-02.csv");
  });
});

describe("hostile search text", () => {
  it("answers 400 with a clear message, never a 500", async () => {
    const cases: [string, string][] = [
      [`q=${"a".repeat(10_000)}`, SEARCH_MESSAGES.tooLong],
      ["q=%01", SEARCH_MESSAGES.badCharacter],
      ["from=2026-02-30", SEARCH_MESSAGES.badDate],
      ["from=2026-03-02&to=2026-03-01", SEARCH_MESSAGES.datesReversed],
      ["page=-1", SEARCH_MESSAGES.badPage],
      ["page=1e9", SEARCH_MESSAGES.badPage],
    ];
    for (const [query, message] of cases) {
      const res = await page(`/admin?${query}`);
      expect(res.status, query).toBe(400);
      expect(await res.text()).toContain(message.replace(/'/g, "&#x27;"));
      const hi = await page(`/admin?${query}`, "hi");
      expect(hi.status).toBe(400);
      expect(await hi.text()).toContain(refusalIn("hi", message).replace(/'/g, "&#x27;"));
      expect((await page(`/admin/orders/export.csv?${query}`)).status).toBe(400);
    }
  });

  it("shows a sane page for page numbers past the end, and refuses words and signs", async () => {
    for (const p of ["999999", "0000002"]) {
      const res = await page(`/admin?q=${tag}&page=${p}`);
      expect(res.status, p).toBe(200);
      expect(await res.text()).toMatch(/Page [12] of 2/);
    }
    for (const p of ["abc", "1.5", "2e3", "+2", "0", "99999999", " -3"]) {
      const res = await page(`/admin?page=${encodeURIComponent(p)}`);
      expect(res.status, p).toBe(400);
      expect(await res.text()).toContain(SEARCH_MESSAGES.badPage);
    }
    for (const day of ["24-11-2026", "2026-13-01", "2026-11-24T00:00", "9999-01-01", "२०२६-११-२४", "x".repeat(5000)]) {
      const res = await page(`/admin?from=${encodeURIComponent(day)}`);
      expect(res.status, day).toBe(400);
      expect(await res.text()).toContain(SEARCH_MESSAGES.badDate);
    }
  });

  it("answers a bulk change or export of things that are not listed orders with 4xx and a message, never a 500", async () => {
    const bulk = (ids: string[]) => {
      const body = new URLSearchParams({ intent: "bulk", status: "processing", back: "/admin" });
      for (const id of ids) body.append("orderIds", id);
      return call(`${server.url}/admin?index`, { method: "POST", headers: { Cookie: admin.cookie, "Content-Type": "application/x-www-form-urlencoded" }, body });
    };
    for (const ids of [["../../etc/passwd"], ["<script>"], ["a b"], ["x".repeat(65)], ["%"], ["1;drop table orders"]]) {
      const res = await bulk(ids);
      expect(res.status, ids[0]).toBe(400);
      expect(await res.text()).toContain("That request did not name listed orders.");
    }
    const tooMany = await bulk(Array.from({ length: 101 }, (_, i) => `order-${i}`));
    expect(tooMany.status).toBe(400);
    // Well-formed ids of no order: each is reported as refused, nothing is written, the page answers 200.
    const unknown = await bulk(["00000000-0000-4000-8000-000000000000", "not-an-order"]);
    expect(unknown.status).toBe(200);
    const html = await unknown.text();
    expect(html).toContain("0 of 2 orders marked Processing.");
    expect(html).toContain('data-refused-order="not-an-order"');
    for (const ids of ["../x", "a,,b;c", "%00", "x".repeat(8000)]) {
      expect((await page(`/admin/orders/export.csv?ids=${encodeURIComponent(ids)}`)).status, ids).toBe(400);
      expect((await page(`/admin/orders/bulk?do=export&ids=${encodeURIComponent(ids)}`)).status, ids).toBe(400);
    }
    // An id of the right shape that names no order: an empty export (the header only), not an error.
    const none = await page(`/admin/orders/export.csv?ids=00000000-0000-4000-8000-000000000000`);
    expect(none.status).toBe(200);
    expect((await none.text()).split("\r\n").filter(Boolean)).toHaveLength(1);
  });

  it("refuses a NUL byte at the shop's edge with 400", async () => {
    const res = await page("/admin?q=ab%00cd");
    expect(res.status).toBe(400);
    expect(await res.text()).toContain("NUL");
  });

  it("searches quotes, regex and text-search characters as plain text", async () => {
    for (const q of ["' or 1=1 --", "a & b | !c :*", "\\x00", "Robert'); drop table orders;--", "%_ram%", "रमेश' ||", "ram:* & !x"]) {
      const res = await page(`/admin?q=${encodeURIComponent(q)}`);
      expect(res.status, q).toBe(200);
    }
    // Nothing but punctuation is nothing to search for: said so, with 400.
    for (const q of [".*[(", "'\"", "%%", "&|!"]) {
      const res = await page(`/admin?q=${encodeURIComponent(q)}`);
      expect(res.status, q).toBe(400);
      expect(await res.text()).toContain("Type an order number");
    }
  });
});
