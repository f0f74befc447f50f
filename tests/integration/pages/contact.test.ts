import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { htmlBrowser } from "../../support/html-browser";
import { startTestServer, type TestServer } from "../../support/server";

// /contact and the footer with JavaScript off, through their real links: where the counter is and when it is
// open, from the owner's settings, in the parent's language; the order tracking page one link away.

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({
    env: { SHOP_ADDRESS: "Station Road, Churu, Rajasthan 331001", SHOP_HOURS: "10:00-20:30", SHOP_CLOSED_ON: "sunday" },
  });
}, 120_000);
afterAll(async () => {
  await server?.close();
});

describe("the contact page", () => {
  it("gives the shop's street address and opening hours, in English and in Hindi", async () => {
    const en = await htmlBrowser(server.url, { language: "en" }).open("/contact");
    expect(en.text("main address")).toContain("Shop: Station Road, Churu, Rajasthan 331001");
    expect(en.text("main address")).toContain("Open 10:00 am to 8:30 pm. Closed on Sunday.");
    const hi = await htmlBrowser(server.url, { language: "hi" }).open("/contact");
    expect(hi.text("main address")).toContain("दुकान: Station Road, Churu, Rajasthan 331001");
    expect(hi.text("main address")).toContain("10:00 am से 8:30 pm तक खुली। रविवार को बंद।");
  });

  it("links order tracking from every page's footer", async () => {
    for (const language of ["en", "hi"] as const) {
      const home = await htmlBrowser(server.url, { language }).open("/");
      const track = await home.within("footer").follow(language === "en" ? "Track your order" : "अपना ऑर्डर ट्रैक करें");
      expect(track.url.pathname).toBe("/orders/track");
      expect(track.status).toBe(200);
    }
  });
});
