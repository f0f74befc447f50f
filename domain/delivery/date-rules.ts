/**
 * The owner's delivery-date rules (decision 236) as a decider over one stream, `deliveryDates-rules`: each change is a
 * `DeliveryDateRulesSet` with the whole rules, so the stream reads as the rules' history and the newest one is in force.
 * Until the first, the shop promises by DEFAULT_DELIVERY_DATE_RULES. ./dates.ts turns the rules into a parent's dates.
 */
import "../zod-in-browser";
import { z } from "zod";
import { RuleViolation } from "../errors";
import type { Decider } from "../events/decider";
import { createEventRegistry } from "../events/registry";
import { readPincode } from "../pincode";
import { DEFAULT_DELIVERY_DATE_RULES, MAX_RULE_DAYS, MAX_TOWN_PINCODES, type DeliveryDateRules } from "./dates";

export const DELIVERY_DATE_RULES_STREAM = "deliveryDates-rules";

export interface DateRulesActor {
  kind: "admin" | "system";
  id?: string;
  name?: string;
}

export interface DeliveryDateRulesSet {
  type: "DeliveryDateRulesSet";
  data: { rules: DeliveryDateRules; actor: DateRulesActor; at: string };
}

export type DeliveryDateRulesEvent = DeliveryDateRulesSet;

const days = z.number().int().min(0).max(MAX_RULE_DAYS);
const rules = z.object({
  readyDays: days,
  madeToOrderDays: days,
  town: z.object({ pincodes: z.array(z.string().regex(/^\d{6}$/)).max(MAX_TOWN_PINCODES), fromDays: days, toDays: days }),
  outside: z.object({ fromDays: days, toDays: days }),
  courierSpareDays: days,
});

export const deliveryDateRulesEvents = createEventRegistry<DeliveryDateRulesEvent>("deliveryDates", {
  DeliveryDateRulesSet: {
    version: 1,
    schema: z.object({ rules, actor: z.object({ kind: z.enum(["admin", "system"]), id: z.string().optional(), name: z.string().optional() }), at: z.string() }),
  },
});

export interface DeliveryDateRulesState {
  rules: DeliveryDateRules;
  /** When the owner last set them; undefined while the defaults are in force. */
  setAt?: string;
}

export type DeliveryDateRulesCommand = { type: "SetDeliveryDateRules"; rules: DeliveryDateRules; actor: DateRulesActor; at: string };

const whole = (n: number) => Number.isInteger(n) && n >= 0 && n <= MAX_RULE_DAYS;

/** The rules as the owner gave them, checked: each a whole number of days, each range in order, the town's pincodes real. */
export function checkDateRules(given: DeliveryDateRules): DeliveryDateRules {
  const numbers = [given.readyDays, given.madeToOrderDays, given.town.fromDays, given.town.toDays, given.outside.fromDays, given.outside.toDays, given.courierSpareDays];
  if (!numbers.every(whole)) throw new RuleViolation("deliveryDates.days", { most: MAX_RULE_DAYS });
  if (given.madeToOrderDays < 1) throw new RuleViolation("deliveryDates.madeToOrder", { most: MAX_RULE_DAYS });
  if (given.town.fromDays > given.town.toDays || given.outside.fromDays > given.outside.toDays) throw new RuleViolation("deliveryDates.rangeOrder");
  // A parcel elsewhere never arrives the day it is ready: a range there starts a day later at the soonest.
  if (given.outside.fromDays < 1) throw new RuleViolation("deliveryDates.outsideSameDay");
  const pincodes: string[] = [];
  for (const typed of given.town.pincodes) {
    const pincode = readPincode(typed);
    if (!pincode) throw new RuleViolation("deliveryDates.pincode", { pincode: typed.slice(0, 12) });
    if (!pincodes.includes(pincode)) pincodes.push(pincode);
  }
  if (pincodes.length > MAX_TOWN_PINCODES) throw new RuleViolation("deliveryDates.tooManyPincodes", { most: MAX_TOWN_PINCODES });
  return { ...given, town: { ...given.town, pincodes } };
}

const same = (a: DeliveryDateRules, b: DeliveryDateRules) => JSON.stringify(a) === JSON.stringify(b);

export const deliveryDateRulesDecider: Decider<DeliveryDateRulesState, DeliveryDateRulesCommand, DeliveryDateRulesEvent> = {
  initialState: () => ({ rules: DEFAULT_DELIVERY_DATE_RULES }),
  evolve: (_state, event) => ({ rules: event.data.rules, setAt: event.data.at }),
  decide(command, state) {
    const checked = checkDateRules(command.rules);
    // The same rules again (a form sent twice) change nothing; the defaults written out for the first time are recorded.
    if (state.setAt !== undefined && same(checked, state.rules)) return [];
    return [{ type: "DeliveryDateRulesSet", data: { rules: checked, actor: command.actor, at: command.at } }];
  },
};
