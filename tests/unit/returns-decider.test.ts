/**
 * Notes, delivery details, returns and exchanges (decision 103) as the order decider rules them:
 * every refusal with its status and words (and their Hindi), the 7-day window to the millisecond,
 * repeats that decide nothing, the refund a return suggests, and the lines after an exchange.
 */
import { describe, expect, it } from "vitest";
import { spec } from "../support/decider-spec";
import { ENGLISH, englishOf } from "../support/refusal";
import { orderDecider, type OrderCommand } from "../../domain/orders/order";
import { orderEvents, type ExchangeLine, type OrderEvent, type ReturnLine } from "../../domain/orders/events";
import { DEFAULT_CHARGE_RULES } from "../../domain/orders/charges";
import { RETURN_WINDOW_MS } from "../../domain/orders/terms";
import { heldLines, lineKey, linesAfterExchange, notMade, refundFor, shortReturnId } from "../../domain/orders/returns";
import { RETURN_FORM_MESSAGES, orderPageForm, returnRequestForm } from "../../domain/forms/admin-returns";
import { stockEvents, type StockEvent } from "../../domain/stock/events";
import { OPENING_REASON, decide as decideStock, evolve as evolveStock, initialStockState, type StockCommand } from "../../domain/stock/stock";
import { hasRefusal, refusalIn } from "../../app/i18n/i18n.server";
import { refusalText, wordsRefusal } from "../../app/i18n/refusals.server";
import { refusal as refusalOf } from "../../domain/errors";

/** The rules' refusals in English, as the locale words them (app/locales/en/refusals.json "returns"). */
const RETURN_MESSAGES = ENGLISH.returns;
const tooManyMessage = (count: number, name: string, size: string) => `You can return at most ${count} of ${name} (${size}).`;

const placedAt = "2026-11-20T06:00:00.000Z";
const deliveredAt = "2026-11-22T10:00:00.000Z";
const admin = { kind: "admin" as const, id: "a1", name: "Asha" };
const parent = { kind: "guest" as const, name: "Ravi" };
const orderId = "3f9a1c2e-0000-8000-8000-000000000000";
const shirt = { productId: "school/dps/shirt", size: "30", school: "DPS" };
const bottle = { productId: "product/12", size: "Free Size", school: "" };

const place: OrderCommand = {
  type: "PlaceOrder",
  orderId,
  lines: [
    { ...shirt, name: "Shirt", unitPrice: 310, quantity: 3 },
    { ...bottle, name: "Steel Bottle", unitPrice: 199, quantity: 1 },
  ],
  customer: { kind: "guest", name: "Ravi", phone: "9876543210" },
  address: { name: "Ravi", phone: "9876543210", address: "12 Station Road", city: "Churu", pincode: "331001" },
  placedAt,
  language: "en",
  paymentMethod: "upi",
  charges: DEFAULT_CHARGE_RULES,
  actor: parent,
};

const orders = spec(orderDecider);
/** The events a stream holds after `command` is decided on `history`: a test's history is what the rules decided. */
const apply = (history: OrderEvent[], command: OrderCommand): OrderEvent[] => [...history, ...orders.given(history).when(command).events()];
const run = (...commands: OrderCommand[]) => commands.reduce(apply, []);
const status = (to: string, at = deliveredAt): OrderCommand => ({ type: "ChangeStatus", to, actor: admin, at });
const delivered = () => run(place, status("shipped", "2026-11-21T10:00:00.000Z"), status("delivered"));
const afterSale = (history: OrderEvent[]) => {
  const state = orders.given(history).state();
  if (!state.exists) throw new Error("no order");
  return state.afterSale;
};

const later = (ms: number) => new Date(Date.parse(deliveredAt) + ms).toISOString();
const ask = (patch: Partial<Extract<OrderCommand, { type: "RequestReturn" }>> = {}): OrderCommand => ({
  type: "RequestReturn",
  returnId: "r1",
  lines: [{ ...shirt, quantity: 1 }],
  want: "refund",
  reason: "Too small",
  actor: parent,
  at: later(60_000),
  ...patch,
});
const step = (type: "ApproveReturn" | "RefuseReturn", returnId = "r1", note?: string): OrderCommand =>
  type === "ApproveReturn" ? { type, returnId, ...(note ? { note } : {}), actor: admin, at: later(120_000) } : { type, returnId, note: note ?? "", actor: admin, at: later(120_000) };
const receive = (returnId = "r1", method = "drop-off"): OrderCommand => ({ type: "ReceiveReturn", returnId, method, actor: admin, at: later(180_000) });
const exchange = (returnId = "r1", targets?: Record<string, { productId: string; size: string }>): OrderCommand => ({
  type: "MakeExchange",
  returnId,
  ...(targets ? { targets } : {}),
  actor: admin,
  at: later(240_000),
});

describe("notes", () => {
  it("records the admin's note, trimmed; refuses an empty or too long one", () => {
    const [note] = orders.given(run(place)).when({ type: "AddNote", text: "  Call after 6 pm  ", actor: admin, at: placedAt }).events();
    expect(note).toEqual({ type: "OrderNoteAdded", data: { orderId, text: "Call after 6 pm", actor: admin, at: placedAt } });
    orders.given(run(place)).when({ type: "AddNote", text: "   ", actor: admin, at: placedAt }).thenRefuses("returns.noteEmpty", undefined, 422);
    orders.given(run(place)).when({ type: "AddNote", text: "x".repeat(1001), actor: admin, at: placedAt }).thenRefuses("returns.noteTooLong", undefined, 422);
    expect(orders.given(run(place)).when({ type: "AddNote", text: "x".repeat(1000), actor: admin, at: placedAt }).events()).toHaveLength(1);
  });
});

describe("delivery details", () => {
  const record = (patch: Partial<Extract<OrderCommand, { type: "RecordDelivery" }>>): OrderCommand => ({
    type: "RecordDelivery",
    method: "courier",
    courier: "DTDC",
    trackingNumber: "D1234567",
    actor: admin,
    at: placedAt,
    ...patch,
  });

  it("records a courier with its tracking number; by hand drops whatever courier the form still held", () => {
    const [courier] = orders.given(run(place)).when(record({ note: " Fragile " })).events();
    expect(courier.data).toEqual({ orderId, method: "courier", courier: "DTDC", trackingNumber: "D1234567", note: "Fragile", actor: admin, at: placedAt });
    const [hand] = orders.given(run(place)).when(record({ method: "hand" })).events();
    expect(hand.data).toEqual({ orderId, method: "hand", actor: admin, at: placedAt });
  });

  it("the same details again decide nothing; changed ones replace them", () => {
    const once = apply(run(place), record({}));
    orders.given(once).when(record({ courier: " DTDC ", at: later(1) })).thenNothing();
    expect(orders.given(once).when(record({ trackingNumber: "D7654321" })).events()).toHaveLength(1);
    expect(afterSale(apply(once, record({ method: "hand" }))).delivery).toMatchObject({ method: "hand" });
  });

  it("refuses an unknown method, a courier without name or number, long fields, a cancelled or deleted order", () => {
    const order = run(place);
    orders.given(order).when(record({ method: "post" })).thenRefuses("returns.deliveryMethod", undefined, 422);
    orders.given(order).when(record({ trackingNumber: " " })).thenRefuses("returns.courierNeeded", undefined, 422);
    orders.given(order).when(record({ courier: "" })).thenRefuses("returns.courierNeeded", undefined, 422);
    orders.given(order).when(record({ courier: "x".repeat(81) })).thenRefuses("returns.courierTooLong", undefined, 422);
    orders.given(order).when(record({ trackingNumber: "x".repeat(41) })).thenRefuses("returns.trackingTooLong", undefined, 422);
    orders.given(order).when(record({ note: "x".repeat(501) })).thenRefuses("returns.deliveryNoteTooLong", undefined, 422);
    orders.given(apply(order, status("cancelled"))).when(record({})).thenRefuses("returns.cancelled", undefined, 409);
    orders.given(apply(order, { type: "DeleteOrder", actor: admin, at: placedAt })).when(record({})).thenRefuses("returns.deleted", undefined, 409);
  });
});

describe("asking for a return", () => {
  it("records the lines, the wish and the reason, with the shopper", () => {
    const [asked] = orders.given(delivered()).when(ask({ want: "exchange", exchangeSize: " 32 ", reason: " Too small " })).events();
    expect(asked).toEqual({
      type: "ReturnRequested",
      data: { orderId, returnId: "r1", lines: [{ ...shirt, quantity: 1, exchangeSize: "32" }], want: "exchange", reason: "Too small", actor: parent, at: later(60_000) },
    });
  });

  it("opens at delivery and closes 7 days after it, to the millisecond", () => {
    orders.given(run(place, status("shipped"))).when(ask()).thenRefuses("returns.notDelivered", undefined, 409);
    expect(orders.given(delivered()).when(ask({ at: later(RETURN_WINDOW_MS) })).events()).toHaveLength(1);
    orders.given(delivered()).when(ask({ at: later(RETURN_WINDOW_MS + 1) })).thenRefuses("returns.tooLate", undefined, 409);
  });

  it("counts the window from the latest delivery: taken back to shipped and delivered again, it starts anew", () => {
    const again = run(place, status("shipped"), status("delivered"), status("shipped", later(1000)), status("delivered", later(RETURN_WINDOW_MS)));
    expect(orders.given(again).when(ask({ at: later(RETURN_WINDOW_MS + 60_000) })).events()).toHaveLength(1);
    // Marked delivered by mistake and set back to "shipped": not delivered now, whatever the last delivery was.
    orders.given(apply(delivered(), status("shipped", later(1)))).when(ask()).thenRefuses("returns.notDelivered", undefined, 409);
  });

  it("refuses a deleted order, units another open request asks back, no lines, unknown lines and bad quantities", () => {
    const order = delivered();
    orders.given(apply(order, { type: "DeleteOrder", actor: admin, at: later(1) })).when(ask()).thenRefuses("returns.deleted", undefined, 409);
    // The first request asks one of the three shirts back: a second may ask the other two, not three (decision 243).
    expect(orders.given(apply(order, ask())).when(ask({ returnId: "r2", lines: [{ ...shirt, quantity: 2 }] })).events()).toHaveLength(1);
    expect(englishOf(orders.given(apply(order, ask())).when(ask({ returnId: "r2", lines: [{ ...shirt, quantity: 3 }] })).thenRefuses("returns.tooMany", undefined, 422))).toBe(
      tooManyMessage(2, "Shirt", "30"),
    );
    // Every unit asked back by requests still open: nothing is left to ask for.
    const allAsked = apply(apply(order, ask()), ask({ returnId: "r2", lines: [{ ...shirt, quantity: 2 }, { ...bottle, quantity: 1 }] }));
    orders.given(allAsked).when(ask({ returnId: "r3" })).thenRefuses("returns.nothingLeft", undefined, 409);
    orders.given(order).when(ask({ lines: [] })).thenRefuses("returns.noLines", undefined, 422);
    orders.given(order).when(ask({ lines: [{ ...shirt, quantity: 0 }] })).thenRefuses("returns.noLines", undefined, 422);
    orders.given(order).when(ask({ lines: [{ ...shirt, size: "32", quantity: 1 }] })).thenRefuses("returns.notInOrder", undefined, 422);
    orders.given(order).when(ask({ lines: [{ ...shirt, quantity: 1.5 }] })).thenRefuses("returns.quantity", undefined, 422);
    orders.given(order).when(ask({ lines: [{ ...shirt, quantity: -1 }] })).thenRefuses("returns.quantity", undefined, 422);
  });

  it("never more than the order holds, the same line named twice counted together", () => {
    const order = delivered();
    expect(englishOf(orders.given(order).when(ask({ lines: [{ ...shirt, quantity: 4 }] })).thenRefuses("returns.tooMany", undefined, 422))).toBe(tooManyMessage(3, "Shirt", "30"));
    expect(englishOf(orders.given(order).when(ask({ lines: [{ ...shirt, quantity: 2 }, { ...shirt, quantity: 2 }] })).thenRefuses("returns.tooMany", undefined, 422))).toBe(tooManyMessage(3, "Shirt", "30"));
    const [both] = orders.given(order).when(ask({ lines: [{ ...shirt, quantity: 1 }, { ...shirt, quantity: 2 }] })).events();
    expect((both.data as { lines: ReturnLine[] }).lines).toEqual([{ ...shirt, quantity: 3 }]);
  });

  it("refuses a wish that is neither, an exchange without a size or for the size they have, and a missing or long reason", () => {
    const order = delivered();
    orders.given(order).when(ask({ want: "credit" })).thenRefuses("returns.want", undefined, 422);
    orders.given(order).when(ask({ want: "exchange" })).thenRefuses("returns.exchangeSize", undefined, 422);
    orders.given(order).when(ask({ want: "exchange", exchangeSize: "x".repeat(21) })).thenRefuses("returns.exchangeSize", undefined, 422);
    orders.given(order).when(ask({ want: "exchange", exchangeSize: "30" })).thenRefuses("returns.sameSize", undefined, 422);
    // Two lines, one already in the size wanted: that one has nothing to exchange.
    orders
      .given(order)
      .when(ask({ want: "exchange", exchangeSize: "free size", lines: [{ ...shirt, quantity: 1 }, { ...bottle, quantity: 1 }] }))
      .thenRefuses("returns.sameSize", undefined, 422);
    orders.given(order).when(ask({ reason: "  " })).thenRefuses("returns.reasonEmpty", undefined, 422);
    orders.given(order).when(ask({ reason: "x".repeat(501) })).thenRefuses("returns.reasonTooLong", undefined, 422);
  });

  it("after a refusal the same units may be asked for again; a return waiting for its refund leaves the rest to ask for", () => {
    const refused = run(place, status("shipped"), status("delivered"), ask({ lines: [{ ...shirt, quantity: 3 }] }), step("RefuseReturn", "r1", "Worn"));
    expect(orders.given(refused).when(ask({ returnId: "r2", lines: [{ ...shirt, quantity: 3 }] })).events()).toHaveLength(1);
    // Received and waiting for its refund: still under way, and the third shirt may be asked for beside it, not a fourth.
    const finished = run(place, status("shipped"), status("delivered"), ask({ lines: [{ ...shirt, quantity: 2 }] }), step("ApproveReturn"), receive());
    expect(afterSale(finished).returns[0].stage).toBe("received");
    expect(orders.given(finished).when(ask({ returnId: "r2" })).events()).toHaveLength(1);
    orders.given(finished).when(ask({ returnId: "r2", lines: [{ ...shirt, quantity: 2 }] })).thenRefuses("returns.tooMany", undefined, 422);
  });
});

describe("the shop answers a return", () => {
  const asked = () => apply(delivered(), ask());

  it("approves with an optional note, or refuses with a note the parent reads; once", () => {
    const approved = apply(asked(), step("ApproveReturn", "r1", "Bring the tags"));
    expect(afterSale(approved).returns[0]).toMatchObject({ stage: "approved", note: "Bring the tags" });
    orders.given(approved).when(step("ApproveReturn")).thenNothing();
    orders.given(approved).when(step("RefuseReturn", "r1", "Worn")).thenRefuses("returns.notRequested", undefined, 409);

    orders.given(asked()).when(step("RefuseReturn", "r1", "  ")).thenRefuses("returns.refuseNote", undefined, 422);
    orders.given(asked()).when(step("ApproveReturn", "r1", "x".repeat(501))).thenRefuses("returns.returnNoteTooLong", undefined, 422);
    const refused = apply(asked(), step("RefuseReturn", "r1", "Washed"));
    expect(afterSale(refused).returns[0]).toMatchObject({ stage: "refused", note: "Washed" });
    orders.given(refused).when(step("RefuseReturn", "r1", "Washed")).thenNothing();
    orders.given(refused).when(step("ApproveReturn")).thenRefuses("returns.notRequested", undefined, 409);
    orders.given(asked()).when(step("ApproveReturn", "nope")).thenRefuses("returns.noSuchReturn", undefined, 404);
  });

  it("receives only an approved return, by pickup or drop-off, once", () => {
    orders.given(asked()).when(receive()).thenRefuses("returns.notApproved", undefined, 409);
    const approved = apply(asked(), step("ApproveReturn"));
    orders.given(approved).when(receive("r1", "post")).thenRefuses("returns.receiptMethod", undefined, 422);
    const [received] = orders.given(approved).when(receive("r1", "pickup")).events();
    expect(received).toEqual({ type: "ReturnReceived", data: { orderId, returnId: "r1", method: "pickup", actor: admin, at: later(180_000) } });
    const back = apply(approved, receive());
    // The form sent again (a double click, a refresh): nothing more happens, so no shelf gets the goods twice.
    orders.given(back).when(receive()).thenNothing();
    orders.given(back).when(receive("r1", "pickup")).thenNothing();
  });

  it("refuses every step on a deleted order", () => {
    const deleted = apply(asked(), { type: "DeleteOrder", actor: admin, at: later(1) });
    for (const command of [step("ApproveReturn"), step("RefuseReturn", "r1", "x"), receive(), exchange()]) {
      orders.given(deleted).when(command).thenRefuses("returns.deleted", undefined, 409);
    }
  });
});

describe("exchanges", () => {
  const exchangeAsked = (size = "32") => apply(delivered(), ask({ want: "exchange", exchangeSize: size, lines: [{ ...shirt, quantity: 2 }] }));
  const received = () => [step("ApproveReturn"), receive()].reduce(apply, exchangeAsked());

  it("goes out only once the goods are back, and only for an exchange", () => {
    orders.given(apply(exchangeAsked(), step("ApproveReturn"))).when(exchange()).thenRefuses("returns.notReceived", undefined, 409);
    const refund = [ask(), step("ApproveReturn"), receive()].reduce(apply, delivered());
    orders.given(refund).when(exchange()).thenRefuses("returns.notAnExchange", undefined, 409);
  });

  it("adds the new size as a line at no charge; the paid line stays; once", () => {
    const [made] = orders.given(received()).when(exchange("r1", { [lineKey(shirt)]: { productId: shirt.productId, size: "32" } })).events();
    expect(made).toEqual({
      type: "ExchangeMade",
      data: { orderId, returnId: "r1", lines: [{ productId: shirt.productId, fromSize: "30", toSize: "32", school: "DPS", quantity: 2 }], actor: admin, at: later(240_000) },
    });
    const after = apply(received(), exchange());
    expect(afterSale(after).lines).toEqual([
      { ...shirt, name: "Shirt", unitPrice: 310, quantity: 3 },
      { ...bottle, name: "Steel Bottle", unitPrice: 199, quantity: 1 },
      { ...shirt, size: "32", name: "Shirt", unitPrice: 0, quantity: 2 },
    ]);
    expect(afterSale(after).returns[0].stage).toBe("exchanged");
    orders.given(after).when(exchange()).thenNothing();
    // The order's money does not move: the new size is free.
    const state = orders.given(after).state();
    if (state.exists) expect(state.payment.due).toBe(state.placed.total);
  });

  it("names another product when the wanted size is one (the shop's one-size products), with the size as the catalogue writes it", () => {
    const asked = apply(delivered(), ask({ want: "exchange", exchangeSize: "l", lines: [{ ...bottle, quantity: 1 }] }));
    const back = [step("ApproveReturn"), receive()].reduce(apply, asked);
    const [made] = orders.given(back).when(exchange("r1", { [lineKey(bottle)]: { productId: "product/13", size: "L" } })).events();
    expect((made.data as { lines: unknown[] }).lines).toEqual([{ productId: "product/12", fromSize: "Free Size", toSize: "L", school: "", quantity: 1, toProductId: "product/13" }]);
    expect(linesAfterExchange(afterSale(back).lines, (made.data as { lines: ExchangeLine[] }).lines).at(-1)).toEqual({
      productId: "product/13",
      size: "L",
      school: "",
      name: "Steel Bottle",
      unitPrice: 0,
      quantity: 1,
    });
  });

  it("gives each line the size asked for it: a shirt for 32 and a bottle for L in one request (issue 48)", () => {
    const lines = [
      { ...shirt, quantity: 1, exchangeSize: "32" },
      { ...bottle, quantity: 1, exchangeSize: "L" },
    ];
    const [asked] = orders.given(delivered()).when(ask({ want: "exchange", lines })).events();
    expect((asked.data as { lines: unknown[] }).lines).toEqual(lines);
    const back = [step("ApproveReturn"), receive()].reduce(apply, apply(delivered(), ask({ want: "exchange", lines })));
    const [made] = orders.given(back).when(exchange("r1", { [lineKey(bottle)]: { productId: "product/13", size: "L" } })).events();
    expect((made.data as { lines: ExchangeLine[] }).lines.map((l) => [l.fromSize, l.toSize])).toEqual([
      ["30", "32"],
      ["Free Size", "L"],
    ]);
    // A line with no size of its own takes the one size for all; a line left with none, or asked in its own size, is refused by name.
    const mixed = [{ ...shirt, quantity: 1 }, { ...bottle, quantity: 1, exchangeSize: "L" }];
    expect((orders.given(delivered()).when(ask({ want: "exchange", exchangeSize: "34", lines: mixed })).events()[0].data as { lines: unknown[] }).lines).toEqual([
      { ...shirt, quantity: 1, exchangeSize: "34" },
      { ...bottle, quantity: 1, exchangeSize: "L" },
    ]);
    expect(englishOf(orders.given(delivered()).when(ask({ want: "exchange", lines: mixed })).thenRefuses("returns.exchangeSize", { name: "Shirt" }, 422))).toBe(
      "Choose the size of Shirt you want instead.",
    );
    orders
      .given(delivered())
      .when(ask({ want: "exchange", lines: [{ ...shirt, quantity: 1, exchangeSize: "32" }, { ...bottle, quantity: 1, exchangeSize: "free size" }] }))
      .thenRefuses("returns.sameSize", { name: "Steel Bottle", size: "Free Size" }, 422);
  });

  it("reads a request stored before each line had its size (ReturnRequested v1) with its one size on every line", () => {
    const stored = {
      type: "ReturnRequested",
      data: { orderId, returnId: "r1", lines: [{ ...shirt, quantity: 1 }, { ...bottle, quantity: 1 }], want: "exchange", exchangeSize: "32", reason: "Too small", actor: parent, at: later(60_000) },
      metadata: {},
      streamId: `order-${orderId}`,
      revision: 3,
      position: "10",
    };
    const read = orderEvents.read(stored) as unknown as { data: { lines: unknown[]; exchangeSize?: string } };
    expect(read.data.lines).toEqual([
      { ...shirt, quantity: 1, exchangeSize: "32" },
      { ...bottle, quantity: 1, exchangeSize: "32" },
    ]);
    expect(read.data.exchangeSize).toBeUndefined();
  });

  it("two exchanges to the same size add up on one free line; the exchanged units can be returned in their turn", () => {
    const first = [step("ApproveReturn"), receive(), exchange()].reduce(apply, apply(delivered(), ask({ want: "exchange", exchangeSize: "32" })));
    const second = [ask({ returnId: "r2", want: "exchange", exchangeSize: "32" }), step("ApproveReturn", "r2"), receive("r2"), exchange("r2")].reduce(apply, first);
    expect(afterSale(second).lines.filter((l) => l.unitPrice === 0)).toEqual([{ ...shirt, size: "32", name: "Shirt", unitPrice: 0, quantity: 2 }]);
    expect(orders.given(second).when(ask({ returnId: "r3", lines: [{ ...shirt, size: "32", quantity: 2 }] })).events()).toHaveLength(1);
    expect(englishOf(orders.given(second).when(ask({ returnId: "r3", lines: [{ ...shirt, quantity: 2 }] })).thenRefuses("returns.tooMany", undefined, 422))).toBe(tooManyMessage(1, "Shirt", "30"));
  });
});

describe("the refund of a return", () => {
  const order = { lines: [{ ...shirt, name: "Shirt", unitPrice: 310, quantity: 3 }, { ...bottle, name: "Steel Bottle", unitPrice: 199, quantity: 1 }], subtotal: 1129, discount: 112 };

  it("is the lines at what was paid, less their share of the discount rounded to the rupee, never more than is left", () => {
    expect(refundFor([{ ...shirt, quantity: 1 }], order)).toBe(310 - Math.round((112 * 310) / 1129));
    expect(refundFor([{ ...shirt, quantity: 3 }, { ...bottle, quantity: 1 }], order)).toBe(1129 - 112);
    expect(refundFor([{ ...shirt, quantity: 3 }], order, 500)).toBe(500);
    expect(refundFor([{ ...shirt, quantity: 1 }], { ...order, discount: 0 })).toBe(310);
    // A unit of an exchanged size costs nothing: it was paid for on its first line.
    expect(refundFor([{ ...shirt, size: "32", quantity: 1 }], { ...order, lines: [...order.lines, { ...shirt, size: "32", name: "Shirt", unitPrice: 0, quantity: 1 }] })).toBe(0);
  });

  it("marks the received refund return refunded when the Payment section's refund is recorded", () => {
    const paid = apply(delivered(), { type: "ConfirmPayment", actor: admin, at: later(1) });
    const back = [ask(), step("ApproveReturn"), receive()].reduce(apply, paid);
    const refunded = apply(back, { type: "RefundPayment", paise: 279_00, method: "upi", actor: admin, at: later(300_000) });
    expect(afterSale(refunded).returns[0]).toMatchObject({ stage: "refunded", refundedPaise: 279_00 });
    // Finished: the parent may ask again for what is left.
    expect(orders.given(refunded).when(ask({ returnId: "r2", lines: [{ ...shirt, quantity: 2 }] })).events()).toHaveLength(1);
    expect(englishOf(orders.given(refunded).when(ask({ returnId: "r2", lines: [{ ...shirt, quantity: 3 }] })).thenRefuses("returns.tooMany", undefined, 422))).toBe(tooManyMessage(2, "Shirt", "30"));
  });
});

describe("what the order still accounts for", () => {
  it("is its lines after exchanges less the goods back on the shelf", () => {
    const back = [ask({ lines: [{ ...shirt, quantity: 2 }, { ...bottle, quantity: 1 }] }), step("ApproveReturn"), receive()].reduce(apply, delivered());
    expect(heldLines(afterSale(back))).toEqual([{ ...shirt, name: "Shirt", unitPrice: 310, quantity: 1 }]);
    // Asked and approved, not yet back: still the order's.
    const approved = [ask({ lines: [{ ...bottle, quantity: 1 }] }), step("ApproveReturn")].reduce(apply, delivered());
    expect(heldLines(afterSale(approved))).toHaveLength(2);
  });
});

describe("the words", () => {
  it("every refusal has Hindi words, those that name something too", () => {
    for (const [name, english] of Object.entries(RETURN_MESSAGES)) {
      expect(wordsRefusal("hi", `returns.${name}`), name).toBe(true);
      expect(refusalText("hi", refusalOf(`returns.${name}`, { count: 2, name: "Shirt", size: "30" })), name).not.toBe(english);
    }
    // The forms' own messages are worded by their text (the form pipeline), the same words as the rules' keys.
    for (const message of Object.values(RETURN_FORM_MESSAGES)) {
      expect(hasRefusal(message), message).toBe(true);
      expect(refusalIn("hi", message), message).not.toBe(message);
    }
    expect(refusalText("en", refusalOf("returns.tooMany", { count: 2, name: "Shirt", size: "30" }))).toBe(tooManyMessage(2, "Shirt", "30"));
    expect(refusalText("hi", refusalOf("returns.tooMany", { count: 2, name: "Shirt", size: "30" }))).toBe("Shirt (30) में से ज़्यादा से ज़्यादा 2 लौटा सकते हैं।");
    expect(refusalText("en", notMade("Steel Bottle", "L"))).toBe("Steel Bottle does not come in size L.");
    expect(refusalText("hi", notMade("Steel Bottle", "L"))).toBe("Steel Bottle साइज़ L में नहीं आता।");
    // An exchange's new size short on the shelf: the shelf's words, in Hindi too.
    const short = refusalOf("stock.onlyLeft", { left: 1, item: "Steel Bottle" });
    expect(refusalText("en", short)).toBe("Only 1 of Steel Bottle left in stock.");
    expect(refusalText("hi", short)).not.toBe("Only 1 of Steel Bottle left in stock.");
    expect(refusalText("en", refusalOf("returns.tooLate"))).toBe(RETURN_MESSAGES.tooLate);
  });

  it("a return is named by its first 8 characters, as orders are", () => {
    expect(shortReturnId("0a1b2c3d-4e5f-8000-8000-000000000000")).toBe("0A1B2C3D");
  });
});

describe("the forms' shape", () => {
  it("reads every after-sale step beside the payment steps, and refuses an unknown intent", () => {
    expect(orderPageForm.safeParse({ intent: "note", text: "Hello" }).success).toBe(true);
    expect(orderPageForm.safeParse({ intent: "receive", returnId: "r1", method: "pickup" }).success).toBe(true);
    expect(orderPageForm.safeParse({ intent: "refund", amount: "12", method: "cash" }).success).toBe(true);
    const unknown = orderPageForm.safeParse({ intent: "teleport" });
    expect(unknown.success).toBe(false);
    expect(unknown.error?.issues[0].message).toBe(RETURN_FORM_MESSAGES.notAStep);
    expect(orderPageForm.safeParse({ intent: "approve", returnId: "  " }).error?.issues[0].message).toBe(RETURN_MESSAGES.noSuchReturn);
  });

  it("reads a return request with its quantities as they are named", () => {
    const parsed = returnRequestForm.safeParse({ intent: "return", orderId: "abc", want: "refund", reason: "Small", "qty-0": "1" });
    expect(parsed.success).toBe(true);
    expect(returnRequestForm.safeParse({ intent: "return", want: "refund" }).error?.issues[0].message).toBe(RETURN_MESSAGES.reasonEmpty);
  });
});

// The events this file decides are the registry's: each one a type the order stream knows.
const types: OrderEvent["type"][] = ["OrderNoteAdded", "DeliveryRecorded", "ReturnRequested", "ReturnApproved", "ReturnRefused", "ReturnReceived", "ExchangeMade"];
it("every after-sale event is in the order registry", async () => {
  const { orderEvents } = await import("../../domain/orders/events");
  for (const type of types) expect(orderEvents.types).toContain(type);
});

describe("the shelf under returns and exchanges", () => {
  const productId = 12;
  const shelf = spec({ decide: decideStock, evolve: evolveStock, initialState: initialStockState });
  const opened: StockEvent = {
    type: "StockAdjusted",
    data: { productId, from: 0, to: 10, onShelf: 10, held: 0, actor: { kind: "system" }, reason: OPENING_REASON, at: placedAt },
  };
  const reserved = (quantity: number, from = orderId): StockEvent => ({ type: "StockReserved", data: { productId, orderId: from, quantity, at: placedAt } });
  const reserve = (quantity: number, more?: boolean): StockCommand => ({ type: "ReserveStock", productId, orderId, quantity, name: "Steel Bottle", at: placedAt, ...(more ? { more } : {}) });
  const takeBack = (quantity: number, from = orderId): StockCommand => ({ type: "ReturnStock", productId, quantity, orderId: from, actor: admin, reason: "Return R1", at: placedAt });
  const release: StockCommand = { type: "ReleaseStock", productId, orderId, reason: "cancelled", at: placedAt };

  it("an exchange's new size adds to what the order holds; a placing's retry still adds nothing", () => {
    shelf.given(opened, reserved(2)).when(reserve(2)).thenNothing();
    shelf.given(opened, reserved(2)).when(reserve(1, true)).then([reserved(1)]);
    const held = shelf.given(opened, reserved(2), reserved(1));
    expect(held.state()).toMatchObject({ available: 7, held: { [orderId]: 3 } });
    held.when(reserve(8, true)).thenRefuses("stock.onlyLeft", { left: 7, item: "Steel Bottle" }, 409);
  });

  it("goods of the order back on the shelf come off its hold, so a cancel after gives back only the rest", () => {
    const back = shelf.given(opened, reserved(3)).when(takeBack(2));
    expect(back.events()).toMatchObject([{ type: "StockReturned", data: { quantity: 2, orderId, fromHold: 2 } }]);
    expect(back.state()).toMatchObject({ available: 9, held: { [orderId]: 1 } });
    expect(shelf.given(opened, reserved(3), back.events()).when(release).state()).toMatchObject({ available: 10, held: {} });
    // More back than the order held (an order from before stock was events): the rest is simply on the shelf.
    const more = shelf.given(opened, reserved(1)).when(takeBack(3));
    expect(more.events()[0].data).toMatchObject({ quantity: 3, fromHold: 1 });
    expect(more.state()).toMatchObject({ available: 12, held: {} });
    // Goods of another order, or of none, leave every hold as it is.
    expect(shelf.given(opened, reserved(1)).when(takeBack(1, "other")).state().held).toEqual({ [orderId]: 1 });
  });

  it("reads a return stored before holds were lowered (version 1) as taking nothing off a hold", () => {
    const stored = {
      type: "StockReturned",
      data: { productId, quantity: 2, orderId, actor: admin, reason: "Returned unopened", at: placedAt },
      metadata: {},
      streamId: `stock-${productId}`,
      revision: 3,
      position: "1",
    };
    const read = stockEvents.read(stored) as StockEvent;
    expect(read.data).toMatchObject({ quantity: 2, fromHold: 0 });
    expect(shelf.given(opened, reserved(2), read).state()).toMatchObject({ available: 10, held: { [orderId]: 2 } });
  });
});
