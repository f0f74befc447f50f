// By when an order the parent just placed must be paid or confirmed (decision 190), as the page tells them.
import { holdExpiry, type HoldExpiryReason, type HoldRules } from "../../domain/orders/hold-expiry";
import type { OrderSummary } from "../../services/orders";

/**
 * The end of the order's hold and why, from the order pages' read model; undefined when it never ends.
 * A cash order's number counts as proven when the signed-in parent's own number is the order's.
 */
export function holdEndsAt(
  rules: HoldRules,
  order: Pick<OrderSummary, "status" | "deleted" | "placedAt" | "paymentMethod" | "paymentStatus" | "phone" | "userId">,
  shopper: { id: string; phone?: string | null } | null | undefined,
): { at: Date; reason: HoldExpiryReason } | undefined {
  const standing = order.paymentStatus;
  return holdExpiry(
    {
      status: order.status,
      deleted: order.deleted,
      placedAt: order.placedAt.toISOString(),
      method: order.paymentMethod,
      // The rule asks only whether money is still awaited (nothing paid, nothing reported): the standing says.
      payment: {
        method: order.paymentMethod,
        due: 0,
        paid: standing === "unpaid" || standing === "reported" ? 0 : 1,
        refundedPaise: 0,
        references: [],
        ...(standing === "reported" ? { reported: { reference: "", at: "" } } : {}),
      },
      numberProven: Boolean(shopper?.phone) && shopper?.id === order.userId && shopper?.phone === order.phone,
    },
    rules,
  );
}
