/**
 * The dates a parent is told (decision 236): the owner's rules from their one stream (kept folded in memory: a load
 * reads only what is new), and for a pincode outside the shop's town the courier's promise when a courier is set.
 * A courier that cannot be reached leaves the shop's own rule in force: a page never fails for want of a date.
 */
import { indianDay } from "../domain/orders/charges";
import {
  DELIVERY_DATE_RULES_STREAM,
  deliveryDateRulesDecider,
  deliveryDateRulesEvents,
  type DateRulesActor,
} from "../domain/delivery/date-rules";
import { deliveryArea, expectedDelivery, expectedEverywhere, type DeliveryDateRules, type ExpectedDelivery, type ItemReadiness } from "../domain/delivery/dates";
import { createCommandHandler } from "../eventstore/command-handler";
import type { ShopEvents } from "../eventstore/port";
import type { CourierService } from "./courier/service";
import type { SchoolShelf } from "./line-prices";
import { findCatalogueProduct } from "../domain/catalogue";
import { isRuleViolation } from "../domain/errors";
import { sizeAvailability } from "../domain/stock/school-stock";
import type { DeliveryPromise } from "../domain/courier/parcel";
import type { PaymentMethod } from "../domain/orders/events";

/** A line as the dates read it: what it is, its size, how many. */
export interface DatedLine {
  productId: string;
  size: string;
  quantity: number;
}

/**
 * `courier`: the courier service, once made (it is made after the orders it ships, which ask for promises here).
 * `schoolShelf`: a school size's SKU and what is for sale, where the owner counts the item (decision 180).
 */
export function createDeliveryDatesService(deps: { store: ShopEvents; courier?: () => CourierService | undefined; schoolShelf?: SchoolShelf; now?: () => Date }) {
  const now = deps.now ?? (() => new Date());
  const register = createCommandHandler(deps.store, { decider: deliveryDateRulesDecider, events: deliveryDateRulesEvents }, { cachedStreams: 1 });

  const current = async () => (await register.load(DELIVERY_DATE_RULES_STREAM)).state;
  const listeners = new Set<() => void>();

  /**
   * What the courier says of the pincode, when one is set: its day, or that it does not deliver there; nothing when it
   * cannot be asked (the shop's own rule then says the date, and the order's own check refuses what it must).
   */
  async function courierSays(pincode: string): Promise<{ day?: string; notServed?: true }> {
    const courier = deps.courier?.();
    if (!courier) return {};
    try {
      const answer = await courier.check(pincode, false);
      if (!answer.served) return { notServed: true };
      return answer.expectedBy ? { day: answer.expectedBy } : {};
    } catch {
      return {};
    }
  }

  /**
   * How each line is had: a school uniform the owner does not count is made to order (in the shop's days), one he
   * counts is on the shelf while it has the units and made in its own lead time when it does not; everything else is
   * bought in and on the shelf (a size that is out is refused by the order, not dated).
   */
  async function readiness(lines: readonly DatedLine[]): Promise<ItemReadiness[]> {
    const found: ItemReadiness[] = [];
    for (const line of lines) {
      const product = findCatalogueProduct(line.productId);
      if (!product || product.kind !== "school-uniform") {
        found.push({ kind: "ready" });
        continue;
      }
      const shelf = deps.schoolShelf ? await deps.schoolShelf(product.id, line.size) : undefined;
      const available = sizeAvailability(shelf?.sku, shelf?.forSale ?? 0, line.quantity);
      if (available.kind === "not counted") found.push({ kind: "made" });
      else if (available.kind === "make") found.push({ kind: "made", leadDays: available.leadDays });
      else found.push({ kind: "ready" });
    }
    return found;
  }

  return {
    readiness,

    /**
     * The days an order to `pincode` is promised when it is placed: outside the town with a courier set, the courier
     * is asked and refuses a pincode it does not serve (`courier.notServed`) or cash on delivery where it has none
     * (`courier.noCodThere`), and a shopper's order with it (`courierRefuses`); a courier that cannot be reached, or
     * the shop's own placing, leaves the shop's own rule.
     */
    async promiseFor(order: { lines: readonly DatedLine[]; pincode: string; paymentMethod: PaymentMethod; courierRefuses: boolean }): Promise<DeliveryPromise> {
      const { rules } = await current();
      const items = await readiness(order.lines);
      const courier = deps.courier?.();
      let day: string | undefined;
      if (courier && deliveryArea(rules, order.pincode) === "outside") {
        try {
          day = await courier.promise(order.pincode, order.paymentMethod);
        } catch (err) {
          // The courier down must not stop the shop selling, nor its refusal the shop's own placing: the order is
          // promised by the shop's own days for elsewhere.
          if (!isRuleViolation(err) || (order.courierRefuses && err.key !== "courier.unavailable")) throw err;
        }
      }
      const expected = expectedDelivery({ today: indianDay(now()), rules, items, pincode: order.pincode, ...(day ? { courierDay: day } : {}) });
      return { from: expected.from, by: expected.by, source: expected.source };
    },

    /** The rules in force, and when the owner last set them (undefined: the shop's defaults). */
    current,

    /** Calls `listener` once the owner's new rules are in force (the web server's page cache); returns the unsubscribe. */
    onChange(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    /** The owner sets the rules: checked whole, recorded as one event; the same rules again record nothing. */
    async setRules(rules: DeliveryDateRules, actor: DateRulesActor) {
      const handled = await register.handle(DELIVERY_DATE_RULES_STREAM, { type: "SetDeliveryDateRules", rules, actor, at: now().toISOString() });
      // The rules are read from their stream, not a read model: they are in force as soon as they are appended.
      for (const listener of listeners) listener();
      return handled;
    },

    /** Before a pincode is known: the range in the shop's town and the range elsewhere. */
    async everywhere(items: readonly ItemReadiness[]) {
      const { rules } = await current();
      return { ...expectedEverywhere(indianDay(now()), rules, items), townPincodes: rules.town.pincodes };
    },

    /**
     * The range for these items to `pincode`: the courier's promise moved on by the days the goods wait at the shop
     * when the pincode is outside the town and a courier is set, else the shop's own rule. `notServed`: the courier
     * set does not deliver there, and an order to it will be refused.
     */
    async expected(items: readonly ItemReadiness[], pincode: string): Promise<ExpectedDelivery & { notServed?: true }> {
      const { rules } = await current();
      const said = deliveryArea(rules, pincode) === "outside" ? await courierSays(pincode) : {};
      const expected = expectedDelivery({ today: indianDay(now()), rules, items, pincode, ...(said.day ? { courierDay: said.day } : {}) });
      return said.notServed ? { ...expected, notServed: true } : expected;
    },
  };
}

export type DeliveryDatesService = ReturnType<typeof createDeliveryDatesService>;
