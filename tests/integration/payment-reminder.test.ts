import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inject } from "vitest";
import { sql } from "kysely";
import { BullMQQueue } from "../../workers/bullmq-queue";
import { InProcessQueue } from "../../workers/in-process-queue";
import { startJobHandlers } from "../../workers/index";
import { startBackground } from "../../workers/background";
import { notificationJobId, notificationKey, PAYMENT_REMINDER_KIND } from "../../workers/reactor";
import { requeueStale, STALE_PENDING_MS } from "../../workers/notifications";
import { displayOrderId } from "../../domain/orders/order";
import type { PaymentMethod } from "../../domain/orders/events";
import type { Language } from "../../domain/i18n";
import type { JobQueue } from "../../services/queue";
import { openTestShop, type TestShop } from "../support/shop";
import { eventually, startFakeSms, type FakeSms } from "../support/fake-providers";
import { dropQueuePrefix, sendRecord, sleep, testQueuePrefix, waitForStatus } from "../support/notifications";
import { createTestAdmin } from "../support/admin";
import { HeldDelays } from "../support/held-delays";
import { loader as notificationsPage } from "../../app/routes/admin.notifications";

/**
 * The one reminder for a UPI order still unpaid some time after it was placed (decision 101):
 * planned by the notification reactor from PaymentRequested, sent by the notification worker
 * once due, and skipped if by then the order was paid, reported, cancelled or deleted.
 */

const { redisUrl } = inject("services");
const VPA = "churuuniform@sbi";
/** Short enough for a test, long enough that a payment made right after placing lands before it is due. */
const REMINDER_MS = 1_000;
const ADMIN = { kind: "admin" as const, name: "Asha" };

let nextPhone = 9_850_000_000;
const newPhone = () => String(nextPhone++);
let nextKey = 0;

interface Harness {
  shop: TestShop;
  sms: FakeSms;
  stopBackground: () => Promise<void>;
  restartBackground: () => Promise<void>;
  close: () => Promise<void>;
}

async function openHarness(queue: JobQueue, onClose: () => Promise<void> = async () => {}, reminderMs = REMINDER_MS): Promise<Harness> {
  const sms = await startFakeSms();
  const shop = await openTestShop({
    queue,
    env: {
      SMS_PROVIDER: "msg91",
      SMS_URL: `${sms.url}/api/v2/sendsms`,
      SMS_API_KEY: "test-auth-key",
      SMS_SENDER: "CHURUU",
      SMS_TIMEOUT_MS: "400",
      SHOP_UPI_ID: VPA,
    },
  });
  // PAYMENT_REMINDER_MINUTES counts whole minutes; the test shop waits a second.
  const reminding = { ...shop, config: { ...shop.config, paymentReminderMs: reminderMs } };
  startJobHandlers(shop, () => {});
  const harness: Harness = {
    shop,
    sms,
    stopBackground: await startBackground(reminding, () => {}),
    restartBackground: async () => {
      await harness.stopBackground();
      harness.stopBackground = await startBackground(reminding, () => {});
    },
    close: async () => {
      await harness.stopBackground();
      await shop.close();
      await sms.close();
      await onClose();
    },
  };
  return harness;
}

async function placeOrder(shop: TestShop, phone: string, paymentMethod: PaymentMethod, language: Language = "en") {
  const placed = await shop.orders.placeOrder({
    scope: "test",
    idempotencyKey: `reminder-test-${Date.now()}-${nextKey++}`,
    items: [{ productId: "school/dps/shirt", size: "30", quantity: 2 }],
    customer: { kind: "guest", name: "Sunita Saini", phone },
    address: { name: "Sunita Saini", phone, address: "12 Station Road", city: "Churu", pincode: "331001" },
    language,
    paymentMethod,
  });
  const stored = await shop.store.readStream(`order-${placed.orderId}`);
  const requested = stored.find((e) => e.type === "PaymentRequested");
  if (!requested) throw new Error("no PaymentRequested");
  return { ...placed, reminderKey: notificationKey(requested.id, "sms"), reminderJobId: notificationJobId(requested.id, "sms"), requestedAt: requested.createdAt };
}

async function reminderRows(shop: TestShop) {
  return shop.db.selectFrom("notification_sends").selectAll().where("kind", "=", PAYMENT_REMINDER_KIND).execute();
}

/** The harness `open` makes, opened before the describe block's tests and closed after them. */
function harnessFor(open: () => Promise<Harness>): { readonly h: Harness } {
  const held: { h?: Harness } = {};
  beforeAll(async () => {
    held.h = await open();
  });
  afterAll(async () => {
    await held.h?.close();
  });
  return {
    get h() {
      return held.h!;
    },
  };
}

function suite(name: string, open: () => Promise<Harness>) {
  describe(name, () => {
    const opened = harnessFor(open);
    let h: Harness;
    beforeAll(() => void (h = opened.h));

    it("sends an unpaid UPI order exactly one reminder once it is due, in the order's language", async () => {
      const phone = newPhone();
      const order = await placeOrder(h.shop, phone, "upi", "hi");
      const row = await waitForStatus(h.shop.db, order.reminderKey, ["sent"]);
      // Not before its time: the placed text goes at once, the reminder a delay later.
      expect(row.sent_at!.getTime() - order.requestedAt.getTime()).toBeGreaterThanOrEqual(REMINDER_MS - 50);
      await eventually("both texts", () => h.sms.to(phone).length >= 2);
      await sleep(REMINDER_MS);
      const texts = h.sms.to(phone).map((m) => m.text);
      expect(texts).toHaveLength(2);
      const number = displayOrderId(order.orderId);
      // Found by their words, not their place: on a busy machine the placed text's send can be retried after the
      // reminder has gone.
      const due = `ऑर्डर ${number} के ₹${order.total.toLocaleString("en-IN")} अभी बाकी हैं`;
      const reminders = texts.filter((text) => text.includes(due));
      const placed = texts.filter((text) => !text.includes(due));
      expect(reminders).toHaveLength(1);
      expect(placed).toHaveLength(1);
      expect(placed[0]).toContain(`UPI से ${VPA} पर भेजें`);
      expect(reminders[0]).toContain(VPA);
      expect(reminders[0]).toContain(`/orders/track?orderId=${number}`);
      expect(row).toMatchObject({ kind: PAYMENT_REMINDER_KIND, channel: "sms", recipient: phone, skip_reason: null });
    });

    it("skips the reminder of an order paid before it is due, and says why", async () => {
      const phone = newPhone();
      const order = await placeOrder(h.shop, phone, "upi");
      await h.shop.orders.pay(order.orderId, (at) => ({ type: "ConfirmPayment", note: "seen in the statement", actor: ADMIN, at }));
      const row = await waitForStatus(h.shop.db, order.reminderKey, ["skipped", "sent"]);
      expect(row).toMatchObject({ status: "skipped", skip_reason: "paid", sent_at: null });
      // The reminder is settled, so the order's own text is the only one there will be: wait for it, not a time.
      await eventually("the order's text", () => h.sms.to(phone).length > 0 || null);
      expect(h.sms.to(phone)).toHaveLength(1);
      expect(h.sms.to(phone)[0].text).toContain(`Pay by UPI to ${VPA}`);
    });

    it("skips it when the customer reported paying, or the order was cancelled or deleted", async () => {
      const reported = await placeOrder(h.shop, newPhone(), "upi");
      await h.shop.orders.pay(reported.orderId, (at) => ({
        type: "ReportPayment",
        reference: `4123 4567 ${String(8900 + nextKey).slice(-4)}`,
        actor: { kind: "guest" },
        at,
      }));
      const cancelled = await placeOrder(h.shop, newPhone(), "upi");
      await h.shop.orders.changeStatus(cancelled.orderId, "cancelled", ADMIN);
      const deleted = await placeOrder(h.shop, newPhone(), "upi");
      await h.shop.orders.deleteOrder(deleted.orderId, ADMIN);
      for (const [order, why] of [
        [reported, "reported"],
        [cancelled, "cancelled"],
        [deleted, "deleted"],
      ] as const) {
        const row = await waitForStatus(h.shop.db, order.reminderKey, ["skipped", "sent"]);
        expect(row, why).toMatchObject({ status: "skipped", skip_reason: why });
      }
      // The reported one got its placed text only; the cancelled one its placed and cancelled texts.
      await eventually("the reported order's text", () => h.sms.to(reported.customer.phone).length > 0 || null);
      expect(h.sms.to(reported.customer.phone)).toHaveLength(1);
      expect(h.sms.to(cancelled.customer.phone).map((m) => m.text).join("\n")).not.toContain("not paid yet");
    });

    it("plans no reminder for a cash-on-delivery order", async () => {
      const phone = newPhone();
      const order = await placeOrder(h.shop, phone, "cod");
      await eventually("the placed text", () => h.sms.to(phone).length >= 1);
      await eventually("the reactor to pass the order", async () => {
        const row = await h.shop.db.selectFrom("reactor_checkpoints").select("position").executeTakeFirst();
        return row?.position === (await h.shop.store.headPosition());
      });
      expect(await sendRecord(h.shop.db, order.reminderKey)).toBeUndefined();
      await sleep(REMINDER_MS + 300);
      expect(h.sms.to(phone)).toHaveLength(1);
      expect(h.sms.to(phone)[0].text).not.toContain("UPI");
    });

    it("sends nothing again when the reactor reads every event again from a lost checkpoint", async () => {
      const phone = newPhone();
      const order = await placeOrder(h.shop, phone, "upi");
      await waitForStatus(h.shop.db, order.reminderKey, ["sent"]);
      const count = () =>
        h.shop.db.selectFrom("notification_sends").select(sql<number>`count(*)::int`.as("n")).executeTakeFirstOrThrow();
      const recordsBefore = (await count()).n;
      const smsBefore = h.sms.requests.length;
      const remindersBefore = await reminderRows(h.shop);

      await h.stopBackground();
      await h.shop.db.updateTable("reactor_checkpoints").set({ position: null }).execute();
      h.stopBackground = await startBackground(
        { ...h.shop, config: { ...h.shop.config, paymentReminderMs: REMINDER_MS } },
        () => {},
      );
      await eventually("the reactor to catch up", async () => {
        const row = await h.shop.db.selectFrom("reactor_checkpoints").select("position").executeTakeFirst();
        return row?.position === (await h.shop.store.headPosition());
      });
      await sleep(REMINDER_MS + 500);
      expect(h.sms.requests.length).toBe(smsBefore);
      expect((await count()).n).toBe(recordsBefore);
      // Every reminder kept its outcome: sent stays sent, skipped stays skipped.
      const after = await reminderRows(h.shop);
      expect(after.map((r) => [r.key, r.status, r.skip_reason])).toEqual(remindersBefore.map((r) => [r.key, r.status, r.skip_reason]));
    });
  });
}

suite("the UPI payment reminder on the in-process queue", () => openHarness(new InProcessQueue(20)));

describe.skipIf(!redisUrl)("on BullMQ", () => {
  const prefix = testQueuePrefix("payment-reminder");
  suite("the UPI payment reminder as a BullMQ delayed job", async () =>
    openHarness(await BullMQQueue.connect(redisUrl!, { prefix, backoffMs: 50, lockDurationMs: 5000 }), () =>
      dropQueuePrefix(redisUrl!, prefix),
    ),
  );
});

describe("a reminder that waits", () => {
  let h: Harness;
  beforeAll(async () => {
    h = await openHarness(new InProcessQueue(20));
  });
  afterAll(async () => {
    await h?.close();
  });

  it("leaves a reminder alone until it is due, then queues one whose job was lost", async () => {
    const phone = newPhone();
    const order = await placeOrder(h.shop, phone, "upi");
    await waitForStatus(h.shop.db, order.reminderKey, ["sent"]);
    // A reminder whose job a restart lost: pending, due in an hour, untouched for long.
    const longAgo = new Date(Date.now() - 2 * STALE_PENDING_MS);
    const inAnHour = new Date(Date.now() + 3_600_000);
    await h.shop.db
      .updateTable("notification_sends")
      .set({ status: "pending", sent_at: null, updated_at: longAgo, due_at: inAnHour, job_id: `lost-${order.orderId}` })
      .where("key", "=", order.reminderKey)
      .execute();
    expect(await requeueStale(h.shop.db, h.shop.queue)).toBe(0);
    // Its hour gone by (and a sweep's while): queued at once and sent. The forged record goes out as a
    // second text here; a job really lost had sent nothing before.
    await h.shop.db.updateTable("notification_sends").set({ due_at: longAgo }).where("key", "=", order.reminderKey).execute();
    expect(await requeueStale(h.shop.db, h.shop.queue)).toBe(1);
    await waitForStatus(h.shop.db, order.reminderKey, ["sent"]);
    expect(h.sms.to(phone).filter((m) => m.text.includes("not paid yet"))).toHaveLength(2);
  });

  it("shows on the admin's notifications page: when a waiting one goes out, why a skipped one was not sent", async () => {
    const skipped = await placeOrder(h.shop, newPhone(), "upi");
    await h.shop.orders.pay(skipped.orderId, (at) => ({ type: "CollectCash", actor: ADMIN, at }));
    await waitForStatus(h.shop.db, skipped.reminderKey, ["skipped"]);
    // A shop that waits an hour, as a real one waits hours: its reminder is listed as waiting.
    await h.stopBackground();
    h.stopBackground = await startBackground({ ...h.shop, config: { ...h.shop.config, paymentReminderMs: 3_600_000 } }, () => {});
    const waiting = await placeOrder(h.shop, newPhone(), "upi");
    await eventually("the waiting reminder's record", () => sendRecord(h.shop.db, waiting.reminderKey));
    const admin = await createTestAdmin(h.shop, "http://localhost");
    const read = async (language: string) => {
      const request = new Request("http://localhost/admin/notifications", { headers: { Cookie: `${admin.cookie}; shop_lng=${language}` } });
      const page = await notificationsPage({ request, context: { shop: h.shop }, params: {} } as never);
      return (page as { recent: { key: string; what: string; statusLabel: string; statusNote: string | null }[] }).recent;
    };
    const english = await read("en");
    expect(english.find((r) => r.key === skipped.reminderKey)).toMatchObject({
      what: "payment reminder SMS",
      statusLabel: "Not needed",
      statusNote: "The order was paid by then.",
    });
    expect(english.find((r) => r.key === waiting.reminderKey)).toMatchObject({
      statusLabel: "Waiting",
      statusNote: expect.stringMatching(/^Goes out /),
    });
    const hindi = await read("hi");
    expect(hindi.find((r) => r.key === skipped.reminderKey)).toMatchObject({
      what: "पेमेंट याद दिलाने का एसएमएस",
      statusLabel: "ज़रूरत नहीं पड़ी",
      statusNote: "तब तक ऑर्डर का पेमेंट हो चुका था।",
    });
  });
});

/**
 * An order paid or cancelled while its reminder waits (decision 138): the reminder is dropped as
 * soon as the reactor reads the payment or the cancel, before it is due, on the real queues; the
 * delayed job, when due, finds nothing to send. A reported payment keeps its reminder waiting.
 *
 * The reminder's time comes when the test says (HeldDelays), not after a number of seconds: on a
 * busy machine the reactor once read the payment after a four-second reminder had come due, and the
 * worker, not the reactor, settled it.
 */
function dropSuite(name: string, open: () => Promise<Harness>) {
  describe(name, () => {
    const opened = harnessFor(open);
    let h: Harness;
    let delays: HeldDelays;
    beforeAll(() => {
      h = opened.h;
      delays = h.shop.queue as unknown as HeldDelays;
      expect(delays).toBeInstanceOf(HeldDelays);
    });

    it("drops the waiting reminder of an order paid or cancelled before it is due, and sends nothing when due", async () => {
      const reported = await placeOrder(h.shop, newPhone(), "upi");
      const paid = await placeOrder(h.shop, newPhone(), "upi");
      const cancelled = await placeOrder(h.shop, newPhone(), "upi");
      for (const order of [reported, paid, cancelled]) await eventually("the reminder's record", () => sendRecord(h.shop.db, order.reminderKey));
      // Reported first: once the reactor has dropped the cancelled order's reminder, it has read the report too.
      await h.shop.orders.pay(reported.orderId, (at) => ({
        type: "ReportPayment",
        reference: `5123 4567 ${String(7000 + nextKey).slice(-4)}`,
        actor: { kind: "guest" },
        at,
      }));
      await h.shop.orders.pay(paid.orderId, (at) => ({ type: "CollectCash", actor: ADMIN, at }));
      await h.shop.orders.changeStatus(cancelled.orderId, "cancelled", ADMIN);
      for (const [order, why] of [
        [paid, "paid"],
        [cancelled, "cancelled"],
      ] as const) {
        const row = await waitForStatus(h.shop.db, order.reminderKey, ["skipped", "sent"]);
        // Dropped, not claimed: no worker took it, and its time had not come.
        expect(row, why).toMatchObject({ status: "skipped", skip_reason: why, attempts: 0, sent_at: null });
        expect(row.updated_at.getTime(), why).toBeLessThan(row.due_at!.getTime());
      }
      // The reported one still waits: a rejected report makes the order unpaid again.
      expect(await sendRecord(h.shop.db, reported.reminderKey)).toMatchObject({ status: "pending" });

      // Their time comes: every delayed job runs. The reported one is skipped by the worker, the dropped ones stay as they were, nothing was texted.
      const released = await delays.releaseDelayed();
      const jobs = [reported, paid, cancelled].map((order) => order.reminderJobId);
      expect(released).toEqual(expect.arrayContaining(jobs));
      await eventually("the three reminder jobs to have run", async () => jobs.every((id) => delays.ran(id)) || null);
      expect(await sendRecord(h.shop.db, reported.reminderKey)).toMatchObject({ status: "skipped", skip_reason: "reported", attempts: 1 });
      for (const order of [paid, cancelled]) expect(await sendRecord(h.shop.db, order.reminderKey)).toMatchObject({ status: "skipped", attempts: 0 });
      for (const order of [paid, cancelled, reported]) expect(h.sms.to(order.customer.phone).map((m) => m.text).join("\n")).not.toContain("not paid yet");
    });
  });
}

/** Longer than any test: the reminders come due only when the test releases them. */
const WAITING_REMINDER_MS = 60 * 60_000;
dropSuite("a paid or cancelled order's reminder on the in-process queue", () =>
  openHarness(new HeldDelays(new InProcessQueue(20)), async () => {}, WAITING_REMINDER_MS),
);
describe.skipIf(!redisUrl)("on BullMQ, dropped", () => {
  const prefix = testQueuePrefix("payment-reminder-drop");
  dropSuite("a paid or cancelled order's reminder as a BullMQ delayed job", async () =>
    openHarness(
      new HeldDelays(await BullMQQueue.connect(redisUrl!, { prefix, backoffMs: 50, lockDurationMs: 5000 })),
      () => dropQueuePrefix(redisUrl!, prefix),
      WAITING_REMINDER_MS,
    ),
  );
});
