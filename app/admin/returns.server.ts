/**
 * The after-sale steps of the order page (decision 103) as the order service's commands: notes,
 * delivery details, approving, refusing, receiving a return and making an exchange. A refusal of
 * the decider comes back as data; the page says it in its language (`refusalText`).
 */
import type { AfterSaleStep } from "../../domain/forms/admin-returns";
import type { Shop } from "../../services/index";
import type { Admin } from "../auth/session.server";
import { outcomeOf, type StepOutcome } from "../orders/returns.server";
import { adminActor } from "./orders.server";

export function runAfterSaleStep(shop: Shop, admin: Admin, orderId: string, step: AfterSaleStep): Promise<StepOutcome> {
  const actor = adminActor(admin);
  const orders = shop.orders;
  return outcomeOf(() => {
    switch (step.intent) {
      case "note":
        return orders.addNote(orderId, step.text, actor);
      case "delivery":
        return orders.recordDelivery(orderId, { method: step.method, courier: step.courier, trackingNumber: step.trackingNumber, note: step.note }, actor);
      case "approve":
        return orders.approveReturn(orderId, step.returnId, step.note, actor);
      case "refuse":
        return orders.refuseReturn(orderId, step.returnId, step.note ?? "", actor);
      case "receive":
        return orders.receiveReturn(orderId, step.returnId, step.method, actor);
      case "exchange":
        return orders.makeExchange(orderId, step.returnId, actor);
    }
  });
}
