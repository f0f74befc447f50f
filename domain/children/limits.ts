/**
 * How much an account keeps of its children, as the account page says it and ./children.ts
 * decides it. No schema here: the page's browser code reads these (decision 151).
 */

/** How many children one account keeps (the issue: "up to five"). */
export const MAX_CHILDREN = 5;
/** A first name or a nickname: what the cart and the kit call the child. */
export const CHILD_NAME_MAX = 30;
/** A size as a label prints it ("30", "38-32", "Free Size"). */
export const KNOWN_SIZE_MAX = 12;
