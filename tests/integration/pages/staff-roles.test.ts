/**
 * Staff and their roles over HTTP (decision 215): every admin page and form of tests/support/admin-surface.ts,
 * walked as each role. What each role may do is written here again from the shop's rules, not read from the code:
 * only the owner and a manager refund, delete orders, change the catalogue and its prices, erase a parent's data,
 * see reports or change an order; counter staff sell, exchange and keep a drawer; a packer sees the orders and prints
 * their slips; only the owner names people. Allowed, a page answers as it answers the owner; refused, it answers 403
 * with the reason in words. The menu shows each person only what they may open.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminPages, type AdminPageRequest } from "../../support/admin-surface";
import { call, createTestAdmin, placeTestOrder, type TestAdmin } from "../../support/admin";
import { startTestServer, type TestServer } from "../../support/server";
import { RESOURCES } from "../../../app/i18n/i18n.server";
import type { Role } from "../../../domain/staff/roles";

let server: TestServer;
const people = {} as Record<Role, TestAdmin>;

beforeAll(async () => {
  server = await startTestServer();
  // The operator's admin is an owner; the owner names the others.
  people.owner = await createTestAdmin(server.shop, server.url);
  const byOwner = { kind: "admin" as const, id: people.owner.id, name: people.owner.name };
  for (const role of ["manager", "counter", "packer"] as const) {
    people[role] = await createTestAdmin(server.shop, server.url);
    await server.shop.staff.giveRole(people[role].id, role, byOwner);
  }
});
afterAll(async () => {
  await server?.close();
});

type Need = "seeOrders" | "orders" | "refund" | "deleteOrders" | "catalogue" | "erase" | "reports" | "messages" | "staff" | "sell" | "exchange" | "drawer" | "print" | "anyone" | "backOffice";

/** Who may, as the shop's rules say it. */
const WHO: Record<Need, readonly Role[]> = {
  seeOrders: ["owner", "manager", "packer"],
  orders: ["owner", "manager"],
  refund: ["owner", "manager"],
  deleteOrders: ["owner", "manager"],
  catalogue: ["owner", "manager"],
  erase: ["owner", "manager"],
  reports: ["owner", "manager"],
  messages: ["owner", "manager"],
  backOffice: ["owner", "manager"],
  staff: ["owner"],
  sell: ["owner", "manager", "counter"],
  exchange: ["owner", "manager", "counter"],
  drawer: ["owner", "manager", "counter"],
  print: ["owner", "manager", "counter", "packer"],
  anyone: ["owner", "manager", "counter", "packer"],
};

/** What a page or form of the surface asks, from its address and what it is asked to do. */
function need(entry: AdminPageRequest): Need {
  const path = entry.path.split("?")[0];
  const form = entry.form ?? {};
  if (path === "/admin") return entry.method === "GET" ? "seeOrders" : form.intent === "delete" ? "deleteOrders" : "orders";
  if (/^\/admin\/orders\/[^/]+\/delete$/.test(path)) return "deleteOrders";
  if (path === "/admin/orders/export.csv") return "reports";
  if (path === "/admin/orders/bulk") return new URLSearchParams(entry.path.split("?")[1]).get("do") === "export" ? "reports" : "print";
  if (/^\/admin\/orders\/(print|[^/]+\/(print|bars|courier))/.test(path)) return "print";
  if (/^\/admin\/orders\/[^/]+\/reference$/.test(path)) return "orders";
  if (/^\/admin\/orders\/[^/]+$/.test(path)) return entry.method === "GET" ? "seeOrders" : form.intent === "refund" ? "refund" : "orders";
  if (path === "/admin/counter/returns") return entry.method === "POST" && form.outcome === "refund" ? "refund" : "exchange";
  if (path === "/admin/counter") return "sell";
  // The courier's remittance sheet pays orders, as a bank statement does: the back office's, not the drawer's.
  if (path === "/admin/cod/remittance") return "orders";
  if (/^\/admin\/(cash|cod)(\/|$)/.test(path)) return "drawer";
  if (/^\/admin\/(products|school-stock|delivery-dates|tailor-batches|labels|scan-count|sizes|photos|kits)(\/|$)/.test(path)) return "catalogue";
  if (/^\/admin\/(reports|gst)/.test(path)) return "reports";
  if (/^\/admin\/(grievances|notifications)(\/|$)/.test(path)) return "messages";
  if (path === "/admin/statements" || path.startsWith("/admin/statements/")) return "orders";
  if (path === "/admin/settlements" || path.startsWith("/admin/settlements/")) return "orders";
  if (path === "/admin/privacy") return "erase";
  if (path === "/admin/admins") return "staff";
  if (path === "/admin/password") return "anyone";
  return "backOffice";
}

const REASONS = RESOURCES.en.refusals.permission as Record<string, string>;

async function ask(entry: AdminPageRequest, person: TestAdmin) {
  const res = await call(`${server.url}${entry.path}`, {
    method: entry.method,
    headers: { Cookie: `${person.cookie}; shop_lng=en`, ...(entry.form ? { "Content-Type": "application/x-www-form-urlencoded" } : {}) },
    body: entry.form ? new URLSearchParams(entry.form).toString() : undefined,
  });
  return { status: res.status, location: res.headers.get("location") ?? "", body: (await res.text()).replaceAll("&#x27;", "'") };
}

describe("each role at every admin page and form", () => {
  it("answers what a role may do as it answers the owner, and refuses the rest with 403 and the reason", { timeout: 600_000 }, async () => {
    const problems: string[] = [];
    for (const entry of adminPages) {
      const what = `${entry.method} ${entry.path}${entry.form ? ` ${JSON.stringify(entry.form)}` : ""}`;
      const needs = need(entry);
      const owner = await ask(entry, people.owner);
      if (owner.status === 403 || owner.status >= 500) problems.push(`${what} as owner: ${owner.status}`);
      for (const role of ["manager", "counter", "packer"] as const) {
        const got = await ask(entry, people[role]);
        if (WHO[needs].includes(role)) {
          // A page the role may open answers as it does the owner (a form posted twice may find its work done).
          const same = entry.method === "GET" ? got.status === owner.status : got.status !== 403 && got.status < 500;
          if (!same || got.location === "/admin/login") problems.push(`${what} as ${role} (may ${needs}): ${got.status} ${got.location}, owner ${owner.status}`);
        } else if (entry.method === "GET" && entry.path.split("?")[0] === "/admin") {
          // The dashboard is where the sign-in lands: a person who may not see the orders starts at their own page.
          if (got.status !== 302 || got.location !== "/admin/counter") problems.push(`${what} as ${role}: ${got.status} ${got.location}, expected their own page`);
        } else if (got.status !== 403 || !got.body.includes(REASONS[needs])) {
          problems.push(`${what} as ${role} (may not ${needs}): ${got.status} ${got.location} ${got.body.includes(REASONS[needs]) ? "" : "without the reason"}`);
        }
      }
    }
    expect(problems).toEqual([]);
  });
});

describe("a counter person", () => {
  it("is refused a refund at the counter, in words, in Hindi too, and the order is left as it was", async () => {
    const order = await placeTestOrder(server.shop);
    const before = await server.shop.store.readStream(`order-${order.orderId}`);
    const refund = {
      order: order.orderId,
      ret: "00000000-0000-4000-8000-0000000000aa",
      counter: "1",
      outcome: "refund",
      reason: "Did not fit",
      method: "cash",
      shownAmount: "100",
      q0: "1",
    };
    for (const [lang, reason] of [
      ["en", "Only the owner or a manager may give money back. Ask one of them to make this refund."],
      ["hi", "पैसे वापस केवल मालिक या मैनेजर दे सकते हैं। यह रिफ़ंड उनमें से किसी से करवाएँ।"],
    ] as const) {
      const res = await call(`${server.url}/admin/counter/returns`, {
        method: "POST",
        headers: { Cookie: `${people.counter.cookie}; shop_lng=${lang}`, "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams(refund).toString(),
      });
      expect(res.status).toBe(403);
      expect(await res.text()).toContain(reason);
    }
    expect(await server.shop.store.readStream(`order-${order.orderId}`)).toHaveLength(before.length);
  });

  it("sees in the menu only the counter, its drawer and delivery cash; a packer only the orders; the owner everything", async () => {
    const menu = async (person: TestAdmin) => {
      const html = (await ask({ method: "GET", path: "/admin/password" }, person)).body;
      const nav = /<nav class="admin-nav"[\s\S]*?<\/nav>/.exec(html)?.[0] ?? "";
      return [...nav.matchAll(/href="(\/admin[^"]*)"/g)].map((m) => m[1]).filter((href) => !["/admin/password", "/admin/second-factor"].includes(href) && !href.includes("lng="));
    };
    expect(await menu(people.counter)).toEqual(["/admin/counter", "/admin/cash", "/admin/cod"]);
    expect(await menu(people.packer)).toEqual(["/admin"]);
    const owners = await menu(people.owner);
    expect(owners).toEqual(expect.arrayContaining(["/admin", "/admin/reports", "/admin/counter", "/admin/admins", "/admin/privacy"]));
    const managers = await menu(people.manager);
    expect(managers).toContain("/admin/reports");
    expect(managers).not.toContain("/admin/admins");
  });
});
