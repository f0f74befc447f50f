/**
 * An order's events as the admin's audit trail prints them, in the page's language. The same
 * four columns as domain/orders/describe.ts (which keeps the English wording for everything
 * that is not a page); the stored values (statuses, names, addresses) stay as recorded, and
 * statuses are shown by their labels (`account:status.*`, `account:paymentStatus.*`).
 */
import type { Actor, OrderEvent } from "../../domain/orders/events";
import { deliveryLine, type OrderEventDescription } from "../../domain/orders/describe";
import { describeItems } from "../../domain/orders/order";
import { formatRupees } from "../../domain/money";
import type { T } from "../i18n/I18n";

/** "Admin: Asha", "Guest: Ravi", "System"; "Unknown" when an event names nobody. */
export function actorIn(t: T, actor: Actor | undefined): string {
  if (!actor) return t("admin:event.actor.unknown");
  const who = t(`admin:event.actor.${actor.kind}`);
  return actor.name ? t("admin:event.actorNamed", { who, name: actor.name }) : who;
}

/** One event of an order's stream as the trail prints it, in `t`'s language. */
export function describeOrderEventIn(t: T, e: OrderEvent): OrderEventDescription {
  const status = (value: string) => t(`account:status.${value}`);
  const payment = (value: string) => t(`account:paymentStatus.${value}`);
  switch (e.type) {
    case "OrderPlaced": {
      const d = e.data;
      return {
        what: t("admin:event.placed"),
        by: actorIn(t, { kind: d.customer.kind === "user" ? "customer" : "guest", id: d.customer.userId, name: d.customer.name }),
        change: t("admin:event.placedChange", { status: status("pending"), payment: payment("pending") }),
        details: t("admin:event.placedDetails", { items: describeItems(d.lines), total: formatRupees(d.total), address: deliveryLine(d.address) }),
      };
    }
    case "OrderStatusChanged":
      return {
        what: t("admin:event.statusChanged"),
        by: actorIn(t, e.data.actor),
        change: t("admin:event.statusChange", { from: status(e.data.from), to: status(e.data.to) }),
        details: "",
      };
    case "OrderPaymentStatusChanged":
      return {
        what: t("admin:event.paymentChanged"),
        by: actorIn(t, e.data.actor),
        change: t("admin:event.paymentChange", { from: payment(e.data.from), to: payment(e.data.to) }),
        details: e.data.to === "paid" ? t("admin:event.paymentReceived") : "",
      };
    case "OrderDeleted":
      return {
        what: t("admin:event.deleted"),
        by: actorIn(t, e.data.actor),
        change: t("admin:event.deletedChange"),
        details: t("admin:event.deletedDetails"),
      };
  }
}
