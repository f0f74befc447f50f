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

export function createDeliveryDatesService(deps: { store: ShopEvents; courier?: () => CourierService | undefined; now?: () => Date }) {
  const now = deps.now ?? (() => new Date());
  const register = createCommandHandler(deps.store, { decider: deliveryDateRulesDecider, events: deliveryDateRulesEvents }, { cachedStreams: 1 });

  const current = async () => (await register.load(DELIVERY_DATE_RULES_STREAM)).state;
  const listeners = new Set<() => void>();

  /** The courier's day for the pincode, when one is set and says one; nothing when it does not serve or cannot be asked. */
  async function courierDay(pincode: string, paymentMethod: "cod" | "upi"): Promise<string | undefined> {
    const courier = deps.courier?.();
    if (!courier) return undefined;
    try {
      const answer = await courier.check(pincode, paymentMethod === "cod");
      return answer.served ? answer.expectedBy : undefined;
    } catch {
      // Unreachable or confused: the shop's own rule says the date, and the order's own check refuses what it must.
      return undefined;
    }
  }

  return {
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

    /** Today's day in India, as every date a parent is told counts from it. */
    today: () => indianDay(now()),

    /** Before a pincode is known: the range in the shop's town and the range elsewhere. */
    async everywhere(items: readonly ItemReadiness[]) {
      const { rules } = await current();
      return { ...expectedEverywhere(indianDay(now()), rules, items), townPincodes: rules.town.pincodes };
    },

    /**
     * The range for these items to `pincode`: the courier's promise moved on by the days the goods wait at the shop
     * when the pincode is outside the town and a courier is set, else the shop's own rule.
     */
    async expected(items: readonly ItemReadiness[], pincode: string, paymentMethod: "cod" | "upi" = "upi"): Promise<ExpectedDelivery> {
      const { rules } = await current();
      const today = indianDay(now());
      const day = deliveryArea(rules, pincode) === "outside" ? await courierDay(pincode, paymentMethod) : undefined;
      return expectedDelivery({ today, rules, items, pincode, ...(day ? { courierDay: day } : {}) });
    },

    /** The same with a courier promise already asked for (the order's own check asked it a moment ago). */
    async expectedWith(items: readonly ItemReadiness[], pincode: string, courierDay: string | undefined): Promise<ExpectedDelivery> {
      const { rules } = await current();
      return expectedDelivery({ today: indianDay(now()), rules, items, pincode, ...(courierDay ? { courierDay } : {}) });
    },
  };
}

export type DeliveryDatesService = ReturnType<typeof createDeliveryDatesService>;
