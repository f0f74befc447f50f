import http from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterEach, describe, expect, it } from "vitest";
import { cachePolicy } from "../../server/cache-policy";
import { createPageCache } from "../../server/page-cache";

// A catalogue change (a product, a photo) empties the page cache (decision 074). A page whose render began
// before the change may show what was there before it: it must not be kept after the clear, or the next
// visitors would see the old picture for the page's whole lifetime.

let server: http.Server | undefined;
afterEach(async () => {
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  server = undefined;
});

/** A shop of one catalogue page whose render waits for `release`; it counts its renders. */
async function shopWithSlowPage() {
  const cache = createPageCache();
  let renders = 0;
  let release: () => void = () => {};
  let started: () => void = () => {};
  let renderStarted = new Promise<void>((resolve) => (started = resolve));
  const app = express();
  app.use(cachePolicy({ sharedSeconds: 600 }));
  app.use(cache.middleware);
  app.get("/schools", (_req, res) => {
    renders++;
    const gate = new Promise<void>((resolve) => (release = resolve));
    started();
    void gate.then(() => res.type("html").send(`<!doctype html><p>render ${renders}</p>`));
  });
  server = app.listen(0, "127.0.0.1");
  await new Promise<void>((resolve) => server!.once("listening", () => resolve()));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/schools`;
  return {
    cache,
    renders: () => renders,
    /** Asks for the page; resolves once its render has begun (its answer still to come) or it is answered. */
    async ask() {
      renderStarted = new Promise<void>((resolve) => (started = resolve));
      const answer = fetch(url).then(async (res) => ({ state: res.headers.get("x-page-cache"), body: await res.text() }));
      // A kept page answers without a render.
      await Promise.race([renderStarted, answer]);
      return { answer };
    },
    get: () => fetch(url).then(async (res) => ({ state: res.headers.get("x-page-cache"), body: await res.text() })),
    release: () => release(),
  };
}

describe("the page cache's clear", () => {
  it("keeps a page rendered with nothing changed meanwhile", async () => {
    const shop = await shopWithSlowPage();
    const { answer } = await shop.ask();
    shop.release();
    expect(await answer).toEqual({ state: "miss", body: "<!doctype html><p>render 1</p>" });
    expect(await shop.get()).toEqual({ state: "hit", body: "<!doctype html><p>render 1</p>" });
    expect(shop.renders()).toBe(1);
  });

  it("does not keep a page whose render began before a clear: the next visitor gets a fresh render", async () => {
    const shop = await shopWithSlowPage();
    const during = await shop.ask();
    // The catalogue changes while the page is being rendered with what was there before.
    shop.cache.clear();
    shop.release();
    expect(await during.answer).toEqual({ state: "miss", body: "<!doctype html><p>render 1</p>" });
    const after = await shop.ask();
    shop.release();
    expect(await after.answer).toEqual({ state: "miss", body: "<!doctype html><p>render 2</p>" });
    expect(await shop.get()).toEqual({ state: "hit", body: "<!doctype html><p>render 2</p>" });
  });
});
