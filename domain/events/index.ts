// The vocabulary of every stream the shop writes (docs/events.md): a reader that may meet
// any of them, like `shop stream`, reads through here.
import { cartEvents, type CartEvent } from "../cart/events";
import { orderEvents, type OrderEvent } from "../orders/events";
import { stockEvents, type StockEvent } from "../stock/events";
import { upiReferenceEvents, type UpiReferenceEvent } from "../orders/upi-reference";
import { grievanceEvents, type GrievanceEvent } from "../grievance/ticket";
import { childrenEvents, type ChildrenEvent } from "../children/children";
import { kitEvents, type KitEvent } from "../kits/kits";
import { privacyEvents, type PrivacyEvent } from "../privacy/events";
import { taxSeriesEvents } from "../tax/events";
import type { SeriesEvent } from "../tax/series";
import { sizeChartEvents, type SizeChartEvent } from "../sizes/chart-events";
import { schoolColourEvents, type SchoolColoursEvent } from "../photos/colours";
import { itemFactsEvents, type ItemFactsEvent } from "../seller/item-facts";
import { schoolStockEvents, type SchoolStockEvent } from "../stock/school-stock";
import { statementEvents, type StatementEvent } from "../payments/statement";
import { tailorBatchEvents, type TailorBatchEvent } from "../stock/tailor-batches";
import { productTaxEvents, type ProductTaxEvent } from "../tax/product-tax";
import { drawerEvents, type DrawerEvent } from "../cash/drawer";
import { codEvents, type CodEvent } from "../cash/cod";
import { gatewayEvents, type GatewayEvent } from "../payments/gateway";
import { deliveryDateRulesEvents, type DeliveryDateRulesEvent } from "../delivery/date-rules";
import { staffEvents, type StaffEvent } from "../staff/roster";
import { settlementReportEvents, type SettlementReportEvent } from "../payments/settlement";
import { UnreadableEvent, categoryOf, type EventRegistry, type PersonalFields, type ReadEvent, type StoredEvent } from "./registry";

export type ShopEvent = CartEvent | OrderEvent | StockEvent | UpiReferenceEvent | GrievanceEvent | ChildrenEvent | KitEvent | PrivacyEvent | SeriesEvent | SizeChartEvent | SchoolColoursEvent | ItemFactsEvent | SchoolStockEvent | StatementEvent | TailorBatchEvent | ProductTaxEvent | DrawerEvent | CodEvent | GatewayEvent | DeliveryDateRulesEvent | StaffEvent | SettlementReportEvent;

/** Today's event for a stored one of any stream category the shop writes; throws UnreadableEvent otherwise. */
export function readEvent<S extends StoredEvent>(stored: S): ReadEvent<S, ShopEvent> {
  const category = categoryOf(stored.streamId);
  if (category === cartEvents.category) return cartEvents.read(stored);
  if (category === orderEvents.category) return orderEvents.read(stored);
  if (category === stockEvents.category) return stockEvents.read(stored);
  if (category === upiReferenceEvents.category) return upiReferenceEvents.read(stored);
  if (category === grievanceEvents.category) return grievanceEvents.read(stored);
  if (category === childrenEvents.category) return childrenEvents.read(stored);
  if (category === kitEvents.category) return kitEvents.read(stored);
  if (category === privacyEvents.category) return privacyEvents.read(stored);
  if (category === taxSeriesEvents.category) return taxSeriesEvents.read(stored);
  if (category === sizeChartEvents.category) return sizeChartEvents.read(stored);
  if (category === schoolColourEvents.category) return schoolColourEvents.read(stored);
  if (category === itemFactsEvents.category) return itemFactsEvents.read(stored);
  if (category === schoolStockEvents.category) return schoolStockEvents.read(stored);
  if (category === statementEvents.category) return statementEvents.read(stored);
  if (category === tailorBatchEvents.category) return tailorBatchEvents.read(stored);
  if (category === productTaxEvents.category) return productTaxEvents.read(stored);
  if (category === drawerEvents.category) return drawerEvents.read(stored);
  if (category === codEvents.category) return codEvents.read(stored);
  if (category === gatewayEvents.category) return gatewayEvents.read(stored);
  if (category === deliveryDateRulesEvents.category) return deliveryDateRulesEvents.read(stored);
  if (category === staffEvents.category) return staffEvents.read(stored);
  if (category === settlementReportEvents.category) return settlementReportEvents.read(stored);
  throw new UnreadableEvent(stored, `the shop writes no "${category}" streams`);
}

/**
 * The event types today's code reads in a stream category: none for a category the shop does not write.
 * A replay that asks the store for some types only asks for the others that are not among these too,
 * so that an event nobody can read is refused there as it is live (decision 076).
 */
export function knownEventTypes(category: string): readonly string[] {
  if (category === cartEvents.category) return cartEvents.types;
  if (category === orderEvents.category) return orderEvents.types;
  if (category === stockEvents.category) return stockEvents.types;
  if (category === upiReferenceEvents.category) return upiReferenceEvents.types;
  if (category === grievanceEvents.category) return grievanceEvents.types;
  if (category === childrenEvents.category) return childrenEvents.types;
  if (category === kitEvents.category) return kitEvents.types;
  if (category === privacyEvents.category) return privacyEvents.types;
  if (category === taxSeriesEvents.category) return taxSeriesEvents.types;
  if (category === sizeChartEvents.category) return sizeChartEvents.types;
  if (category === schoolColourEvents.category) return schoolColourEvents.types;
  if (category === itemFactsEvents.category) return itemFactsEvents.types;
  if (category === schoolStockEvents.category) return schoolStockEvents.types;
  if (category === statementEvents.category) return statementEvents.types;
  if (category === tailorBatchEvents.category) return tailorBatchEvents.types;
  if (category === productTaxEvents.category) return productTaxEvents.types;
  if (category === drawerEvents.category) return drawerEvents.types;
  if (category === codEvents.category) return codEvents.types;
  if (category === gatewayEvents.category) return gatewayEvents.types;
  if (category === deliveryDateRulesEvents.category) return deliveryDateRulesEvents.types;
  if (category === staffEvents.category) return staffEvents.types;
  if (category === settlementReportEvents.category) return settlementReportEvents.types;
  return [];
}

/**
 * Every registry, for the store's sealing (eventstore/sealing.ts): an event whose definition names
 * `personal` fields is sealed under its person's key. A registry of a new stream category goes here.
 */
const REGISTRIES: readonly EventRegistry<{ type: string; data: unknown }>[] = [
  cartEvents, orderEvents, stockEvents, upiReferenceEvents, grievanceEvents, childrenEvents, kitEvents, privacyEvents, taxSeriesEvents, sizeChartEvents, schoolColourEvents, itemFactsEvents, schoolStockEvents, statementEvents, tailorBatchEvents, productTaxEvents, drawerEvents, codEvents,
  gatewayEvents, deliveryDateRulesEvents, staffEvents, settlementReportEvents,
] as readonly EventRegistry<{ type: string; data: unknown }>[];

/** Where an event of this stream and type holds a person's data, if it does (docs/privacy.md). */
export function personalFieldsOf(streamId: string, type: string): PersonalFields<unknown> | undefined {
  const category = categoryOf(streamId);
  for (const registry of REGISTRIES) if (registry.category === category) return registry.personal(type);
  return undefined;
}
