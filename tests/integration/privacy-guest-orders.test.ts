/**
 * The guest data-rights form serves guest orders only (decision 192). The third probe took an account holder's order
 * number and delivery phone (both printed on the parcel) to /privacy/copy and got the account's email and id, and a
 * "guest" erasure request from the same form, carried out by the admin, erased a signed-in parent's order who never
 * asked. Now an order placed signed in or joined to an account since is refused to the guest path, in English and
 * Hindi; a guest order still is served.
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isRuleViolation } from "../../domain/errors";
import { orderSubject } from "../../domain/privacy/subjects";
import { refusalText } from "../../app/i18n/refusals.server";
import { openTestShop, type TestShop } from "../support/shop";
import { placeOrder } from "../support/notifications";

let shop: TestShop;
let nextPhone = 9_655_000_000 + Math.floor(Math.random() * 100_000);
const newPhone = () => String(nextPhone++);

beforeAll(async () => {
  shop = await openTestShop();
});
afterAll(async () => {
  await shop?.close();
});

async function guestOrder(phone: string): Promise<string> {
  const { orderId } = await placeOrder(shop.store, { phone, orderId: randomUUID() });
  const [last] = await shop.store.readStream(`order-${orderId}`, { direction: "backwards", maxCount: 1 });
  expect(await shop.waitForReadModels(last.position, 20_000)).toBe(true);
  return orderId;
}

async function refusalOf(promise: Promise<unknown>): Promise<{ key: string; status: number }> {
  try {
    await promise;
  } catch (err) {
    if (isRuleViolation(err)) return { key: err.key, status: err.status };
    throw err;
  }
  throw new Error("expected a refusal");
}

describe("the guest data-rights form", () => {
  it("refuses an order joined to an account, for a copy and for erasure, and the account's order stays", async () => {
    const phone = newPhone();
    const orderId = await guestOrder(phone);
    const userId = randomUUID();
    await shop.db.insertInto("users").values({ id: userId, name: "Sunita", email: `${userId}@example.in`, phone, password_hash: null, google_id: null }).execute();
    const { linked } = await shop.accounts.linkGuestOrders({ id: userId, name: "Sunita", phone });
    expect(linked).toContain(orderId);

    expect(await refusalOf(shop.privacy.guestSubject(orderId))).toEqual({ key: "privacy.onAccount", status: 409 });
    expect(await refusalOf(shop.privacy.requestErasure(orderSubject(orderId), "guest"))).toEqual({ key: "privacy.onAccount", status: 409 });
    expect((await shop.privacy.state(orderSubject(orderId))).erasureAskedAt).toBeUndefined();
    expect(refusalText("hi", { key: "privacy.onAccount", values: {} })).toContain("साइन इन");
    expect(refusalText("en", { key: "privacy.onAccount", values: {} })).toContain("Sign in to that account");
  });

  it("still serves a guest order: its subject, and an erasure request", async () => {
    const orderId = await guestOrder(newPhone());
    expect(await shop.privacy.guestSubject(orderId)).toBe(orderSubject(orderId));
    const asked = await shop.privacy.requestErasure(orderSubject(orderId), "guest");
    expect(asked.state.erasureAskedAt).toBeDefined();
  });
});
