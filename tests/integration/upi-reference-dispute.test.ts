/**
 * UPI reference squatting (decision 119): the first order to report a reference holds it, so a
 * squatter who reports the real payer's reference first blocks them. The refused report is now
 * recorded, the owner sees both claims side by side, and moves the reference to the order that
 * paid: one command over the reference's stream and both orders', through the page (JS off).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../support/server";
import { call, createTestAdmin, placeTestOrder, type TestAdmin } from "../support/admin";
import { isRuleViolation } from "../../domain/errors";

let server: TestServer;
let admin: TestAdmin;

beforeAll(async () => {
  server = await startTestServer({ env: { SHOP_UPI_ID: "churuuniform@sbi" } });
  admin = await createTestAdmin(server.shop, server.url, "disputes-admin@churu-uniforms.example");
});
afterAll(async () => {
  await server?.close();
});

let referenceSeq = 100_000_000_000 + Math.floor(Math.random() * 800_000_000_000);
const nextReference = () => String(referenceSeq++);
const placeUpiOrder = (name: string) =>
  placeTestOrder(server.shop, { name, items: [{ productId: "stationery/scientific-calculator", quantity: 1 }], paymentMethod: "upi" });
const report = (orderId: string, reference: string, name: string) =>
  server.shop.orders.pay(orderId, (at) => ({ type: "ReportPayment", reference, actor: { kind: "guest", name }, at }));
/** The refusal's key, or "accepted". */
const keyOf = (promise: Promise<unknown>) =>
  promise.then(
    () => "accepted",
    (err: unknown) => (isRuleViolation(err) ? err.key : Promise.reject(err)),
  );

const page = (path: string, lang: "en" | "hi" = "en") => call(`${server.url}${path}`, { headers: { Cookie: `${admin.cookie}; shop_lng=${lang}` } });
const post = (path: string, fields: Record<string, string>) =>
  call(`${server.url}${path}`, {
    method: "POST",
    headers: { Cookie: admin.cookie, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields).toString(),
  });
const stream = async (id: string) => (await server.shop.store.readStream(id)).map((e) => ({ type: e.type, data: e.data as Record<string, unknown> }));
const summary = async (orderId: string) => (await server.shop.orders.getOrder(orderId))!;

describe("a UPI reference two orders claim", () => {
  it("records the refused report once, shows both claims side by side, and moves the reference to the order that paid", async () => {
    const squatter = await placeUpiOrder("Squatter");
    const payer = await placeUpiOrder("Real Payer");
    const reference = nextReference();
    await report(squatter.orderId, reference, "Squatter");

    // The payer is refused, as before; now the refusal is kept, on the payer's order and the reference's stream.
    expect(await keyOf(report(payer.orderId, reference, "Real Payer"))).toBe("payment.referenceTaken");
    expect(await keyOf(report(payer.orderId, reference, "Real Payer"))).toBe("payment.referenceTaken");
    const refused = (await stream(`order-${payer.orderId}`)).filter((e) => e.type === "PaymentReportRefused");
    expect(refused.map((e) => e.data)).toEqual([
      { orderId: payer.orderId, reference, heldBy: squatter.orderId, actor: { kind: "guest", name: "Real Payer" }, at: expect.any(String) },
    ]);
    expect((await stream(`upiref-${reference}`)).map((e) => e.type)).toEqual(["UpiReferenceClaimed", "UpiReferenceDisputed"]);
    expect(await summary(payer.orderId)).toMatchObject({ paymentStatus: "unpaid", paymentReference: null });

    // Both orders' pages point the owner to the claims; the page shows them side by side.
    for (const orderId of [squatter.orderId, payer.orderId]) {
      const html = await (await page(`/admin/orders/${orderId}`)).text();
      expect(html).toContain(`href="/admin/orders/${orderId}/reference"`);
      expect(html).toContain("UPI reference disputed: another order claims it.");
    }
    const trail = await (await page(`/admin/orders/${payer.orderId}`)).text();
    expect(trail).toContain(`UPI reference ${reference} is held by order ${squatter.displayId}`);
    let res = await page(`/admin/orders/${payer.orderId}/reference`);
    expect(res.status).toBe(200);
    let html = await res.text();
    expect(html).toContain(`Who paid with UPI reference ${reference}?`);
    for (const shown of [squatter.displayId, payer.displayId, "Squatter", "Real Payer", squatter.phone, payer.phone, "Holds the reference", "Refused for it"]) {
      expect(html).toContain(shown);
    }
    expect(html).toContain(`Move ${reference} to order ${payer.displayId}`);
    const hindi = await (await page(`/admin/orders/${squatter.orderId}/reference`, "hi")).text();
    expect(hindi).toContain(`UPI रेफ़रेंस ${reference} से पेमेंट किसने किया?`);

    // The owner moves it, with the page's plain form.
    res = await post(`/admin/orders/${payer.orderId}/reference`, { intent: "move", reference, from: squatter.orderId, to: payer.orderId });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe(`/admin/orders/${payer.orderId}/reference?moved=${payer.orderId}&reference=${reference}`);
    html = await (await page(res.headers.get("location")!)).text();
    expect(html).toContain(`UPI reference ${reference} is now on order ${payer.displayId}, reported: confirm it on its page.`);

    expect(await summary(squatter.orderId)).toMatchObject({ paymentStatus: "unpaid", paymentReference: null });
    expect(await summary(payer.orderId)).toMatchObject({ paymentStatus: "reported", paymentReference: reference });
    expect((await stream(`upiref-${reference}`)).at(-1)).toMatchObject({ type: "UpiReferenceMoved", data: { from: squatter.orderId, to: payer.orderId } });
    const moves = (await stream(`order-${squatter.orderId}`)).filter((e) => e.type === "PaymentReferenceMoved");
    expect(moves.map((e) => e.data)).toMatchObject([{ reference, from: squatter.orderId, to: payer.orderId, actor: { kind: "admin", id: admin.id } }]);

    // The squatter can never report it again, nor can anyone else while the payer holds it; the owner confirms the payer.
    expect(await keyOf(report(squatter.orderId, reference, "Squatter"))).toBe("payment.rejectedReference");
    const third = await placeUpiOrder("Third");
    expect(await keyOf(report(third.orderId, reference, "Third"))).toBe("payment.referenceTaken");
    expect((await post(`/admin/orders/${payer.orderId}`, { intent: "confirm" })).status).toBe(302);
    expect(await summary(payer.orderId)).toMatchObject({ paymentStatus: "paid", paymentReference: reference });
  });

  it("refuses a move the streams no longer allow, with the rule's words and no change", async () => {
    const squatter = await placeUpiOrder("Squatter Two");
    const payer = await placeUpiOrder("Payer Two");
    const reference = nextReference();
    await report(squatter.orderId, reference, "Squatter Two");
    expect(await keyOf(report(payer.orderId, reference, "Payer Two"))).toBe("payment.referenceTaken");
    // The owner confirms the squatter by mistake: a confirmed payment is refunded, never moved.
    expect((await post(`/admin/orders/${squatter.orderId}`, { intent: "confirm" })).status).toBe(302);
    const html = await (await page(`/admin/orders/${payer.orderId}/reference`)).text();
    expect(html).not.toContain(`Move ${reference}`);
    const res = await post(`/admin/orders/${payer.orderId}/reference`, { intent: "move", reference, from: squatter.orderId, to: payer.orderId });
    expect(res.status).toBe(409);
    expect(await res.text()).toContain(`UPI reference ${reference} is confirmed on this order: a confirmed payment is refunded, not moved.`);
    expect(await summary(squatter.orderId)).toMatchObject({ paymentStatus: "paid" });
    expect(await summary(payer.orderId)).toMatchObject({ paymentStatus: "unpaid" });
    expect((await stream(`upiref-${reference}`)).map((e) => e.type)).toEqual(["UpiReferenceClaimed", "UpiReferenceDisputed"]);
    // A hand-made post that is not the page's form is a 400.
    expect((await post(`/admin/orders/${payer.orderId}/reference`, { intent: "steal", reference })).status).toBe(400);
  });

  it("shows no dispute link on an order nobody disputes", async () => {
    const quiet = await placeUpiOrder("Quiet");
    await report(quiet.orderId, nextReference(), "Quiet");
    expect(await (await page(`/admin/orders/${quiet.orderId}`)).text()).not.toContain("/reference\"");
    expect(await (await page(`/admin/orders/${quiet.orderId}/reference`)).text()).toContain("No other order claims this order");
  });
});
