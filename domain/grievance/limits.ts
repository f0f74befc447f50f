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
