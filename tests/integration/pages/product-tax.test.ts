// The HSN code and tax class of the owner's own products (decision 200) with JavaScript off, in English and Hindi,
// through /admin/products' real form: a navy school shirt and a blazer under ₹2,500 added there are sold and invoiced
// at 5% under their own HSN codes (they were 18% with no HSN when the class was guessed from the name); an HSN code
// that is not 4 or 6 digits or not of the class is refused by its field in the page's language; the edit form shows
// the facts with where they come from.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RESOURCES } from "../../../app/i18n/i18n.server";
import type { Language } from "../../../domain/i18n";
import { adminHtmlBrowser, createTestAdmin, placeTestOrder, type TestAdmin } from "../../support/admin";
import { REGISTERED_SHOP_ENV } from "../../support/invoiced-order";
import { startTestServer, type TestServer } from "../../support/server";

let server: TestServer;
let admin: TestAdmin;

beforeAll(async () => {
  server = await startTestServer({ env: REGISTERED_SHOP_ENV });
  admin = await createTestAdmin(server.shop, server.url);
}, 180_000);
afterAll(async () => {
  await server?.close();
});

const fill = (text: string, values: Record<string, string | number> = {}) => text.replace(/\{\{(\w+)\}\}/g, (_, k: string) => String(values[k]));

describe.each(["en", "hi"] as Language[])("the owner's products with their HSN code and tax class, without JavaScript (%s)", (lang) => {
  const m = RESOURCES[lang];
  const p = m.admin.products;

  async function owner() {
    const browser = await adminHtmlBrowser(server.url, admin);
    await browser.setCookie(`shop_lng=${lang}; Path=/`);
    return browser;
  }

  async function added(name: string) {
    const found = (await server.shop.products.listAll()).find((product) => product.name === name);
    if (!found) throw new Error(`${name} was not added`);
    return found;
  }

  it("a navy school shirt (its category's default) and a blazer under ₹2,500 (the class chosen) are invoiced at 5% with their HSN", async () => {
    const browser = await owner();
    const shirtName = `Navy School Shirt ${lang}`;
    const blazerName = `School Blazer ${lang}`;
    let page = await browser.open("/admin/products");
    page = await page
      .within({ form: p.add })
      .fill(p.name, shirtName)
      .fill(p.price, "450")
      .fill(p.stockQuantity, "10")
      .select(p.category, m.shop.category.shirt)
      .select(p.gender, m.shop.gender.boys)
      .press(p.addButton);
    expect(page.texts("[role=status]")).toContain(p.saved.added);
    const blazerClass = new RegExp(`^${m.tax.class.blazer}:`);
    page = await page
      .within({ form: p.add })
      .fill(p.name, blazerName)
      .fill(p.price, "2400")
      .fill(p.stockQuantity, "5")
      .select(p.category, m.shop.category.blazer)
      .select(p.gender, m.shop.gender.unisex)
      .select(p.taxClass, blazerClass)
      .fill(p.hsn, "620333")
      .press(p.addButton);
    expect(page.texts("[role=status]")).toContain(p.saved.added);
    const shirt = await added(shirtName);
    const blazer = await added(blazerName);

    // The edit form shows the facts and who set them.
    const edit = await browser.open(`/admin/products?edit=${blazer.id}`);
    expect(edit.text("#product-tax-on-file")).toContain("HSN 620333");
    expect(edit.field(p.hsn).value).toBe("620333");

    // To Delhi (IGST): both lines at 5% under their own HSN, not 18% with none.
    const order = await placeTestOrder(server.shop, {
      pincode: "110001",
      items: [
        { productId: `product/${shirt.id}`, quantity: 1 },
        { productId: `product/${blazer.id}`, quantity: 1 },
      ],
    });
    await server.shop.orders.changeStatus(order.orderId, "shipped", { kind: "admin", id: "test-admin", name: "Test Admin" });
    const documents = await server.shop.orders.taxDocuments(order.orderId);
    const goods = documents!.invoices[0].lines.filter((line) => line.kind === "goods");
    expect(goods.map(({ hsn, rate, unit }) => ({ hsn, rate, unit }))).toEqual([
      { hsn: "6205", rate: 5, unit: "PCS" },
      { hsn: "620333", rate: 5, unit: "PCS" },
    ]);
    // Each line's value after the shop's offer holds 5% IGST.
    for (const line of goods) expect(line).toMatchObject({ taxable: Math.round((line.value * 100) / 105), igst: line.value - Math.round((line.value * 100) / 105), cgst: 0, sgst: 0 });
    expect(goods[1].value).toBeLessThanOrEqual(240_000);

    // The printed invoice says the HSN codes.
    const printed = await browser.open(`/admin/orders/${order.orderId}/print?doc=invoice`);
    expect(printed.status).toBe(200);
    expect(printed.text()).toContain("620333");
    expect(printed.text()).toContain("6205");
  });

  it("an HSN code that is not 4 or 6 digits, or not of the class, is refused by its field in the page's language", async () => {
    const browser = await owner();
    const name = `Refused Tie ${lang}`;
    const form = async () =>
      (await browser.open("/admin/products"))
        .within({ form: p.add })
        .fill(p.name, name)
        .fill(p.price, "90")
        .select(p.category, m.shop.category.tie)
        .select(p.gender, m.shop.gender.unisex)
        .select(p.taxClass, new RegExp(`^${m.tax.class.tie}:`));
    const short = await (await form()).fill(p.hsn, "62").press(p.addButton);
    expect(short.status).toBe(422);
    expect(short.text()).toContain(m.refusals.admin.hsnFormat);
    const notOfClass = await (await form()).fill(p.hsn, "4820").press(p.addButton);
    expect(notOfClass.status).toBe(422);
    expect(notOfClass.text()).toContain(m.refusals.admin.hsnNotOfClass);
    expect((await server.shop.products.listAll()).some((product) => product.name === name)).toBe(false);
  });

  it("a product from before, never set, shows its category's default with its source; an accessory shows none", async () => {
    // A row as the shop had it before: no stream of its HSN code and class.
    const insert = (name: string, category: "skirt" | "accessories") =>
      server.shop.db.insertInto("products").values({ name, description: "", price: 300, stock_quantity: 3, category, gender: "girls" }).returning("id").executeTakeFirstOrThrow();
    const skirt = await insert(`Old Skirt ${lang}`, "skirt");
    const badge = await insert(`Old Badge ${lang}`, "accessories");
    const browser = await owner();
    const fromDefault = await browser.open(`/admin/products?edit=${skirt.id}`);
    expect(fromDefault.text("#product-tax-on-file")).toContain(fill(p.taxFromDefault, { hsn: "6204", taxClass: m.tax.class.skirt, source: "\u0000" }).split("\u0000")[0]);
    expect(fromDefault.field(p.hsn).value).toBe("6204");
    const none = await browser.open(`/admin/products?edit=${badge.id}`);
    expect(none.text("#product-tax-on-file")).toBe(p.taxFromNone);
    expect(none.field(p.hsn).value).toBe("");
    // Until its HSN code is set, the registered shop does not sell it: an order of it is refused, naming it.
    const refused = await placeTestOrder(server.shop, { items: [{ productId: `product/${badge.id}`, quantity: 1 }] }).then(
      () => undefined,
      (err: unknown) => err,
    );
    expect(refused).toMatchObject({ key: "orders.item", values: { problem: { key: "checkout.noHsn", values: { item: `Old Badge ${lang}` } } } });

    // Saving the form as shown makes the default the owner's own.
    const saved = await fromDefault.within({ form: p.edit }).press(p.update);
    expect(saved.texts("[role=status]")).toContain(p.saved.updated);
    const after = await browser.open(`/admin/products?edit=${skirt.id}`);
    expect(after.text("#product-tax-on-file")).toMatch(/6204/);
    expect(after.text("#product-tax-on-file")).not.toContain(fill(p.taxFromDefault, { hsn: "6204", taxClass: m.tax.class.skirt, source: "" }));
  });
});
