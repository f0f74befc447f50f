/**
 * The grievance desk end to end below the pages (decision 129): a guest proves the order by its number
 * and phone and gets a ticket, texted at once (once the number is proven by a sign-in code, decision 191) through the shop's real SMS path (the reactor, the job
 * handlers, the msg91 transport talking to a fake provider) under its registered template; the admin
 * acknowledges and resolves, each texted; the read model shows the deadlines, and `shop replay`/`shop
 * verify` rebuild the same rows from the events.
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { InProcessQueue } from "../../workers/in-process-queue";
import { startJobHandlers } from "../../workers/index";
import { startBackground } from "../../workers/background";
import { displayOrderId } from "../../domain/orders/order";
import { grievanceEvents, grievanceStreamId } from "../../domain/grievance/ticket";
import { isRuleViolation } from "../../domain/errors";
import { grievancesProjector } from "../../projectors/grievances";
import { replay, verify } from "../../projectors/replay";
import { openTestShop, type TestShop } from "../support/shop";
import { eventually, startFakeSms, type FakeSms } from "../support/fake-providers";
import { TEST_DLT_ENV, testTemplateId } from "../support/sms-inbox";
import { placeOrder } from "../support/notifications";

let shop: TestShop;
let sms: FakeSms;
let stopBackground: () => Promise<void>;
let nextPhone = 9_640_000_000;
const newPhone = () => String(nextPhone++);
const admin = { kind: "admin" as const, id: "admin-1", name: "Asha" };

beforeAll(async () => {
  sms = await startFakeSms();
  shop = await openTestShop({
    queue: new InProcessQueue(20),
    env: { SMS_PROVIDER: "msg91", SMS_URL: sms.url, SMS_API_KEY: "test-auth-key", SHOP_URL: "https://shop.example.in", ...TEST_DLT_ENV },
  });
  startJobHandlers(shop, () => {});
  stopBackground = await startBackground(shop, () => {});
});

afterAll(async () => {
  await stopBackground?.();
  await shop?.close();
  await sms?.close();
});

/** A guest's order the tracking lookup can find: placed and projected. */
async function guestOrder(phone: string): Promise<string> {
  const { orderId } = await placeOrder(shop.store, { phone, orderId: randomUUID() });
  const [last] = await shop.store.readStream(`order-${orderId}`, { direction: "backwards", maxCount: 1 });
  expect(await shop.waitForReadModels(last.position, 20_000)).toBe(true);
  return orderId;
}

const textsTo = (phone: string, count: number) =>
  eventually(`${count} text(s) to ${phone}`, () => {
    const texts = sms.to(phone);
    return texts.length >= count ? texts : null;
  });

/** The guest signs in with the code texted to the order's number: the number is proven and the order joins the account. */
async function proveNumber(phone: string, textsBefore: number): Promise<void> {
  await shop.auth.sendCode({ phone });
  const texts = await textsTo(phone, textsBefore + 1);
  const code = /\b(\d{6})\b/.exec(texts[textsBefore].text)?.[1];
  if (!code) throw new Error(`no code in ${texts[textsBefore].text}`);
  await shop.accounts.signInByCode({ phone, code });
}

async function refusalOf(promise: Promise<unknown>): Promise<{ key: string; status: number }> {
  try {
    await promise;
  } catch (err) {
    if (isRuleViolation(err)) return { key: err.key, status: err.status };
    throw err;
  }
  throw new Error("expected a refusal");
}

describe("the grievance desk", () => {
  it("gives a guest who proved the number a ticket for their order at once, texted, and texts the acknowledgement and the resolution", async () => {
    const phone = newPhone();
    const orderId = await guestOrder(phone);
    // Placing the order texted it already, and the sign-in code: the complaint's texts come after.
    await textsTo(phone, 1);
    await proveNumber(phone, 1);
    const filed = await shop.grievances.file({
      key: randomUUID(),
      name: "Ravi Sharma",
      phone,
      orderNumber: displayOrderId(orderId),
      topic: "delivery",
      text: "The parcel never came.",
      language: "en",
    });
    if (!filed.ok) throw new Error("throttled");
    expect(filed.number).toMatch(/^G-[0-9A-F]{8}$/);

    const [, , filedText] = await textsTo(phone, 3);
    expect(filedText.text).toContain(`ticket ${filed.number}`);
    expect(filedText.text).toContain(`https://shop.example.in/grievance/${filed.ticketId}`);
    expect(filedText.templateId).toBe(testTemplateId("grievanceFiled.en"));

    await shop.grievances.acknowledge(filed.ticketId, "We are asking the courier.", admin);
    const resolved = await shop.grievances.resolve(filed.ticketId, "Delivered again on 28 Nov; sorry for the wait.", admin);
    // The two texts go out through the queue independently, so either may arrive first.
    const later = (await textsTo(phone, 5)).slice(3);
    const acknowledgedText = later.find((t) => t.templateId === testTemplateId("grievanceAcknowledged.en"));
    const resolvedText = later.find((t) => t.templateId === testTemplateId("grievanceResolved.en"));
    expect(acknowledgedText).toBeDefined();
    expect(resolvedText?.text).toContain("Delivered again on 28 Nov; sorry for the wait.");

    // The events say who did what; the stream holds three.
    const events = grievanceEvents.readAll(await shop.store.readStream(grievanceStreamId(filed.ticketId)));
    expect(events.map((e) => [e.type, e.data.actor.kind])).toEqual([
      ["GrievanceFiled", "guest"],
      ["GrievanceAcknowledged", "admin"],
      ["GrievanceResolved", "admin"],
    ]);
    const ticket = await shop.grievances.ticket(filed.ticketId);
    expect(ticket?.filed?.orderId).toBe(orderId);

    expect(await shop.waitForReadModels(resolved.position!, 20_000)).toBe(true);
    const row = await shop.db.selectFrom("grievance_tickets").selectAll().where("ticket_id", "=", filed.ticketId).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ number: filed.number, stage: "resolved", order_id: orderId, acknowledged_by: "Asha", resolution_note: "Delivered again on 28 Nov; sorry for the wait." });
    expect(row.acknowledge_by.getTime() - row.filed_at.getTime()).toBe(48 * 60 * 60 * 1000);
  });

  it("texts no number the shop has not proven: a guest's typed one, an email account's; the ticket still stands (decision 191)", async () => {
    const guestPhone = newPhone();
    const orderId = await guestOrder(guestPhone);
    await textsTo(guestPhone, 1);
    const typed = await shop.grievances.file({
      key: randomUUID(), name: "Someone", phone: guestPhone, orderNumber: displayOrderId(orderId), topic: "delivery", text: "Where is it?", language: "en",
    });
    if (!typed.ok) throw new Error("throttled");
    expect(typed.texted).toBe(false);
    const stranger = newPhone();
    const emailAccount = await shop.grievances.file({ key: randomUUID(), userId: randomUUID(), name: "Mallory", phone: stranger, topic: "other", text: "Hello", language: "en" });
    if (!emailAccount.ok) throw new Error("throttled");
    expect(emailAccount.texted).toBe(false);
    // A proven complaint filed after them is texted: by then the reactor has passed both, which texted nobody.
    const proven = newPhone();
    const provenOrder = await guestOrder(proven);
    await textsTo(proven, 1);
    await proveNumber(proven, 1);
    const later = await shop.grievances.file({
      key: randomUUID(), name: "Ravi", phone: proven, orderNumber: displayOrderId(provenOrder), topic: "delivery", text: "Late.", language: "en",
    });
    if (!later.ok) throw new Error("throttled");
    await textsTo(proven, 3);
    expect(sms.to(guestPhone)).toHaveLength(1);
    expect(sms.to(stranger)).toHaveLength(0);
    const rows = await shop.db.selectFrom("notification_sends").select("stream_id").where("stream_id", "in", [grievanceStreamId(typed.ticketId), grievanceStreamId(emailAccount.ticketId)]).execute();
    expect(rows).toEqual([]);
  });

  it("files once for a form sent twice, and refuses a guest whose phone is not the order's", async () => {
    const phone = newPhone();
    const orderId = await guestOrder(phone);
    const input = { key: randomUUID(), name: "Meena", phone, orderNumber: displayOrderId(orderId), topic: "product", text: "Wrong size sent.", language: "hi" as const };
    const first = await shop.grievances.file(input);
    const again = await shop.grievances.file(input);
    expect(again).toEqual(first);
    if (!first.ok) throw new Error("throttled");
    expect(await shop.store.readStream(grievanceStreamId(first.ticketId))).toHaveLength(1);

    expect(await refusalOf(shop.grievances.file({ ...input, key: randomUUID(), phone: newPhone() }))).toEqual({ key: "grievance.orderNotFound", status: 404 });
    expect(await refusalOf(shop.grievances.file({ ...input, key: randomUUID(), orderNumber: "" }))).toEqual({ key: "grievance.orderNeeded", status: 422 });
    expect(await refusalOf(shop.grievances.resolve(randomUUID(), "done", admin))).toEqual({ key: "grievance.noSuchTicket", status: 404 });
  });

  it("lists open tickets oldest first on the desk, and replay and verify rebuild the same rows", async () => {
    const phone = newPhone();
    const filed = await shop.grievances.file({ key: randomUUID(), userId: "parent-1", name: "Sunita", phone, topic: "payment", text: "Paid twice by UPI.", language: "en" });
    if (!filed.ok) throw new Error("throttled");
    const [event] = await shop.store.readStream(grievanceStreamId(filed.ticketId));
    expect(await shop.waitForReadModels(event.position, 20_000)).toBe(true);
    const { open } = await shop.grievances.desk();
    expect(open.map((r) => r.name)).toContain("Sunita");
    expect(open.every((r, i) => i === 0 || open[i - 1].filed_at <= r.filed_at)).toBe(true);

    const before = await shop.db.selectFrom("grievance_tickets").selectAll().orderBy("ticket_id").execute();
    await replay(shop.db, shop.store, [grievancesProjector]);
    expect(await shop.db.selectFrom("grievance_tickets").selectAll().orderBy("ticket_id").execute()).toEqual(before);
    expect(await verify(shop.db, shop.store, [grievancesProjector])).toEqual([]);
  });
});
