import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestShop, type TestShop } from "../support/shop";
import { placeTestOrder } from "../support/admin";
import {
  DASHBOARD_PAGE_SIZE,
  decodeCursor,
  encodeCursor,
  parseDashboardQuery,
  type DashboardQuery,
  type DashboardSort,
} from "../../domain/admin-orders";

let shop: TestShop;
const placed: string[] = [];
const deleted = new Set<string>();
const shipped = new Set<string>();
const ACTOR = { kind: "admin" as const, id: "pager-test", name: "Pager Test" };

beforeAll(async () => {
  shop = await openTestShop();
  // 120 orders through the real order service; every third has a user id (few distinct), the rest are guests.
  for (let i = 0; i < 120; i++) {
    const userId = i % 3 === 0 ? `user-${String(i % 7).padStart(2, "0")}` : undefined;
    const { orderId } = await placeTestOrder(shop, { userId, name: `Pager ${i}` });
    placed.push(orderId);
  }
  for (const id of placed.slice(0, 40).filter((_, i) => i % 4 === 0)) {
    await shop.orders.changeStatus(id, "shipped", ACTOR);
    shipped.add(id);
  }
  for (const id of placed.slice(60, 66)) {
    await shop.orders.deleteOrder(id, ACTOR);
    deleted.add(id);
  }
}, 180_000);
afterAll(async () => {
  await shop?.close();
});

/** Walks every page with 'Next' (through the URL, as the links do), then back with 'Previous': the walks agree. */
async function walk(query: DashboardQuery, pageSize: number) {
  const pages: string[][] = [];
  let next: DashboardQuery | undefined = query;
  let last: Awaited<ReturnType<TestShop["adminOrders"]["listPage"]>> | undefined;
  while (next) {
    last = await shop.adminOrders.listPage(next, pageSize);
    pages.push(last.orders.map((o) => o.id));
    if (pages.length > 1) expect(last.previous, "a later page has Previous").toBeDefined();
    else expect(last.previous, "the first page has no Previous").toBeUndefined();
    next = last.next
      ? parseDashboardQuery(new URLSearchParams({ status: query.filter, sort: query.sort, dir: query.direction, after: encodeCursor(last.next) })).query
      : undefined;
    expect(pages.length).toBeLessThan(200);
  }
  const back: string[][] = [pages[pages.length - 1]];
  while (last?.previous) {
    const before = parseDashboardQuery(
      new URLSearchParams({ status: query.filter, sort: query.sort, dir: query.direction, before: encodeCursor(last.previous) }),
    ).query;
    last = await shop.adminOrders.listPage(before, pageSize);
    back.unshift(last.orders.map((o) => o.id));
    expect(back.length).toBeLessThan(200);
  }
  expect(back).toEqual(pages);
  return pages.flat();
}

describe("keyset pagination of the admin dashboard", () => {
  const sorts: DashboardSort[] = ["date", "id", "user"];
  for (const sort of sorts) {
    for (const direction of ["asc", "desc"] as const) {
      it(`pages through every order exactly once: sort ${sort} ${direction}`, async () => {
        const ids = await walk({ filter: "all", sort, direction }, 25);
        expect(ids).toHaveLength(placed.length - deleted.size);
        expect(new Set(ids).size).toBe(ids.length);
        expect(new Set(ids)).toEqual(new Set(placed.filter((id) => !deleted.has(id))));
        // In the sort's order.
        const rows = await shop.adminOrders.listPage({ filter: "all", sort, direction }, 500);
        expect(rows.orders.map((o) => o.id)).toEqual(ids);
        const keys = rows.orders.map((o) => (sort === "date" ? o.placedAt.getTime() : sort === "id" ? o.id : o.userId));
        if (sort === "date") {
          const sorted = [...(keys as number[])].sort((a, b) => (direction === "asc" ? a - b : b - a));
          expect(keys).toEqual(sorted);
        }
        if (sort === "user") {
          // Guests (no user id) after every user when ascending, before them when descending.
          const firstGuest = keys.indexOf(null);
          const lastUser = keys.map((k) => k !== null).lastIndexOf(true);
          if (direction === "asc") expect(firstGuest).toBeGreaterThan(lastUser);
          else expect(keys.findIndex((k) => k !== null)).toBeGreaterThan(keys.lastIndexOf(null));
        }
      });
    }
  }

  it("pages of 50 (the dashboard's size): 114 live orders are 50, 50, 14", async () => {
    let page = await shop.adminOrders.listPage({ filter: "all", sort: "date", direction: "desc" });
    const sizes = [page.orders.length];
    while (page.next) {
      page = await shop.adminOrders.listPage({ filter: "all", sort: "date", direction: "desc", after: page.next });
      sizes.push(page.orders.length);
    }
    expect(DASHBOARD_PAGE_SIZE).toBe(50);
    expect(sizes).toEqual([50, 50, 14]);
  });

  it("filters: a status lists only those orders, 'deleted' lists the tombstoned ones", async () => {
    const shippedIds = await walk({ filter: "shipped", sort: "date", direction: "desc" }, 3);
    expect(new Set(shippedIds)).toEqual(shipped);
    const pendingIds = await walk({ filter: "pending", sort: "user", direction: "asc" }, 7);
    expect(pendingIds).toHaveLength(placed.length - deleted.size - shipped.size);
    const deletedIds = await walk({ filter: "deleted", sort: "id", direction: "desc" }, 4);
    expect(new Set(deletedIds)).toEqual(deleted);
  });

  it("an order placed while paging does not shift the pages already seen (no duplicates)", async () => {
    const query: DashboardQuery = { filter: "all", sort: "date", direction: "desc" };
    const first = await shop.adminOrders.listPage(query, 30);
    const extra = await placeTestOrder(shop, { name: "Late order" });
    const second = await shop.adminOrders.listPage({ ...query, after: first.next }, 30);
    const seen = [...first.orders, ...second.orders].map((o) => o.id);
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen).not.toContain(extra.orderId);
    await shop.orders.deleteOrder(extra.orderId, ACTOR);
  });

  it("reads filter, sort and cursor from the URL; a foreign or broken cursor falls back to page one with a message", () => {
    expect(parseDashboardQuery(new URLSearchParams("")).query).toEqual({ filter: "all", sort: "date", direction: "desc" });
    expect(parseDashboardQuery(new URLSearchParams("sort=user")).query).toEqual({ filter: "all", sort: "user", direction: "asc" });
    const cursor = encodeCursor({ sort: "id", id: placed[0] });
    expect(decodeCursor(cursor)).toEqual({ sort: "id", id: placed[0] });
    const wrongSort = parseDashboardQuery(new URLSearchParams({ sort: "date", after: cursor }));
    expect(wrongSort.ok).toBe(false);
    expect(wrongSort.query.after).toBeUndefined();
    for (const bad of ["!!!", "e30", encodeCursor({ sort: "date", placedAt: "yesterday", id: "x" })]) {
      const parsed = parseDashboardQuery(new URLSearchParams({ after: bad }));
      expect(parsed.ok, bad).toBe(false);
      expect(parsed.query.after).toBeUndefined();
    }
    expect(parseDashboardQuery(new URLSearchParams("status=lost")).ok).toBe(false);
  });
});
