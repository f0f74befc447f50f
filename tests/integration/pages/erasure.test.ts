/**
 * A parent's erasure as the pages show it, JavaScript off through their real forms (tests/support/html-browser),
 * in English and Hindi (issue 48): a complaint whose parent was erased says so in the page's language.
 */
import { randomInt, randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RESOURCES } from "../../../app/i18n/i18n.server";
import { orderSubject } from "../../../domain/privacy/subjects";
import { adminHtmlBrowser, createTestAdmin, placeTestOrder, type TestAdmin } from "../../support/admin";
import { htmlBrowser } from "../../support/html-browser";
import { startTestServer, type TestServer } from "../../support/server";

let server: TestServer;
let admin: TestAdmin;

beforeAll(async () => {
  server = await startTestServer();
  admin = await createTestAdmin(server.shop, server.url, `erasure-${randomUUID()}@churu-uniforms.example`);
}, 180_000);
afterAll(async () => {
  await server?.close();
});

const adminActor = () => ({ kind: "admin" as const, id: admin.id, name: admin.name });

describe("a complaint whose parent was erased", () => {
  it("says erased in the page's language on the parent's ticket and the desk, never the English word on a Hindi page", async () => {
    const order = await placeTestOrder(server.shop, { name: "Kamla Devi" });
    const filed = await server.shop.grievances.file({
      key: randomUUID(),
      name: "Kamla Devi",
      phone: order.phone,
      orderNumber: order.displayId,
      topic: "delivery",
      text: "The parcel came late",
      language: "hi",
      clientIp: `10.48.${randomInt(0, 255)}.${randomInt(1, 254)}`,
    });
    if (!("ticketId" in filed)) throw new Error("the complaint was not filed");
    await server.shop.privacy.erase(orderSubject(order.orderId), adminActor());

    const hindi = RESOURCES.hi.privacy.erased;
    const ticket = await htmlBrowser(server.url, { language: "hi" }).open(`/grievance/${filed.ticketId}`);
    expect(ticket.status).toBe(200);
    expect(ticket.has(hindi)).toBe(true);
    expect(ticket.has(/erased/)).toBe(false);
    expect(ticket.has("The parcel came late")).toBe(false);

    const desk = await adminHtmlBrowser(server.url, admin, { language: "hi" });
    const page = await desk.open(`/admin/grievances/${filed.ticketId}`);
    expect(page.has(hindi)).toBe(true);
    expect(page.has(/erased/)).toBe(false);
    const list = await desk.open("/admin/grievances");
    expect(list.has(/erased/)).toBe(false);

    const english = await htmlBrowser(server.url).open(`/grievance/${filed.ticketId}`);
    expect(english.has(RESOURCES.en.privacy.erased)).toBe(true);
  });
});
