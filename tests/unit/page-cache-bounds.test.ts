import http from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterEach, describe, expect, it, vi } from "vitest";
import { cachePolicy } from "../../server/cache-policy";
import { createPageCache } from "../../server/page-cache";

// A visitor chooses the addresses the page cache keeps pages under: a query string makes as many of one
// catalogue page as they like. What it keeps must stay within its bound however many are asked for, and
// pages nobody asks for any more must not stay until the bound pushes them out (decision 148).

let server: http.Server | undefined;
afterEach(async () => {
  vi.useRealTimers();
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  server = undefined;
});

/** A shop whose /shop page is `size` bytes of HTML, behind the cache policy and a page cache, as server/http.ts puts them. */
async function shopWithCache(options: { maxBytes?: number; seconds?: number; size: number }) {
  const cache = createPageCache({ maxBytes: options.maxBytes });
  const app = express();
  app.use(cachePolicy({ sharedSeconds: options.seconds ?? 600 }));
  app.use(cache.middleware);
  app.get("/shop", (_req, res) => {
    res.type("html").send(`<!doctype html><p>${"x".repeat(options.size - 18)}</p>`);
  });
  server = app.listen(0, "127.0.0.1");
  await new Promise<void>((resolve) => server!.once("listening", () => resolve()));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { cache, get: (address: string) => fetch(base + address).then((res) => res.text()) };
}

describe("the page cache's bounds", () => {
  it("counts the address a page is kept under: long made-up addresses cannot hold more than the bound", async () => {
    const shop = await shopWithCache({ maxBytes: 64 * 1024, size: 200 });
    const padding = "a".repeat(4000);
    for (let i = 0; i < 100; i++) await shop.get(`/shop?scan=${i}&${padding}`);
    const { pages, bytes } = shop.cache.stats();
    expect(bytes).toBeLessThanOrEqual(64 * 1024);
    // About 4.2 KB each with its address: 15 fit, not the 100 whose HTML alone (20 KB) would.
    expect(pages).toBeLessThan(20);
    expect(pages).toBeGreaterThan(0);
  });

  it("drops pages once they have expired, without anyone asking for them again", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const shop = await shopWithCache({ seconds: 5, size: 1000 });
    for (let i = 0; i < 50; i++) await shop.get(`/shop?scan=${i}`);
    expect(shop.cache.stats().pages).toBe(50);
    vi.setSystemTime(Date.now() + 6000);
    await shop.get("/shop");
    expect(shop.cache.stats()).toMatchObject({ pages: 1 });
    expect(shop.cache.stats().bytes).toBeLessThan(1100);
  });
});
