// The rules of a parent's own details (decision 114): the address book, the pre-filled checkout
// address, a new name and email, a new mobile number.
import { describe, expect, it } from "vitest";
import { ruleRefusal } from "../support/refusal";
import {
  MAX_SAVED_ADDRESSES,
  addressToPrefill,
  decideAddressBook,
  mayOfferToSave,
  sameAddress,
  type SavedAddress,
} from "../../domain/account/addresses";
import { checkNewPhone, decideProfile, type AccountDetails } from "../../domain/account/profile";

const home = { name: "Asha Devi", phone: "9876501234", address: "12 Station Road", city: "Churu", pincode: "331001" };
const school = { name: "Asha Devi", phone: "9876501234", address: "Near DPS gate, Ratangarh Road", city: "Churu", pincode: "331001" };
const grandma = { name: "Kamla Devi", phone: "9876509999", address: "4 Bazaar Lane", city: "Sardarshahar", pincode: "331403" };
const saved = (address: typeof home, id: string, updatedAt: string): SavedAddress => ({ ...address, id, updatedAt });
const at = "2026-11-20T10:00:00.000Z";

describe("the address book", () => {
  it("adds an address, up to three", () => {
    expect(decideAddressBook({ type: "AddAddress", id: "a1", address: home, at }, [])).toEqual({ type: "insert", address: { ...home, id: "a1", updatedAt: at } });
    const three = [saved(home, "a1", at), saved(school, "a2", at), saved(grandma, "a3", at)];
    expect(MAX_SAVED_ADDRESSES).toBe(3);
    expect(ruleRefusal(() => decideAddressBook({ type: "AddAddress", id: "a4", address: { ...home, address: "New flat" }, at }, three))).toEqual({
      message: "You can keep up to 3 addresses. Edit or delete one to add another.",
      status: 409,
    });
  });

  it("adds nothing for an address already saved (case and spaces aside), even with a full book", () => {
    const three = [saved(home, "a1", at), saved(school, "a2", at), saved(grandma, "a3", at)];
    const typedAgain = { ...home, address: " 12  station road ", city: "CHURU" };
    expect(decideAddressBook({ type: "AddAddress", id: "a4", address: typedAgain, at }, three)).toEqual({ type: "none", id: "a1" });
  });

  it("edits a saved address, refuses one that is not saved, and changes nothing for the same words", () => {
    const book = [saved(home, "a1", at)];
    const later = "2026-11-21T10:00:00.000Z";
    expect(decideAddressBook({ type: "EditAddress", id: "a1", address: school, at: later }, book)).toEqual({
      type: "update",
      address: { ...school, id: "a1", updatedAt: later },
    });
    expect(decideAddressBook({ type: "EditAddress", id: "a1", address: home, at: later }, book)).toEqual({ type: "none", id: "a1" });
    expect(ruleRefusal(() => decideAddressBook({ type: "EditAddress", id: "nope", address: school, at }, book))).toEqual({
      message: "That address is not in your account.",
      status: 404,
    });
  });

  it("deletes a saved address; deleting it again is done already", () => {
    const book = [saved(home, "a1", at)];
    expect(decideAddressBook({ type: "DeleteAddress", id: "a1" }, book)).toEqual({ type: "delete", id: "a1" });
    expect(decideAddressBook({ type: "DeleteAddress", id: "a1" }, [])).toEqual({ type: "none" });
  });

  it("compares addresses as a parent writes them", () => {
    expect(sameAddress(home, { ...home, name: "asha  devi " })).toBe(true);
    expect(sameAddress(home, { ...home, pincode: "331002" })).toBe(false);
  });

  it("offers to save an order's address only when it is new and there is room", () => {
    expect(mayOfferToSave(home, [])).toBe("offer");
    expect(mayOfferToSave(home, [saved(home, "a1", at)])).toBe("saved");
    expect(mayOfferToSave({ ...home, address: "Flat 2" }, [saved(home, "a1", at), saved(school, "a2", at), saved(grandma, "a3", at)])).toBe("full");
  });
});

describe("the checkout's pre-filled address: the last one used", () => {
  const book = [saved(home, "a1", "2026-11-01T10:00:00.000Z"), saved(grandma, "a2", "2026-11-05T10:00:00.000Z")];

  it("is nothing without saved addresses or orders", () => {
    expect(addressToPrefill([], undefined)).toBeUndefined();
  });

  it("is the latest order's address when nothing was saved or edited since", () => {
    expect(addressToPrefill(book, { address: school, placedAt: "2026-11-10T10:00:00.000Z" })).toEqual(school);
    expect(addressToPrefill([], { address: school, placedAt: at })).toEqual(school);
  });

  it("is the address saved or edited last when that came after the latest order", () => {
    expect(addressToPrefill(book, { address: school, placedAt: "2026-11-03T10:00:00.000Z" })).toEqual(grandma);
    expect(addressToPrefill(book, undefined)).toEqual(grandma);
  });
});

describe("a parent's name and email", () => {
  const phoneAccount: AccountDetails = { id: "u1", name: "Customer 1234", email: null, phone: "9876501234", hasPassword: false };
  const emailAccount: AccountDetails = { id: "u2", name: "asha", email: "asha@example.in", phone: null, hasPassword: true };

  it("changes the name and adds an email", () => {
    expect(decideProfile({ name: "Asha Devi", email: "asha@example.in" }, phoneAccount, null)).toEqual({ name: "Asha Devi", email: "asha@example.in" });
    expect(decideProfile({ name: "Customer 1234", email: null }, phoneAccount, null)).toBeNull();
  });

  it("keeps the email an account signs in with, and refuses another account's email", () => {
    expect(ruleRefusal(() => decideProfile({ name: "Asha", email: null }, emailAccount, null))).toEqual({
      message: "You log in with your email and password, so your account needs an email.",
      status: 422,
    });
    expect(ruleRefusal(() => decideProfile({ name: "Asha", email: "ravi@example.in" }, emailAccount, "u9"))).toEqual({
      message: "Another account already uses this email.",
      status: 409,
    });
    expect(decideProfile({ name: "Asha Devi", email: "asha@example.in" }, emailAccount, "u2")).toEqual({ name: "Asha Devi", email: "asha@example.in" });
  });
});

describe("a new mobile number", () => {
  it("is not the account's own nor another account's", () => {
    const account = { id: "u1", phone: "9876501234" };
    expect(ruleRefusal(() => checkNewPhone("9876501234", account, "u1"))).toEqual({ message: "This is already your mobile number.", status: 422 });
    expect(ruleRefusal(() => checkNewPhone("9876500000", account, "u2")).status).toBe(409);
    expect(() => checkNewPhone("9876500000", account, null)).not.toThrow();
    expect(() => checkNewPhone("9876500000", { id: "u1", phone: null }, null)).not.toThrow();
  });
});
