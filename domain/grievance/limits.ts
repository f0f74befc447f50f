/**
 * What a complaint may say, as the grievance page's form shows it (its topics and maxlengths) and
 * ./ticket.ts keeps it. No schema here: the page's browser code reads these (decision 151).
 */

/** What a complaint is about: the admin's list groups by it; the words are the `grievance` namespace's. */
export const GRIEVANCE_TOPICS = ["order", "delivery", "product", "payment", "refund", "other"] as const;

export const NAME_MAX = 100;
export const TEXT_MAX = 1000;
/** A note the parent receives by SMS too: short enough for a few SMS parts. */
export const NOTE_MAX = 300;

/**
 * Complaints a parent may file (decision 196): each ticket is texted and starts a 48-hour deadline, so filing is
 * limited per account (3 a day), per client address (5 an hour, an IPv6 one by its /64) and for the whole shop
 * (30 an hour). A parent with more to say writes it in one complaint, or calls the shop.
 */
export const GRIEVANCE_LIMITS = {
  perAccountPerDay: 3,
  perAddressPerHour: 5,
  shopPerHour: 30,
} as const;
