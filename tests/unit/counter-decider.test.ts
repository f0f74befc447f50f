/**
 * The counter's rules (decision 210): a walk-in sale is placed, paid and handed over in one decision, at the
 * total the counter showed, with the money as the staff took it (cash and change, UPI with its reference, or
 * split), and its stock held and shipped at once.
 */
import { describe, expect, it } from "vitest";
import { spec } from "../support/decider-spec";
import { inEnglish, ruleRefusal } from "../support/refusal";
import { counterPayment } from "../../domain/counter/payment";
import { counterAddress, counterCustomer } from "../../domain/counter/sale";
import type { OrderEvent } from "../../domain/orders/events";
import { orderDecider, type OrderCommand } from "../../domain/orders/order";
import { paymentStanding } from "../../domain/orders/payment";
import { counterSaleStock } from "../../domain/orders/stock-effects";
import { documentsDue } from "../../domain/orders/order-documents";
import { noTaxDocuments } from "../../domain/tax/documents";

const at = "2026-12-07T10:00:00.000Z";
const staff = { kind: "admin" as const, id: "staff-1", name: "Meena" };
const customer = counterCustomer("", "");
const sale = (payment: Extract<OrderCommand, { type: "SellAtCounter" }>["payment"], shownTotal = 648): OrderCommand => ({
  type: "SellAtCounter",
  orderId: "5e1d0000-0000-4000-8000-000000000001",
  lines: [
    { productId: "school/dps/shirt", name: "Shirt", size: "30", school: "DPS", unitPrice: 310, quantity: 2 },
    { productId: "white/belt", name: "Belt", size: "Free Size", school: "", unitPrice: 100, quantity: 1 },
  ],
  customer,
  address: counterAddress("Station Road, Churu, Rajasthan 331001", customer),
  placedAt: at,
  language: "en",
  counter: "1",
  shownTotal,
  payment,
  // The shop's offer as online: 10% off every order (720 -> 648).
  charges: { discount: { on: true, percent: 10, minimum: 0 } },
  actor: staff,
});

const orders = spec(orderDecider);
/** A counter sale decided on a new order: what it records, and the order it leaves. */
const sold = (command: OrderCommand) => {
  const when = orders.given().when(command);
  return { events: when.events(), state: when.state() };
};
const refusedSale = (command: OrderCommand) => inEnglish(orders.given().when(command).refused());
const ofType = <T extends OrderEvent["type"]>(events: OrderEvent[], type: T) => events.filter((e): e is Extract<OrderEvent, { type: T }> => e.type === type);

describe("a sale at the counter", () => {
  it("is placed with the online offer and no delivery, paid in cash and handed over, in one decision", () => {
    const { events, state } = sold(sale({ mode: "cash", cashGiven: 700 }));
    expect(events.map((e) => e.type)).toEqual(["OrderPlaced", "PaymentRequested", "CashCollected", "OrderStatusChanged"]);
    const [placed] = ofType(events, "OrderPlaced");
    expect(placed.data).toMatchObject({ channel: "counter", counter: "1", subtotal: 720, discountPercent: 10, discount: 72, delivery: 0, total: 648 });
    expect(placed.data.address.pincode).toBe("331001");
    expect(ofType(events, "CashCollected")[0].data).toMatchObject({ amount: 648, actor: staff });
    expect(ofType(events, "OrderStatusChanged")[0].data).toMatchObject({ from: "pending", to: "delivered", actor: staff });
    expect(state.exists && state.status).toBe("delivered");
    expect(state.exists && paymentStanding(state.payment)).toBe("paid");
    // The hand-over is the lifecycle's: its invoice is due in the same command.
    expect(documentsDue(noTaxDocuments(), events).invoice).toBe(true);
  });

  it("a split payment: the UPI part with its reference, the rest in cash with change; both add up to the bill", () => {
    const { events, state } = sold(sale({ mode: "split", upiAmount: 400, upiReference: "4123 4567 8901", cashGiven: 500 }));
    expect(ofType(events, "PaymentConfirmed")[0].data).toMatchObject({ amount: 400, reference: "412345678901" });
    expect(ofType(events, "CashCollected")[0].data).toMatchObject({ amount: 248 });
    expect(state.exists && state.payment).toMatchObject({ paid: 648, due: 648 });
    expect(counterPayment(648, { mode: "split", upiAmount: 400, upiReference: "412345678901", cashGiven: 500 })).toEqual({
      cash: 248,
      upi: 400,
      upiReference: "412345678901",
      cashGiven: 500,
      change: 252,
    });
  });

  it("by UPI alone: the whole bill, a UPI order with its reference, no cash", () => {
    const { events } = sold(sale({ mode: "upi", upiReference: "412345678901" }));
    expect(ofType(events, "OrderPlaced")[0].data.paymentMethod).toBe("upi");
    expect(ofType(events, "CashCollected")).toHaveLength(0);
    expect(ofType(events, "PaymentConfirmed")[0].data.amount).toBe(648);
  });

  it("the change due is the notes given less the bill", () => {
    expect(counterPayment(648, { mode: "cash", cashGiven: 1000 })).toMatchObject({ cash: 648, change: 352 });
    expect(counterPayment(648, { mode: "cash", cashGiven: 648 })).toMatchObject({ change: 0 });
  });

  it("refuses money short, a split that is not split, UPI without its reference, and a total the counter did not show", () => {
    expect(refusedSale(sale({ mode: "cash", cashGiven: 600 }))).toEqual({
      message: "₹648 is due in cash but ₹600 was given: ₹48 short. Nothing was sold.",
      status: 422,
    });
    expect(refusedSale(sale({ mode: "cash" })).status).toBe(422);
    expect(refusedSale(sale({ mode: "split", upiAmount: 648, upiReference: "412345678901", cashGiven: 0 })).message).toContain("UPI part");
    expect(refusedSale(sale({ mode: "upi" })).message).toBe("Type the 12-digit UPI reference from the parent's UPI app.");
    expect(refusedSale(sale({ mode: "upi", upiReference: "12345" })).status).toBe(422);
    expect(refusedSale(sale({ mode: "cash", cashGiven: 720 }, 720))).toEqual({
      message: "The bill is now ₹648, not the ₹720 shown: show the parent the new total and take the money again. Nothing was sold.",
      status: 409,
    });
  });

  it("is never placed twice on one order", () => {
    const { events } = sold(sale({ mode: "cash", cashGiven: 648 }));
    expect(orders.given(events).when(sale({ mode: "cash", cashGiven: 648 })).refused().status).toBe(409);
  });

  it("takes a parent's mobile number if given, and refuses one that is not a number", () => {
    expect(counterCustomer("+91 98765 43210", " Ravi ")).toEqual({ kind: "guest", name: "Ravi", phone: "9876543210" });
    expect(ruleRefusal(() => counterCustomer("12345", "")).message).toBe("The parent's mobile number is 10 digits (or leave it empty).");
  });

  it("holds and ships each counted line at once on its stream; a made-to-order size must be on the shelf too", () => {
    const lines = [{ productId: "school/dps/shirt", name: "Shirt", size: "30", school: "DPS", unitPrice: 310, quantity: 2 }];
    const effects = counterSaleStock("o-1", lines, at, () => ({ sku: 1_000_000_001, whenOut: "make", leadDays: 7 }));
    expect(effects).toEqual([
      {
        productId: 1_000_000_001,
        commands: [
          { type: "ReserveStock", productId: 1_000_000_001, orderId: "o-1", quantity: 2, name: "Shirt (30)", at },
          { type: "ShipStock", productId: 1_000_000_001, orderId: "o-1", at },
        ],
      },
    ]);
  });
});
