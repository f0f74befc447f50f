// A page offers only what the person's role may do (decision 217), without JavaScript, over HTTP through the pages' real
// HTML: a packer sees the orders and their papers but no form that changes an order, no Delete and no export; counter
// staff are offered an exchange at the counter but not money back, and not the courier's remittance sheet. The owner,
// on the same pages, is offered each of them, so the check cannot pass on a page that lost its buttons for everyone.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RESOURCES } from "../../../app/i18n/i18n.server";
import type { Language } from "../../../domain/i18n";
import { adminHtmlBrowser, createTestAdmin, placeTestOrder, type TestAdmin } from "../../support/admin";
import { startTestServer, type TestServer } from "../../support/server";
import type { Role } from "../../../domain/staff/roles";

let server: TestServer;
const people = {} as Record<Role, TestAdmin>;

beforeAll(async () => {
  server = await startTestServer();
  people.owner = await createTestAdmin(server.shop, server.url);
  const byOwner = { kind: "admin" as const, id: people.owner.id, name: people.owner.name };
  for (const role of ["manager", "counter", "packer"] as const) {
    people[role] = await createTestAdmin(server.shop, server.url);
    await server.shop.staff.giveRole(people[role].id, role, byOwner);
  }
}, 180_000);
afterAll(async () => {
  await server?.close();
});

async function as(role: Role, lang: Language) {
  const browser = await adminHtmlBrowser(server.url, people[role]);
  await browser.setCookie(`shop_lng=${lang}; Path=/`);
  return browser;
}

describe.each(["en", "hi"] as const)("the buttons of each role (%s)", (lang) => {
  const m = RESOURCES[lang];

  it("shows a packer the orders and their papers without a control that changes, deletes or exports them", async () => {
    const order = await placeTestOrder(server.shop, { paymentMethod: "cod" });
    const owner = await as("owner", lang);
    const packer = await as("packer", lang);
    const changing = [m.find.setStatus, m.find.exportSelected, m.admin.payments.cash.submit, m.returns.admin.noteSubmit, m.admin.payments.refund.submit];

    const ownersBoard = await owner.open("/admin");
    expect(ownersBoard.buttons()).toEqual(expect.arrayContaining([m.find.setStatus, m.find.print, m.find.exportSelected]));
    expect(ownersBoard.links().map((l) => l.name)).toEqual(expect.arrayContaining([m.admin.delete, m.find.exportAll]));
    const board = await packer.open("/admin");
    expect(board.status).toBe(200);
    expect(board.buttons()).toContain(m.find.print);
    for (const control of changing) expect(board.buttons()).not.toContain(control);
    expect(board.links().map((l) => l.name)).not.toContain(m.admin.delete);
    expect(board.links().map((l) => l.name)).not.toContain(m.find.exportAll);
    expect(board.count("tbody form")).toBe(0);

    // The owner collects the cash on the order's page; then the owner is offered the refund, the packer nothing.
    let ownersOrder = await owner.open(`/admin/orders/${order.orderId}`);
    expect(ownersOrder.buttons()).toEqual(expect.arrayContaining([m.admin.payments.cash.submit, m.returns.admin.noteSubmit]));
    ownersOrder = await ownersOrder.within({ form: m.admin.payments.cash.submit }).press(m.admin.payments.cash.submit);
    expect(ownersOrder.buttons()).toContain(m.admin.payments.refund.submit);
    const packersOrder = await packer.open(`/admin/orders/${order.orderId}`);
    expect(packersOrder.status).toBe(200);
    for (const control of changing) expect(packersOrder.buttons()).not.toContain(control);
    expect(packersOrder.count(".order-trail form[method=post]")).toBe(0);
    expect(packersOrder.links().map((l) => l.name)).toEqual(expect.arrayContaining([m.print.orderPage.slip, m.print.orderPage.invoice]));
  });

  it("offers counter staff an exchange at the counter but not money back, and not the courier's sheet", async () => {
    const items = [{ productId: "stationery/scientific-calculator", quantity: 1 }];
    const { total } = await server.shop.orders.counterBill(items);
    const sold = await server.shop.orders.sellAtCounter({
      saleId: randomUUID(),
      counter: "1",
      items,
      shownTotal: total,
      payment: { mode: "cash", cashGiven: total },
      language: lang,
      staff: { id: people.counter.id, name: "Meena" },
    });
    await server.shop.waitForReadModels(sold.position);
    const r = m.counter.returns;
    const choices = (page: Awaited<ReturnType<Awaited<ReturnType<typeof as>>["open"]>>) => page.within({ form: r.check }).texts("fieldset label");

    const owner = await as("owner", lang);
    const ownersPage = await owner.open(`/admin/counter/returns?counter=1&order=${sold.orderId}`);
    expect(choices(ownersPage).map((c) => c.trim())).toEqual([r.outcome.exchange, r.outcome.refund]);

    const counter = await as("counter", lang);
    const page = await counter.open(`/admin/counter/returns?counter=1&order=${sold.orderId}`);
    expect(page.status).toBe(200);
    expect(choices(page).map((c) => c.trim())).toEqual([r.outcome.exchange]);
    // An address typed with the refund chosen still checks an exchange: the page never asks this person for money back.
    const typed = await counter.open(`/admin/counter/returns?counter=1&order=${sold.orderId}&ret=${randomUUID()}&q0=1&outcome=refund&size=L&check=1`);
    expect(typed.buttons()).toContain(r.confirm.doExchange.replace("{{size}}", "L"));
    const [before, after] = r.confirm.exchange.replace("{{size}}", "L").split("{{items}}");
    const said = typed.text(".counter-total");
    expect(said.startsWith(before) && said.endsWith(after), said).toBe(true);

    const cod = await counter.open("/admin/cod");
    expect(cod.status).toBe(200);
    expect(cod.links().map((l) => l.name)).not.toContain(m.cash.remittance.link);
    expect((await owner.open("/admin/cod")).links().map((l) => l.name)).toContain(m.cash.remittance.link);
  });
});
