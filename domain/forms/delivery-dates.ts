/**
 * The owner's delivery-date rules (/admin/delivery-dates, decision 236) for the page form pipeline (decision 088): each
 * number of days, and the town's pincodes as typed (commas or spaces between them). The rules' decider judges the rest
 * (ranges in order, a made-to-order item a day at least, elsewhere a day at least, real pincodes).
 */
import "../zod-in-browser";
import { z } from "zod";
import { MAX_RULE_DAYS, MAX_TOWN_PINCODES, type DeliveryDateRules } from "../delivery/dates";

/** The form's refusals, in English; their Hindi is in app/locales/hi/refusals.json (`deliveryDatesForm`). */
export const DELIVERY_DATES_FORM_MESSAGES = {
  days: `Write a whole number of days from 0 to ${MAX_RULE_DAYS}.`,
  pincodes: `Write the town's pincodes, six digits each, with commas between them (at most ${MAX_TOWN_PINCODES}).`,
} as const;

const days = z
  .string({ error: DELIVERY_DATES_FORM_MESSAGES.days })
  .trim()
  .regex(/^\d{1,2}$/, { error: DELIVERY_DATES_FORM_MESSAGES.days })
  .transform(Number)
  .refine((n) => n <= MAX_RULE_DAYS, { error: DELIVERY_DATES_FORM_MESSAGES.days });

const pincodes = z
  .string()
  .trim()
  .default("")
  .transform((text) => text.split(/[\s,;]+/).filter(Boolean))
  .refine((list) => list.length <= MAX_TOWN_PINCODES && list.every((p) => /^\d{6}$/.test(p)), { error: DELIVERY_DATES_FORM_MESSAGES.pincodes });

export const deliveryDatesForm = z
  .object({
    readyDays: days,
    madeToOrderDays: days,
    townPincodes: pincodes,
    townFrom: days,
    townTo: days,
    outsideFrom: days,
    outsideTo: days,
    courierSpareDays: days,
  })
  .transform(
    (v): DeliveryDateRules => ({
      readyDays: v.readyDays,
      madeToOrderDays: v.madeToOrderDays,
      town: { pincodes: v.townPincodes, fromDays: v.townFrom, toDays: v.townTo },
      outside: { fromDays: v.outsideFrom, toDays: v.outsideTo },
      courierSpareDays: v.courierSpareDays,
    }),
  );

export const DELIVERY_DATES_FORM_OPTIONS = {
  maxLength: { readyDays: 4, madeToOrderDays: 4, townPincodes: 200, townFrom: 4, townTo: 4, outsideFrom: 4, outsideTo: 4, courierSpareDays: 4 },
  labels: {
    readyDays: "Days to pack what is on the shelf",
    madeToOrderDays: "Days to make an item made to order",
    townPincodes: "The town's pincodes",
    townFrom: "In town: first day",
    townTo: "In town: last day",
    outsideFrom: "Elsewhere: first day",
    outsideTo: "Elsewhere: last day",
    courierSpareDays: "Days after the courier's date",
  },
} as const;
