import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SCHOOLS } from "../../../domain/schools";
import { htmlBrowser, type HtmlPage } from "../../support/html-browser";
import type { TestServer } from "../../support/server";
import { startStorefrontServer } from "../../support/storefront";

// School pages with JavaScript off, through their real links and forms (tests/support/html-browser).
// With JavaScript on (search as you type, the size priced without a request, the stepper): tests/e2e/storefront-schools.e2e.test.ts.

let server: TestServer;

beforeAll(async () => {
  server = await startStorefrontServer();
});
afterAll(async () => {
  await server?.close();
});

/** What a form would send, as the fields a route reads. */
function fields(page: HtmlPage | ReturnType<HtmlPage["within"]>, button: string): { url: URL; fields: Record<string, string> } {
  const sent = page.request(button);
  return { url: sent.url, fields: Object.fromEntries(sent.entries.map((e) => [e.name, String(e.value)])) };
}

describe("school pages answer 404 for what does not exist", () => {
  it.each(["/schools/no-such-school", "/schools/dps/no-such-item", "/schools/no-such-school/shirt", "/schools/NO-SUCH-SCHOOL"])("%s", async (path) => {
    const res = await fetch(`${server.url}${path}`);
    expect(res.status).toBe(404);
    const html = await res.text();
    expect(html).toContain("Page not found");
    expect(html).not.toContain("₹0");
  });

  // A school's address typed in capitals is the school's page, by a permanent redirect (decision 097).
  it("/schools/DPS", async () => {
    const res = await fetch(`${server.url}/schools/DPS`, { redirect: "manual" });
    await res.text();
    expect(res.status).toBe(301);
    expect(res.headers.get("location")).toBe("/schools/dps");
  });
});

describe("schools (JS off)", () => {
  it("lists every school in the navbar dropdown and opens one", async () => {
    const home = await htmlBrowser(server.url).open("/");
    const menu = home.within(".schools-menu");
    expect(menu.links()).toHaveLength(0);
    menu.toggle(/Schools/);
    expect(menu.links()).toHaveLength(SCHOOLS.length + 1);
    const school = await menu.follow("St. Xavier's");
    expect(school.url.pathname).toBe("/schools/st-xaviers");
    expect(school.text("h1")).toBe("St Xaviers");
    // St. Xavier's sells its own set: white tunic and skirt, no belt.
    const names = school.links().map((l) => l.name);
    expect(names.filter((n) => n === "White Tunik")).toHaveLength(1);
    expect(names).not.toContain("Belt");
  });

  it("searches schools ignoring case and punctuation", async () => {
    const parent = htmlBrowser(server.url);
    let schools = await parent.open("/schools");
    expect(schools.all("#school-list > li")).toHaveLength(SCHOOLS.length);
    schools = await schools.fill("Search schools", "ST.XAVIER").press("Search");
    expect(schools.url.searchParams.get("q")).toBe("ST.XAVIER");
    expect(schools.texts("#school-list > li")).toHaveLength(1);
    expect(schools.text("#school-list > li")).toContain("St. Xavier's");

    // By the name parents say: DPS is the Delhi Public School.
    schools = await schools.fill("Search schools", "delhi public").press("Search");
    expect(schools.texts("#school-list > li")).toHaveLength(1);
    expect(schools.text("#school-list > li")).toContain("DPS");

    schools = await schools.fill("Search schools", "zzzz").press("Search");
    expect(schools.has("No schools match")).toBe(true);

    // The server filters: a shared link with ?q= shows the same list.
    schools = await parent.open("/schools?q=other%20sample");
    expect(schools.texts("#school-list > li")).toHaveLength(1);
    const school = await schools.within("#school-list").follow("Other Sample School");
    expect(school.url.pathname).toBe("/schools/other-sample-school");
    expect(school.text("h1")).toBe("Other Sample School");
    // Tie Big is Coming Soon at this school.
    const tieBig = school.all(".item-card").find((card) => school.within(card).links().some((l) => l.name === "Tie Big"));
    expect(tieBig && school.within(tieBig).has("Coming Soon")).toBe(true);
  });

  it("shows the DPS items with images and switches the T-shirt colour by link", async () => {
    const dps = await htmlBrowser(server.url).open("/schools/dps");
    expect(dps.title).toMatch(/Dps uniforms/);
    expect(dps.attr('meta[name="description"]', "content")).toContain("DPS");
    const names = dps.texts(".item-card .card-title");
    expect(names).toEqual(["Shirt", "Pant", "White Pant", "Tunik", "T-shirt", "Skirt", "Belt", "Tie Small", "Tie Big", "Socks 1", "Socks 2"]);
    // No photo exists yet, so every image is its drawing: never a URL that would 404. Garments are drawn in the
    // school's colours (decision 140), white items, shoes and the rest are the files in public/images/types/.
    const sources = dps.all(".item-card img").map((img) => img.attribs.src);
    expect(sources.every((src) => src?.startsWith("/images/types/") || src?.startsWith("/drawings/"))).toBe(true);
    expect(sources[names.indexOf("White Pant")]).toBe("/images/types/pant-white.svg");

    const tshirtCard = (page: HtmlPage) => page.within(page.all(".item-card").find((card) => page.within(card).text(".card-title") === "T-shirt")!);
    expect(tshirtCard(dps).text('[aria-current="true"]')).toBe("Red");
    const blue = await tshirtCard(dps).follow("Blue");
    expect(blue.url.searchParams.get("colour-t-shirt")).toBe("Blue");
    const card = tshirtCard(blue);
    expect(card.attr('img[alt="T-shirt in Blue"]', "src")).toMatch(/^\/drawings\/tshirt\/[0-9a-f]{6}-[0-9a-f]{6}-3c7dd9\.svg$/);
    expect(card.text('[aria-current="true"]')).toBe("Blue");
    expect(blue.count(".item-card")).toBe(11);
  });

  it("prices the chosen size on a school product page and posts ADD TO CART and BUY NOW to /cart", async () => {
    const parent = htmlBrowser(server.url);
    const dps = await parent.open("/schools/dps");
    let pant = await dps.follow(/^Pant$/);
    expect(pant.url.pathname).toBe("/schools/dps/pant");
    expect(pant.text("h1")).toBe("Pant");
    expect(pant.text(".school-name")).toContain("DPS");
    // The first size is preselected and priced.
    expect(pant.field("24").checked).toBe(true);
    expect(pant.text(".add-form .price")).toBe("Price: ₹340 (Size 24)");

    // Without JavaScript the size is priced by the page itself: Show price asks for it by a GET.
    pant = await pant.choose("38-30").press("Show price");
    expect(pant.url.pathname).toBe("/schools/dps/pant");
    expect(pant.url.searchParams.get("size")).toBe("38-30");
    expect(pant.text(".add-form .price")).toBe("Price: ₹500 (Size 38-30)");
    // No − and + without JavaScript: the number field alone, at least 1.
    expect(pant.buttons()).not.toContain("Increase quantity");
    expect(pant.field("Quantity").value).toBe("1");
    expect(pant.attr("input[name=quantity]", "min")).toBe("1");

    const add = fields(pant.fill("Quantity", "2"), "ADD TO CART");
    expect(add.url.pathname).toBe("/cart");
    expect(add.fields).toEqual({
      intent: "add",
      productId: "school/dps/pant",
      size: "38-30",
      quantity: "2",
      redirectTo: `/schools/dps/pant?size=38-30`,
    });

    const shirt = await parent.open("/schools/dps/shirt");
    const buy = fields(shirt, "BUY NOW");
    expect(buy.url.pathname).toBe("/cart");
    expect(buy.fields).toEqual({ intent: "add", productId: "school/dps/shirt", size: "24", quantity: "1", redirectTo: "/cart" });
  });

  it("opens the Size Guide, Delivery & Return and Ask a Question sections", async () => {
    const tunik = await htmlBrowser(server.url).open("/schools/st-xaviers/tunik");
    expect(tunik.has("returned within 7 days")).toBe(false);
    expect(tunik.toggle("Delivery & Return").has("returned within 7 days")).toBe(true);
  });

  it("shows a 404 page for an unknown school or item", async () => {
    const parent = htmlBrowser(server.url);
    const school = await parent.open("/schools/hogwarts");
    expect(school.status).toBe(404);
    expect(school.text("h1")).toBe("Page not found");
    const item = await parent.open("/schools/dps/cape");
    expect(item.status).toBe(404);
    expect(item.text("h1")).toBe("Page not found");
  });
});
