/**
 * A parent's saved delivery addresses (decision 114): the rules of the address book, pure. The
 * service (services/accounts.ts) loads the account's book under a lock, decides here, and writes
 * what was decided; the checkout pre-fills what `addressToPrefill` picks.
 */
import { RuleViolation } from "../errors";
import type { ShippingAddress } from "../orders/events";

/** How many delivery addresses one account keeps (the issue: "up to three"). */
export const MAX_SAVED_ADDRESSES = 3;

export interface SavedAddress extends ShippingAddress {
  id: string;
  /** When it was saved or last edited (ISO). */
  updatedAt: string;
}

export type AddressBookCommand =
  | { type: "AddAddress"; id: string; address: ShippingAddress; at: string }
  | { type: "EditAddress"; id: string; address: ShippingAddress; at: string }
  | { type: "DeleteAddress"; id: string };

/** What to write: nothing (it is so already), a new row, a row changed, a row gone. */
export type AddressBookChange =
  | { type: "none"; id?: string }
  | { type: "insert"; address: SavedAddress }
  | { type: "update"; address: SavedAddress }
  | { type: "delete"; id: string };

/** Case, spaces and the way a number is written aside, the same place and the same person to call. */
export function sameAddress(a: ShippingAddress, b: ShippingAddress): boolean {
  const norm = (value: string) => value.trim().replace(/\s+/g, " ").toLowerCase();
  return (["name", "phone", "address", "city", "pincode"] as const).every((field) => norm(a[field]) === norm(b[field]));
}

/**
 * The address book's rules. Adding one already saved changes nothing (a form sent twice, an
 * address saved from the checkout that is there already); a fourth is refused (409), the parent
 * edits or deletes one instead. Editing one that is not there is refused (404); deleting one that
 * is not there is done already.
 */
export function decideAddressBook(command: AddressBookCommand, book: readonly SavedAddress[]): AddressBookChange {
  switch (command.type) {
    case "AddAddress": {
      const same = book.find((saved) => sameAddress(saved, command.address));
      if (same) return { type: "none", id: same.id };
      if (book.length >= MAX_SAVED_ADDRESSES) throw new RuleViolation("account.addressBookFull", { max: MAX_SAVED_ADDRESSES }, 409);
      return { type: "insert", address: { ...command.address, id: command.id, updatedAt: command.at } };
    }
    case "EditAddress": {
      const saved = book.find((a) => a.id === command.id);
      if (!saved) throw new RuleViolation("account.noSuchAddress", {}, 404);
      if (sameAddress(saved, command.address)) return { type: "none", id: saved.id };
      return { type: "update", address: { ...command.address, id: saved.id, updatedAt: command.at } };
    }
    case "DeleteAddress":
      return book.some((a) => a.id === command.id) ? { type: "delete", id: command.id } : { type: "none" };
  }
}

/** Whether the checkout may offer to save `address`: not saved yet, and room for it. */
export function mayOfferToSave(address: ShippingAddress, book: readonly SavedAddress[]): "offer" | "saved" | "full" {
  if (book.some((saved) => sameAddress(saved, address))) return "saved";
  return book.length >= MAX_SAVED_ADDRESSES ? "full" : "offer";
}

/**
 * The address the checkout starts from: the last one used, which is the newer of the address the
 * account's latest order went to and the saved address added or edited last (a parent who has just
 * saved a new address expects it; one who ordered to another place since expects that one). With
 * neither, nothing: the parent types it.
 */
export function addressToPrefill(
  book: readonly SavedAddress[],
  lastOrder: { address: ShippingAddress; placedAt: string } | undefined,
): ShippingAddress | undefined {
  const newestSaved = [...book].sort((a, b) => Date.parse(b.updatedAt) - Date.parse(a.updatedAt))[0];
  const pick =
    newestSaved && (!lastOrder || Date.parse(newestSaved.updatedAt) > Date.parse(lastOrder.placedAt)) ? newestSaved : lastOrder?.address;
  if (!pick) return undefined;
  const { name, phone, address, city, pincode } = pick;
  return { name, phone, address, city, pincode };
}
