// The expected delivery dates a parent sees (decision 236) with JavaScript off, in English and Hindi, through the pages'
// real forms (tests/support/html-browser): a school item made to order says its lead time and the range in town and
// elsewhere from the owner's rules, a pincode checked gives that pincode's range, and the owner's new rules show at once.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RESOURCES } from "../../../app/i18n/i18n.server";
import { dayText } from "../../../app/delivery/dates.server";
import { addDays, type DeliveryDateRules } from "../../../domain/delivery/dates";
import type { Language } from "../../../domain/i18n";
import { indianDay } from "../../../domain/orders/charges";
import { adminHtmlBrowser, createTestAdmin, type TestAdmin } from "../../support/admin";
import { htmlBrowser, type HtmlPage } from "../../support/html-browser";
import { startTestServer, type TestServer } from "../../support/server";

let server: TestServer;
let admin: TestAdmin;

beforeAll(async () => {
  server = await startTestServer();
  admin = await createTestAdmin(server.shop, server.url);
}, 180_000);
afterAll(async () => {
  await server?.close();
});

const fill = (text: string, values: Record<string, string | number> = {}) => text.replace(/\{\{(\w+)\}\}/g, (_, k: string) => String(values[k]));
const owner = { kind: "admin" as const, id: "test-admin", name: "Test Admin" };
const rulesWith = (madeToOrderDays: number): DeliveryDateRules => ({
  readyDays: 1,
  madeToOrderDays,
  town: { pincodes: ["331001"], fromDays: 0, toDays: 1 },
  outside: { fromDays: 3, toDays: 6 },
  courierSpareDays: 2,
});

describe.each(["en", "hi"] as Language[])("expected delivery dates without JavaScript (%s)", (lang) => {
  const m = RESOURCES[lang];
  const d = m.delivery.dates;
  /** "Wed, 9 Dec to Fri, 11 Dec" as the page words the range `from`..`by` days after today. */
  const range = (from: number, by: number) => {
    const today = indianDay(new Date());
    return fill(d.range, { from: dayText(addDays(today, from), lang), by: dayText(addDays(today, by), lang) });
  };
  const open = async (path: string): Promise<HtmlPage> => {
    const parent = htmlBrowser(server.url);
    await parent.setCookie(`shop_lng=${lang}; Path=/`);
    return parent.open(path);
  };

  it("a school item made to order: its lead time, then the town's and elsewhere's range; a checked pincode gets its own", async () => {
    // Each language its own lead time, so the page cannot show the other run's.
    const lead = lang === "en" ? 4 : 6;
    await server.shop.deliveryDates.setRules(rulesWith(lead), owner);
    const page = await open("/schools/dps/shirt?size=30");
    expect(page.status).toBe(200);
    expect(page.text("[data-testid=dates-made]")).toBe(fill(d[`madeToOrder_other`], { count: lead }));
    expect(page.text("[data-testid=dates-town]")).toBe(fill(d.town, { pincodes: "331001", range: range(lead, lead + 1) }));
    expect(page.text("[data-testid=dates-outside]")).toBe(fill(d.outside, { range: range(lead + 3, lead + 6) }));

    // The pincode check answers for the pincode: elsewhere by the shop's estimate (no courier is set), the town by its boy.
    const jaipur = await page.fill(m.delivery.check.label, "302001").press(m.delivery.check.submit);
    expect(jaipur.text("[data-testid=dates-pincode]")).toBe(`${fill(d.toPincode, { pincode: "302001", range: range(lead + 3, lead + 6) })} ${d.source.shopOutside}`);
    expect(jaipur.count("[data-testid=dates-town]")).toBe(0);
    const churu = await jaipur.fill(m.delivery.check.label, "331001").press(m.delivery.check.submit);
    expect(churu.text("[data-testid=dates-pincode]")).toBe(`${fill(d.toPincode, { pincode: "331001", range: range(lead, lead + 1) })} ${d.source.shopTown}`);

    // The owner makes the shirts slower: the item page says so at once (nothing kept from before).
    await server.shop.deliveryDates.setRules(rulesWith(lead + 10), owner);
    const slower = await open("/schools/dps/shirt?size=30");
    expect(slower.text("[data-testid=dates-town]")).toBe(fill(d.town, { pincodes: "331001", range: range(lead + 10, lead + 11) }));
  });

  it("a shop product on the shelf is packed in the ready days; one out of stock promises no date", async () => {
    const product = await server.shop.products.create({
      name: `Lunch Box ${randomUUID().slice(0, 8)}`,
      price: 200,
      description: "Steel, two tiers.",
      imageUrl: null,
      stockQuantity: 5,
      category: "accessories",
      gender: "unisex",
      size: "Free Size",
    });
    await server.shop.deliveryDates.setRules(rulesWith(9), owner);
    const page = await open(`/product/${product.id}`);
    expect(page.text("[data-testid=dates-town]")).toBe(fill(d.town, { pincodes: "331001", range: range(1, 2) }));
    expect(page.text("[data-testid=dates-outside]")).toBe(fill(d.outside, { range: range(4, 7) }));
    expect(page.count("[data-testid=dates-made]")).toBe(0);

    await server.shop.products.setStock(product.id, 0, owner);
    const out = await open(`/product/${product.id}`);
    expect(out.count("[data-testid=delivery-dates]")).toBe(0);
  });

  it("the owner sets the rules on their page: a number that is not one and a range backwards are refused by name, a good one shows at once", async () => {
    const f = m.delivery.rules.field;
    const owner = await adminHtmlBrowser(server.url, admin);
    await owner.setCookie(`shop_lng=${lang}; Path=/`);
    const page = await owner.open("/admin/delivery-dates");
    expect(page.status).toBe(200);
    // Each try on the page as it opens, so one try's typing is not the next one's.
    const form = async () => (await owner.open("/admin/delivery-dates")).within({ form: m.delivery.rules.formName });

    const notDays = await (await form()).fill(f.madeToOrderDays, "ten").press(m.delivery.rules.save);
    expect(notDays.status).toBe(422);
    expect(notDays.text()).toContain(m.refusals.deliveryDatesForm.days);
    const backwards = await (await form()).fill(f.outsideFrom, "8").fill(f.outsideTo, "5").press(m.delivery.rules.save);
    expect(backwards.status).toBe(422);
    expect(backwards.text()).toContain(m.refusals.deliveryDates.rangeOrder);
    const before = (await server.shop.deliveryDates.current()).rules;

    const lead = lang === "en" ? 7 : 8;
    const saved = await (await form())
      .fill(f.readyDays, "1")
      .fill(f.madeToOrderDays, String(lead))
      .fill(f.townPincodes, "331001, 331022")
      .fill(f.townFrom, "0")
      .fill(f.townTo, "2")
      .fill(f.outsideFrom, "3")
      .fill(f.outsideTo, "6")
      .fill(f.courierSpareDays, "2")
      .press(m.delivery.rules.save);
    expect(saved.alerts()).toContain(m.delivery.rules.saved.saved);
    expect(before.madeToOrderDays).not.toBe(lead);
    // What a parent sees today, under the form: an item made to order, in town and elsewhere.
    expect(saved.within("#preview-made").text("[data-testid=dates-town]")).toBe(fill(d.town, { pincodes: "331001, 331022", range: range(lead, lead + 2) }));
    const again = await saved.within({ form: m.delivery.rules.formName }).press(m.delivery.rules.save);
    expect(again.alerts()).toContain(m.delivery.rules.saved.unchanged);

    // The parent's item page in the second pincode of the town.
    const parent = await open("/schools/dps/shirt?size=30&pincode=331022");
    expect(parent.text("[data-testid=dates-pincode]")).toBe(`${fill(d.toPincode, { pincode: "331022", range: range(lead, lead + 2) })} ${d.source.shopTown}`);
  });
});
