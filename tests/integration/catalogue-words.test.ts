/**
 * The catalogue's own words in Hindi (decision 099), with JavaScript off: school pages, /shop,
 * a product's page and the cart name things in Hindi on a Hindi page and in English on an
 * English one; the /api and the cart's stored lines keep the English.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedShop } from "../../db/seed";
import { SEED_PRODUCTS } from "../../db/seed-products";
import { call } from "../support/admin";
import { createTestDatabase } from "../support/database";
import { startTestServer, type TestServer } from "../support/server";

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ env: { PAGE_CACHE_SECONDS: "30" } });
}, 180_000);
afterAll(async () => {
  await server?.close();
});

const HINDI = "shop_lng=hi";
const htmlLang = (html: string) => /<html lang="([^"]+)"/.exec(html)?.[1];
const page = async (path: string, cookie?: string) => {
  const res = await call(`${server.url}${path}`, cookie ? { headers: { Cookie: cookie } } : {});
  expect(res.status, path).toBe(200);
  return res.text();
};

/** A product of the shop table by its English name, through the /api (which keeps English names). */
async function shopProduct(name: string): Promise<{ id: number; name: string; name_hi: string | null }> {
  const res = await call(`${server.url}/api/products`);
  const { products } = (await res.json()) as { products: { id: number; name: string; name_hi: string | null }[] };
  const found = products.find((product) => product.name === name);
  if (!found) throw new Error(`no product ${name}`);
  return found;
}

/** A cart holding `items`, as the cookie a browser sends back. */
async function cartWith(items: { productId: string; size: string }[]): Promise<string> {
  let cookie = "";
  for (const item of items) {
    const added = await call(`${server.url}/cart`, {
      method: "POST",
      headers: { Origin: server.url, "Content-Type": "application/x-www-form-urlencoded", ...(cookie ? { Cookie: cookie } : {}) },
      body: new URLSearchParams({ intent: "add", ...item, quantity: "1" }),
    });
    expect(added.status).toBe(302);
    const set = added.headers
      .getSetCookie()
      .map((line) => line.split(";")[0])
      .filter((pair) => pair.startsWith("shop_cart="));
    if (set.length) cookie = set.join("; ");
  }
  return cookie;
}

describe("school pages", () => {
  it("name a school's items in Hindi and put its Devanagari form beside its own name", async () => {
    const hindi = await page("/schools/st-xaviers", HINDI);
    expect(htmlLang(hindi)).toBe("hi-IN");
    expect(hindi).toMatch(/<h1>St Xaviers(<!-- -->)? <span class="local-name">सेंट ज़ेवियर्स<\/span><\/h1>/);
    expect(hindi).toContain("St. Xavier&#x27;s / सेंट ज़ेवियर्स की यूनिफॉर्म।");
    expect(hindi).toContain(">सफ़ेद ट्यूनिक</a>");
    expect(hindi).toContain(">मोज़े 1</a>");
    expect(hindi).not.toContain(">White Tunik</a>");

    const english = await page("/schools/st-xaviers");
    expect(htmlLang(english)).toBe("en-IN");
    expect(english).toContain("<h1>St Xaviers</h1>");
    expect(english).toContain(">White Tunik</a>");
    expect(english).not.toContain("सेंट ज़ेवियर्स");
  });

  it("show a school without a Devanagari form by its own name alone", async () => {
    const hindi = await page("/schools/dps", HINDI);
    expect(hindi).toContain("<h1>Dps</h1>");
    expect(hindi).toContain(">शर्ट</a>");
  });

  it("show an item's name and description in Hindi, with the school as it writes itself", async () => {
    const hindi = await page("/schools/st-xaviers/white-tunik", HINDI);
    expect(hindi).toContain("<h1>सफ़ेद ट्यूनिक</h1>");
    expect(hindi).toContain("बढ़िया क्वालिटी की स्कूल यूनिफॉर्म।");
    expect(hindi).toContain(">St. Xavier&#x27;s / सेंट ज़ेवियर्स</a>");
    const english = await page("/schools/st-xaviers/white-tunik");
    expect(english).toContain("<h1>White Tunik</h1>");
    expect(english).toContain("High quality school uniform product.");
  });

  it("list schools with their Devanagari forms and find one by it", async () => {
    const hindi = await page(`/schools?q=${encodeURIComponent("शेखावाटी")}`, HINDI);
    expect(hindi).toContain(">Shekhawati Public School / शेखावाटी पब्लिक स्कूल</a>");
    expect(hindi.match(/class="card school-card"/g)).toHaveLength(1);
  });
});

describe("the shop's products", () => {
  it("/shop shows Hindi names, descriptions and size words on a Hindi page, English on an English one", async () => {
    const hindi = await page("/shop?category=tie", HINDI);
    expect(htmlLang(hindi)).toBe("hi-IN");
    expect(hindi).toContain(">धारीदार स्कूल टाई</h2>");
    expect(hindi).toContain("नेवी ब्लू और सुनहरी धारियों वाली टाई, सामान्य लंबाई।");
    expect(hindi).toContain("फ्री साइज़");
    expect(hindi).not.toContain("Striped School Tie");
    expect(hindi).not.toContain("Free Size");

    const english = await page("/shop?category=tie");
    expect(htmlLang(english)).toBe("en-IN");
    expect(english).toContain(">Striped School Tie</h2>");
    expect(english).toContain("Free Size");
    expect(english).not.toContain("धारीदार");
  });

  it("/product/<id> shows the Hindi name and description, and the /api keeps the English name beside the Hindi", async () => {
    const blazer = await shopProduct("Navy Blazer");
    expect(blazer.name_hi).toBe("नेवी ब्लू ब्लेज़र");
    const hindi = await page(`/product/${blazer.id}`, HINDI);
    expect(htmlLang(hindi)).toBe("hi-IN");
    expect(hindi).toContain("<h1>नेवी ब्लू ब्लेज़र</h1>");
    expect(hindi).toContain("<title>नेवी ब्लू ब्लेज़र");
    expect(hindi).toContain("अस्तर वाला नेवी ब्लू ब्लेज़र");
    const english = await page(`/product/${blazer.id}`);
    expect(english).toContain("<h1>Navy Blazer</h1>");
    expect(english).toContain("Lined navy blazer with a school-badge pocket.");
  });

  it("shows a product without Hindi words in English on a Hindi page", async () => {
    const row = await server.shop.db
      .insertInto("products")
      .values({ name: "Sports Day Cap", description: "Cotton cap with a peak.", price: 99, stock_quantity: 5, category: "accessories", gender: "unisex" })
      .returning("id")
      .executeTakeFirstOrThrow();
    const hindi = await page(`/product/${row.id}`, HINDI);
    expect(htmlLang(hindi)).toBe("hi-IN");
    expect(hindi).toContain("<h1>Sports Day Cap</h1>");
    expect(hindi).toContain("Cotton cap with a peak.");
    expect(hindi).toContain("फ्री साइज़");
  });
});

describe("the cart", () => {
  it("names its lines in the page's language, looked up by product id, and keeps the English it stored", async () => {
    const tie = await shopProduct("Striped School Tie");
    const cookie = await cartWith([
      { productId: "school/st-xaviers/white-tunik", size: "24" },
      { productId: `product/${tie.id}`, size: "Free Size" },
      { productId: "stationery/scientific-calculator", size: "" },
    ]);

    const hindi = await page("/cart", `${cookie}; ${HINDI}`);
    expect(htmlLang(hindi)).toBe("hi-IN");
    expect(hindi).toContain(">सफ़ेद ट्यूनिक</td>");
    expect(hindi).toContain(">St. Xavier&#x27;s / सेंट ज़ेवियर्स</td>");
    expect(hindi).toContain(">धारीदार स्कूल टाई</td>");
    expect(hindi).toContain(">साइंटिफ़िक कैलकुलेटर</td>");
    expect(hindi).toContain(">फ्री साइज़</td>");
    // The forms still send the stored line: English size and school.
    expect(hindi).toContain('name="size" value="Free Size"');
    expect(hindi).toContain('name="school" value="St. Xavier&#x27;s"');

    const checkout = await page("/checkout", `${cookie}; ${HINDI}`);
    expect(checkout).toContain("सफ़ेद ट्यूनिक");
    expect(checkout).toContain("धारीदार स्कूल टाई");

    const english = await page("/cart", cookie);
    expect(htmlLang(english)).toBe("en-IN");
    expect(english).toContain(">White Tunik</td>");
    expect(english).toContain(">St. Xavier&#x27;s</td>");
    expect(english).toContain(">Striped School Tie</td>");
    expect(english).toContain(">Free Size</td>");
    expect(english).not.toContain("सफ़ेद ट्यूनिक");

  });

  it("says what an add put in the cart in Hindi", async () => {
    const added = await call(`${server.url}/cart`, {
      method: "POST",
      headers: { Origin: server.url, "Content-Type": "application/x-www-form-urlencoded", Cookie: HINDI },
      body: new URLSearchParams({ intent: "add", productId: "bags/junior-school-bag", size: "", quantity: "2", redirectTo: "/accessories/bags" }),
    });
    expect(added.status).toBe(302);
    const cookies = added.headers.getSetCookie().map((line) => line.split(";")[0]);
    const back = await page("/accessories/bags", [...cookies, HINDI].join("; "));
    expect(back).toContain("कार्ट में डाला: जूनियर स्कूल बैग (फ्री साइज़) x 2");
    expect(back).toContain(">जूनियर स्कूल बैग</h2>");
  });
});

describe("the seed", () => {
  it("fills the Hindi of seeded rows that have none, never of a row the admin changed", async () => {
    const database = await createTestDatabase();
    try {
      const [first, second] = SEED_PRODUCTS;
      // As a shop seeded before migration 0012 has them: no Hindi; the second renamed by the admin.
      await database.db
        .insertInto("products")
        .values([
          { ...first, name_hi: null, description_hi: null },
          { ...second, name: "Admin's Own Shirt", name_hi: null, description_hi: null },
        ])
        .execute();
      await seedShop(database.db);
      const rows = await database.db.selectFrom("products").select(["name", "name_hi", "description_hi"]).orderBy("id").execute();
      expect(rows).toEqual([
        { name: first.name, name_hi: first.name_hi, description_hi: first.description_hi },
        { name: "Admin's Own Shirt", name_hi: null, description_hi: null },
      ]);
    } finally {
      await database.close();
    }
  });
});
