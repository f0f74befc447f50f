/**
 * The admin's order page view model (app/admin/order-page.server.ts) from a plain trail: the
 * events an order's commands decide, numbered as the event store numbers them. What the admin
 * reads is asserted: the order now and as it stood at an event, the trail's time-travel links,
 * the payment steps offered, notes newest first, returns with their refunds. The page itself is
 * checked through the server (tests/integration/admin-payments.test.ts, returns.test.ts) and in a
 * browser (tests/e2e/admin-orders.e2e.test.ts).
 */
import { describe, expect, it } from "vitest";
import { orderPageView } from "../../app/admin/order-page.server";
import type { NamedAdmin } from "../../app/admin/admins.server";
import { DEFAULT_CHARGE_RULES } from "../../domain/orders/charges";
import { decide, evolve, initialOrderState, type OrderCommand, type OrderState } from "../../domain/orders/order";
import type { TrailEntry } from "../../services/orders";

const orderId = "3f9a1c2e-0000-8000-8000-000000000000";
const admin = { kind: "admin" as const, id: "a1", name: "Admin" };
const parent = { kind: "guest" as const, name: "Ravi" };
const admins = new Map<string, NamedAdmin>([["a1", { name: "Asha Sharma", email: "asha@churu-uniforms.example" }]]);
const shirt = { productId: "school/dps/shirt", size: "30", school: "DPS" };

const place = (paymentMethod: "upi" | "cod"): OrderCommand => ({
  type: "PlaceOrder",
  orderId,
  lines: [{ ...shirt, name: "Shirt", unitPrice: 300, quantity: 2 }],
  customer: { kind: "guest", name: "Ravi", phone: "9876543210" },
  address: { name: "Ravi", phone: "9876543210", address: "12 Station Road", city: "Churu", pincode: "331001" },
  placedAt: "2026-11-20T06:00:00.000Z",
  language: "en",
  paymentMethod,
  charges: DEFAULT_CHARGE_RULES,
  actor: parent,
});

/** The trail of the commands, in order: each decided on the state the ones before left, one minute apart. */
function trailOf(...commands: ((at: string) => OrderCommand)[]): TrailEntry[] {
  const trail: TrailEntry[] = [];
  let state: OrderState = initialOrderState();
  for (const [i, command] of commands.entries()) {
    const at = new Date(Date.parse("2026-11-20T06:00:00.000Z") + i * 60_000);
    for (const event of decide(command(at.toISOString()), state)) {
      state = evolve(state, event);
      trail.push({ ...event, revision: trail.length, at, position: String(trail.length) } as TrailEntry);
    }
  }
  return trail;
}

const status = (to: string) => (at: string): OrderCommand => ({ type: "ChangeStatus", to, actor: admin, at });
const params = (query = "") => new URLSearchParams(query);

function view(trail: TrailEntry[], query = "") {
  const page = orderPageView(trail, admins, params(query), "en");
  if (!page.ok) throw new Error(`refused: ${page.refusal.message}`);
  return page.view;
}

describe("the order page", () => {
  it("says there is no such order for an empty trail, and keeps the dashboard view to go back to", () => {
    expect(orderPageView([], admins, params("back=%2Fadmin%3Fpage%3D2"), "en")).toEqual({
      ok: false,
      refusal: { message: "There is no order with this id.", back: "/admin?page=2" },
    });
  });

  it("says the order has no such event for a revision past its last, or one that is not a number", () => {
    const trail = trailOf(() => place("cod"));
    for (const at of ["at=99", "at=abc"]) {
      const page = orderPageView(trail, admins, params(at), "en");
      expect(page.ok).toBe(false);
      if (!page.ok) expect(page.refusal).toEqual({ message: "This order has no such event.", back: "/admin" });
    }
  });

  it("shows the order now, its lines and money, and the trail with a time-travel link on every event but the latest", () => {
    const trail = trailOf(() => place("cod"), status("processing"));
    const v = view(trail);
    expect(v).toMatchObject({ orderId, displayId: "3F9A1C2E", at: null, atWhen: null, back: "/admin", nowHref: `/admin/orders/${orderId}` });
    expect(v.order).toMatchObject({ status: "processing", deleted: false, customer: "Ravi (guest), 9876543210", total: "₹540" });
    expect(v.order.lines).toEqual([expect.objectContaining({ name: "Shirt", size: "30", school: "DPS", quantity: 2, unitPrice: "₹300", lineTotal: "₹600" })]);
    expect(v.order.payment).toMatchObject({ method: "cod", standing: "unpaid", subtotal: "₹600", discount: "₹60", freeDelivery: true, due: "₹540" });
    const latest = trail.length - 1;
    expect(v.events.map((e) => e.revision)).toEqual(trail.map((e) => e.revision));
    expect(v.events.map((e) => e.current)).toEqual(trail.map((e) => e.revision === latest));
    expect(v.events[0].href).toBe(`/admin/orders/${orderId}?at=0`);
    expect(v.events[latest].href).toBe(`/admin/orders/${orderId}`);
    expect(v.events[latest].whenIso).toBe("2026-11-20T06:01:00.000Z");
  });

  it("at an earlier event shows the order as it stood then, marks that event, and links back to now keeping the dashboard view", () => {
    const trail = trailOf(() => place("cod"), status("processing"), status("shipped"));
    const v = view(trail, "at=0&back=%2Fadmin%3Fstatus%3Dpending");
    expect(v.at).toBe(0);
    expect(v.atWhen).toEqual(expect.any(String));
    expect(v.order.status).toBe("pending");
    expect(v.events.find((e) => e.current)?.revision).toBe(0);
    expect(v.nowHref).toBe(`/admin/orders/${orderId}?back=%2Fadmin%3Fstatus%3Dpending`);
    expect(v.events[1].href).toBe(`/admin/orders/${orderId}?at=1&back=%2Fadmin%3Fstatus%3Dpending`);
    // The latest event is 'now': asked for by number, the page is not in the past.
    expect(view(trail, `at=${trail.length - 1}`).at).toBeNull();
  });

  it("offers confirm and reject for a reported UPI payment, and only a refund once it is paid", () => {
    const report = (at: string): OrderCommand => ({ type: "ReportPayment", reference: "412345678901", actor: parent, at });
    const confirm = (at: string): OrderCommand => ({ type: "ConfirmPayment", actor: admin, at });
    const reported = view(trailOf(() => place("upi"), report));
    expect(reported.order.payment.reported).toEqual({ reference: "412345678901", at: expect.any(String) });
    expect(reported.order.payment.steps).toEqual({ confirm: true, reject: true, cash: false, refund: false });
    const paid = view(trailOf(() => place("upi"), report, confirm));
    expect(paid.order.payment).toMatchObject({ standing: "paid", paid: "₹540", reference: "412345678901", refundable: 540_00, refundableText: "₹540" });
    expect(paid.order.payment.steps).toEqual({ confirm: false, reject: false, cash: false, refund: true });
    // Cash on delivery: 'Cash collected' until it is.
    expect(view(trailOf(() => place("cod"))).order.payment.steps).toEqual({ confirm: false, reject: false, cash: true, refund: false });
  });

  it("lists notes newest first with who wrote them, and a received refund return with the refund filled in for the Payment section", () => {
    const note = (text: string) => (at: string): OrderCommand => ({ type: "AddNote", text, actor: admin, at });
    const cash = (at: string): OrderCommand => ({ type: "CollectCash", actor: admin, at });
    const ask = (at: string): OrderCommand => ({
      type: "RequestReturn",
      returnId: "7d1e0f3a-0000-8000-8000-000000000000",
      lines: [{ ...shirt, quantity: 1 }],
      want: "refund",
      reason: "Too small",
      actor: parent,
      at,
    });
    const approve = (at: string): OrderCommand => ({ type: "ApproveReturn", returnId: "7d1e0f3a-0000-8000-8000-000000000000", actor: admin, at });
    const receive = (at: string): OrderCommand => ({ type: "ReceiveReturn", returnId: "7d1e0f3a-0000-8000-8000-000000000000", method: "drop-off", actor: admin, at });
    const trail = trailOf(() => place("cod"), note("Called the parent."), status("shipped"), status("delivered"), cash, note("Paid in cash."), ask, approve, receive);
    const delivered = trail.findIndex((e) => e.type === "OrderStatusChanged" && e.data.to === "delivered");
    const v = view(trail, "done=note");
    expect(v.done).toBe("note");
    expect(v.afterSale.notes.map((n) => n.text)).toEqual(["Paid in cash.", "Called the parent."]);
    expect(v.afterSale.notes[0].by).toContain("Admin");
    // The trail names an admin as the admins' list knows them today.
    expect(v.events.find((e) => e.revision === delivered)?.by).toContain("Asha Sharma");
    expect(v.afterSale.returns).toEqual([
      expect.objectContaining({ shortId: "7D1E0F3A", want: "refund", stage: "received", reason: "Too small", refund: 270_00, refundText: "₹270", refunded: null }),
    ]);
    expect(v.afterSale.returns[0].lines).toContain("Shirt");
    expect(v.afterSale).toMatchObject({ refundable: true, suggestedRefund: "270", suggestedRefundNote: "Return 7D1E0F3A" });
    // Before the goods came back there was nothing to refund yet, and no note of the shop's second.
    const then = view(trail, `at=${delivered}`);
    expect(then.afterSale.notes.map((n) => n.text)).toEqual(["Called the parent."]);
    expect(then.afterSale.suggestedRefund).toBeNull();
  });

  it("names a saved payment step only when it is one", () => {
    const trail = trailOf(() => place("cod"));
    expect(view(trail, "saved=cash").saved).toBe("cash");
    expect(view(trail, "saved=none").saved).toBe("none");
    expect(view(trail, "saved=drop-tables").saved).toBeNull();
    expect(view(trail, "done=nonsense").done).toBeNull();
  });
});
