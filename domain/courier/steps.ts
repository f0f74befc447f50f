/**
 * A carrier's scan in the shop's words. Shiprocket numbers its shipment statuses (`shipment_status_id` in its
 * tracking webhook and its tracking answer) and names them (`current_status`); the numbers are read first, the
 * words when a number is not one the shop knows. A scan that says nothing the parent needs (a label printed, a
 * pickup booked) is no step: the trail of the order does not grow by it.
 */
import type { ParcelStep } from "./events";

const BY_STATUS_ID: Readonly<Record<number, ParcelStep>> = {
  6: "inTransit", // shipped
  7: "delivered",
  9: "rtoInitiated",
  10: "rtoDelivered",
  12: "lost",
  14: "rtoInitiated", // RTO acknowledged
  17: "outForDelivery",
  18: "inTransit",
  21: "undelivered",
  38: "inTransit", // reached the destination hub
  42: "pickedUp",
};

/** Most specific first: "RTO Delivered" is not "Delivered". */
const BY_WORDS: readonly [RegExp, ParcelStep][] = [
  [/rto.*deliver/i, "rtoDelivered"],
  [/\brto\b|return to origin/i, "rtoInitiated"],
  [/out for delivery/i, "outForDelivery"],
  [/undelivered|not delivered/i, "undelivered"],
  [/delivered/i, "delivered"],
  [/picked ?up/i, "pickedUp"],
  [/in ?transit|shipped|reached/i, "inTransit"],
  [/\blost\b/i, "lost"],
];

/** The step a carrier's status stands for, or undefined when it is none the parent needs to see. */
export function parcelStepOf(statusId: number | undefined, words: string | undefined): ParcelStep | undefined {
  if (statusId !== undefined && BY_STATUS_ID[statusId]) return BY_STATUS_ID[statusId];
  const text = (words ?? "").trim();
  if (!text) return undefined;
  return BY_WORDS.find(([pattern]) => pattern.test(text))?.[1];
}
