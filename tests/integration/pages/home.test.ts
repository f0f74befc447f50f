import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { htmlBrowser } from "../../support/html-browser";
import { startTestServer, type TestServer } from "../../support/server";

// The shop's frame and health over HTTP; the home page with JavaScript off through its real links
// (tests/support/html-browser). With JavaScript on: tests/e2e/home.e2e.test.ts.

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

describe("the shop frame and health", () => {
  it("answers /healthz with 200 and every part reported", async () => {
    const res = await fetch(`${server.url}/healthz`);
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.ok).toBe(true);
    expect(body.database.ok).toBe(true);
    expect(body.eventStore.ok).toBe(true);
    expect(body.queue.ok).toBe(true);
    expect(body.projectors.map((p: { name: string }) => p.name)).toContain("stream_type_counts");
  });

  it("refuses a form post sent from another website", async () => {
    const res = await fetch(`${server.url}/`, {
      method: "POST",
      headers: { Origin: "https://evil.example", "Content-Type": "application/x-www-form-urlencoded" },
      body: "a=1",
    });
    expect(res.status).toBe(403);
  });

  it("shows the home page with navbar and footer (JS off)", async () => {
    const home = await htmlBrowser(server.url).open("/");
    expect(home.title).toMatch(/School uniforms/);
    expect(home.within({ region: "Main" }).links().filter((l) => l.name === "Home")).toHaveLength(1);
    expect(home.has("Free doorstep delivery")).toBe(true);
    expect(home.within("footer").has("Churu, Rajasthan")).toBe(true);
    const whiteShirt = await home.follow("White Shirt");
    expect(whiteShirt.url.pathname).toBe("/white-products");
  });

  it("links order tracking from the navbar and the home page, and names the schools in the page's language (JS off)", async () => {
    const home = await htmlBrowser(server.url, { language: "hi" }).open("/");
    const nav = home.within({ region: "मुख्य" });
    const track = nav.links().filter((l) => l.href === "/orders/track");
    expect(track.map((l) => l.name)).toEqual(["ऑर्डर ट्रैक करें"]);
    expect(home.within("main").links().some((l) => l.href === "/orders/track")).toBe(true);
    const menu = home.within(".schools-menu");
    menu.toggle(/स्कूल/);
    const names = menu.links().map((l) => l.name);
    expect(names).toContain("सेंट ज़ेवियर्स");
    expect(names).not.toContain("St. Xavier's");
    const tracking = await nav.follow("ऑर्डर ट्रैक करें");
    expect(tracking.url.pathname).toBe("/orders/track");

    const english = await htmlBrowser(server.url).open("/");
    expect(english.within({ region: "Main" }).links().filter((l) => l.href === "/orders/track").map((l) => l.name)).toEqual(["Track order"]);
  });
});
