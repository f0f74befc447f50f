// The order service: one entry for every caller. Each command lives in its module under orders/
// (placing, payments, returns, the admin's handling, linking guest orders), all on one core
// (orders/core.ts: the handlers and changeOrder); the read side comes from order-queries.ts.
import { isRuleViolation } from "../domain/errors";
import { createOrderQueries } from "./order-queries";
import { createOrderCore, type OrderServiceDeps } from "./orders/core";
import { cashCommands } from "./orders/cash";
import { counterCommands } from "./orders/counter";
import { counterReturnCommands } from "./orders/counter-returns";
import { handlingCommands } from "./orders/handling";
import { newIdempotencyKey, orderIdFor } from "./orders/ids";
import { holdCommands } from "./orders/holds";
import { linkingCommands } from "./orders/linking";
import { parcelCommands } from "./orders/parcels";
import { paymentCommands } from "./orders/payments";
import { placingCommands } from "./orders/placing";
import { returnCommands } from "./orders/returns";
import { statementCommands } from "./orders/statements";
import { gatewayCommands } from "./orders/gateway";
import { settlementCommands } from "./orders/settlements";

export { toOrderSummary, type OrderSort, type OrderSummary, type StatusHistoryEntry, type TrailEntry } from "./order-queries";
export type { OrderServiceDeps } from "./orders/core";
export { IDEMPOTENCY_KEY_PATTERN, checkIdempotencyKey, newIdempotencyKey, orderIdFor } from "./orders/ids";
export type { ReferenceDispute } from "./orders/payments";
export type { CodParcelView, CodPersonView, CounterTakings, DrawerDay } from "./orders/cash";
export type { StatementCreditView, StatementSummary, StatementView } from "./orders/statements";
export type { SettlementLineView, SettlementReportSummary, SettlementReportView, SettlementView } from "./orders/settlements";
export type { OrderItemInput, PlacedOrder } from "./orders/placing";
export type { CounterReturnInput, CounterReturnLine, FoundOrder } from "./orders/counter-returns";
export { counterOrderId, type CounterBill, type CounterSale, type CounterSaleInput } from "./orders/counter";

export function createOrderService(deps: OrderServiceDeps) {
  const core = createOrderCore(deps);
  const queries = createOrderQueries({ db: deps.db, store: deps.store });
  return {
    orderIdFor,
    newIdempotencyKey,
    /**
     * Read your writes for order pages: resolves once the orders and status-history
     * read models have applied `position` (bounded; false on timeout).
     */
    waitUntilVisible: deps.waitUntilVisible,
    ...placingCommands(core),
    ...counterCommands(core),
    // The counter's drawers and the cash of COD parcels (decisions 211, 212).
    ...cashCommands(core, deps.waitForCash ?? deps.waitUntilVisible),
    ...counterReturnCommands(core),
    ...handlingCommands(core),
    ...paymentCommands(core),
    /** Whether the shop takes UPI now. */
    upiAvailable: core.upiAvailable,
    charges: core.charges,
    ...returnCommands(core),
    // The parcel with a courier and its return to origin (decision 235).
    ...parcelCommands(core),
    // Bank statements and UPI reports read and matched to orders (decision 220).
    ...statementCommands(core),
    // The optional gateway: hosted checkout, signed webhooks, refunds through its API (decision 221).
    ...gatewayCommands(core, deps.gateway),
    // The gateway's settlement reports, checked against its payments and the bank statements (decision 223).
    ...settlementCommands(core),
    ...linkingCommands(core, queries),
    // Unpaid holds that expire (decision 190): the background sweep calls it.
    ...holdCommands(core),
    ...queries,
  };
}

export type OrderService = ReturnType<typeof createOrderService>;

export { isRuleViolation };
