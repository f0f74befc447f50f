// Parents' orders follow them, and their details are their own (decision 114): a guest order placed
// with a number joins the account that proves that number by its code (phone sign-in, phone sign-up,
// a number added or changed on the account page), through an OrderLinkedToAccount event on the
// order that the orders projector, replay and `shop verify` agree on and the admin's trail shows;
// the account page edits the name and email, changes the number with a code sent to the new one,
// and keeps up to three delivery addresses, the last one used pre-filled at checkout. Pages as a
// browser without JavaScript uses them (plain form posts), codes read from the fake SMS provider.
import { randomInt, randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SIGNUP_TAKEN_WINDOW_MINUTES } from "../../domain/auth";
import { orderEvents, orderStreamId, type OrderEvent } from "../../domain/orders/events";
import { replay, verify } from "../../projectors/replay";
import { call, createTestAdmin } from "../support/admin";
import { eventually } from "../support/fake-providers";
import { startTestServer, type TestServer } from "../support/server";
import { clearOfWindowEdge } from "../support/time";
import { lookUpOrder } from "../support/tracking";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
}, 180_000);
afterAll(async () => {
  await server?.close();
});

// Each number in a series of its own: the shop limits how many numbers of one series get codes (the SMS budget).
const newPhone = () => String(6_000_000_000 + randomInt(0, 4_000_000_000));

type Jar = { cookie: string };
const cookiesOf = (res: Response, jar: Jar) => {
  const fresh = res.headers.getSetCookie().map((c) => c.split(";")[0]);
  const kept = new Map(jar.cookie ? jar.cookie.split("; ").map((c) => c.split(/=(.*)/s) as [string, string]) : []);
  for (const c of fresh) {
    const [name, value] = c.split(/=(.*)/s);
    kept.set(name, value);
  }
  jar.cookie = [...kept].filter(([, v]) => v).map(([n, v]) => `${n}=${v}`).join("; ");
};
const get = async (path: string, jar: Jar) => {
  const res = await call(`${server.url}${path}`, { headers: { Cookie: jar.cookie } });
  cookiesOf(res, jar);
  return res;
};
const post = async (path: string, fields: Record<string, string>, jar: Jar) => {
  const res = await call(`${server.url}${path}`, {
    method: "POST",
    body: new URLSearchParams(fields).toString(),
    headers: { Origin: server.url, Cookie: jar.cookie, "Content-Type": "application/x-www-form-urlencoded" },
  });
  cookiesOf(res, jar);
  return res;
};
/** HTML-escaped, as React writes text into the page. */
const escaped = (text: string) => text.replace(/&/g, "&amp;").replace(/'/g, "&#x27;").replace(/"/g, "&quot;");

/**
 * The code in the `count`th sign-in text to `phone`, as the parent reads it: the numbers here also
 * get their orders' texts, so only the texts with a code count.
 */
async function codeTo(phone: string, count = 1): Promise<string> {
  const codes = await eventually(`${count} code(s) to ${phone}`, () => {
    const found = server.sms.to(phone).flatMap((r) => /\b(\d{6})\b/.exec(r.text)?.[1] ?? []);
    return found.length >= count ? found : null;
  });
  return codes[count - 1];
}

/** A guest order (or one of an account) placed with this mobile number, visible in the read model. */
async function orderWith(phone: string, options: { userId?: string; name?: string } = {}) {
  const name = options.name ?? "Asha Devi";
  const placed = await server.shop.orders.placeOrder({
    scope: options.userId ? `user:${options.userId}` : `guest:${phone}`,
    idempotencyKey: randomUUID(),
    items: [{ productId: "stationery/scientific-calculator", quantity: 1 }],
    customer: options.userId ? { kind: "user", userId: options.userId, name, phone } : { kind: "guest", name, phone },
    address: { name, phone, address: "12 Station Road", city: "Churu", pincode: "331001" },
  });
  await server.shop.orders.waitUntilVisible(placed.position);
  return placed;
}

/**
 * Until the read models have what the order's stream holds. The sign-in waits for its link to show
 * (bounded at 2 s); a machine busy with other test runs can take longer.
 */
async function caughtUp(orderId: string): Promise<void> {
  const stream = await server.shop.store.readStream(orderStreamId(orderId));
  expect(await server.shop.waitForReadModels(stream.at(-1)!.position, 20_000)).toBe(true);
}

async function eventsOf(orderId: string): Promise<OrderEvent[]> {
  return orderEvents.readAll(await server.shop.store.readStream(orderStreamId(orderId)));
}

/** /login with a number, its code from the SMS, and (a new number) the name: the signed-in jar. */
async function signInByPhone(phone: string, name: string, texts: number): Promise<Jar> {
  const jar: Jar = { cookie: "" };
  const sent = await post("/login", { identifier: phone }, jar);
  expect(sent.headers.get("location")).toBe("/otp");
  const verified = await post("/otp", { intent: "verify", otp: await codeTo(phone, texts) }, jar);
  expect(verified.status).toBe(302);
  if (verified.headers.get("location") === "/otp") {
    const asked = await (await get("/otp", jar)).text();
    expect(asked).toContain("is new to us. Tell us your name to make your account.");
    const named = await post("/otp", { intent: "name", name }, jar);
    expect(named.headers.get("location")).toBe("/account");
  } else {
    expect(verified.headers.get("location")).toBe("/account");
  }
  return jar;
}

describe("guest orders follow the parent", () => {
  it("joins the guest orders of a number to the account that signs in with it, and no other order", async () => {
    const phone = newPhone();
    const guest = await orderWith(phone);
    const other = await orderWith(newPhone(), { name: "Ravi" });
    const elsewhere = await orderWith(phone, { userId: randomUUID(), name: "Someone signed in" });

    const jar = await signInByPhone(phone, "Asha Devi", 1);
    await caughtUp(guest.orderId);
    const page = await (await get("/account", jar)).text();
    expect(page).not.toContain("<p>No orders found.</p>");
    expect(page).toContain(guest.displayId);
    expect(page).not.toContain(other.displayId);
    expect(page).not.toContain(elsewhere.displayId);
    expect(page).toContain("Asha Devi");

    const user = await server.shop.db.selectFrom("users").select(["id", "name"]).where("phone", "=", phone).executeTakeFirstOrThrow();
    expect(user.name).toBe("Asha Devi");
    const linked = (await eventsOf(guest.orderId)).at(-1);
    expect(linked).toMatchObject({
      type: "OrderLinkedToAccount",
      data: { orderId: guest.orderId, userId: user.id, phone, actor: { kind: "customer", id: user.id, name: "Asha Devi" } },
    });
    expect((await eventsOf(other.orderId)).map((e) => e.type)).not.toContain("OrderLinkedToAccount");
    expect((await eventsOf(elsewhere.orderId)).map((e) => e.type)).not.toContain("OrderLinkedToAccount");
    expect((await server.shop.orders.getOrder(elsewhere.orderId))?.userId).not.toBe(user.id);
    expect((await server.shop.orders.getOrder(other.orderId))?.userId).toBeNull();

    // Signing in again links nothing twice.
    const before = (await eventsOf(guest.orderId)).length;
    await signInByPhone(phone, "unused", 2);
    expect(await eventsOf(guest.orderId)).toHaveLength(before);

    // Tracking by number and phone keeps working.
    const lookup = await lookUpOrder(server.url, { orderId: guest.displayId, phone });
    expect(lookup.res.status).toBe(303);
    const tracked = await get(lookup.location!, { cookie: lookup.cookie });
    expect(tracked.status).toBe(200);
    const trackedPage = await tracked.text();
    expect(trackedPage).toContain('data-testid="tracked-status"');
    expect(trackedPage).toContain(guest.displayId);

    // The admin's trail says it.
    const admin = await createTestAdmin(server.shop, server.url);
    const trail = await (await get(`/admin/orders/${guest.orderId}`, { cookie: admin.cookie })).text();
    expect(trail).toContain("Linked to an account");
    expect(trail).toContain(escaped(`Linked to the account of Asha Devi: mobile number ${phone} proven by a code`));
  });

  it("links the orders of the number a phone sign-up proves, the account named as asked", async () => {
    const phone = newPhone();
    const guest = await orderWith(phone, { name: "Ravi Kumar" });
    const jar: Jar = { cookie: "" };
    const refused = await post("/signup", { method: "phone", phone }, jar);
    expect(refused.status).toBe(422);
    expect(await refused.text()).toContain("Name is required");
    expect((await post("/signup", { method: "phone", name: " Ravi  Kumar ", phone }, jar)).headers.get("location")).toBe("/otp");
    const verified = await post("/otp", { intent: "verify", otp: await codeTo(phone) }, jar);
    expect(verified.headers.get("location")).toBe("/account");
    await caughtUp(guest.orderId);
    const page = await (await get("/account", jar)).text();
    expect(page).toContain("Ravi Kumar");
    expect(page).toContain(guest.displayId);
  });

  it("rebuilds to the same read model: replay and verify agree with live projection", async () => {
    const phone = newPhone();
    const guest = await orderWith(phone);
    await signInByPhone(phone, "Kamla", 1);
    await caughtUp(guest.orderId);
    const live = await server.shop.orders.getOrder(guest.orderId);
    expect(live?.userId).toBeTruthy();
    expect(await verify(server.shop.db, server.shop.store, [...server.shop.projectors], { batchSize: 7 })).toEqual([]);
    await replay(server.shop.db, server.shop.store, [...server.shop.projectors], { batchSize: 5 });
    expect((await server.shop.orders.getOrder(guest.orderId))?.userId).toBe(live?.userId);
    expect(await server.shop.orders.getOrderHistory(live!.userId!)).toEqual(expect.arrayContaining([expect.objectContaining({ id: guest.orderId })]));
  });
});

/** A parent with an email account, signed in by the signup page. */
async function emailParent(): Promise<{ jar: Jar; email: string; userId: string }> {
  const jar: Jar = { cookie: "" };
  const email = `parent-${randomUUID()}@example.com`;
  const res = await post("/signup", { method: "email", email, password: "satchel-2026" }, jar);
  expect(res.status).toBe(302);
  const user = await server.shop.auth.findUserByEmail(email);
  return { jar, email, userId: user!.id };
}

describe("a parent's own details", () => {
  it("edits the name and email, keeping an email to log in with and refusing another account's", async () => {
    const { jar, email, userId } = await emailParent();
    const other = await emailParent();
    const page = await (await get("/account?edit=details", jar)).text();
    expect(page).toContain('id="profile-name"');

    const noEmail = await post("/account?details", { intent: "profile", name: "Meera", email: "" }, jar);
    expect(noEmail.status).toBe(422);
    expect(await noEmail.text()).toContain("You log in with your email and password, so your account needs an email.");
    const taken = await post("/account?details", { intent: "profile", name: "Meera", email: other.email.toUpperCase() }, jar);
    expect(taken.status).toBe(409);
    expect(await taken.text()).toContain("Another account already uses this email.");
    const noName = await post("/account?details", { intent: "profile", name: " ", email }, jar);
    expect(noName.status).toBe(422);
    expect(await noName.text()).toContain("Name is required");

    const newEmail = `meera-${randomUUID()}@example.com`;
    const saved = await post("/account?details", { intent: "profile", name: "Meera Sharma", email: newEmail }, jar);
    expect(saved.headers.get("location")).toBe("/account?saved=details#details");
    const after = await (await get("/account?saved=details", jar)).text();
    expect(after).toContain("Your details are saved.");
    expect(after).toContain("Meera Sharma");
    expect(await server.shop.auth.findUser(userId)).toMatchObject({ name: "Meera Sharma", email: newEmail });
    // The new email signs in with the old password.
    expect((await post("/login", { identifier: newEmail, password: "satchel-2026" }, { cookie: "" })).headers.get("location")).toBe("/account");
  });

  it("changes the number with a code sent to the new one, then links that number's guest orders", async () => {
    const { jar, userId } = await emailParent();
    // Another account's number: the code goes to it all the same (nothing says the number has an account),
    // and only its holder, once the code is right, is told.
    const taken = newPhone();
    await signInByPhone(taken, "Someone", 1);
    expect((await post("/account?details", { intent: "phone-send", phone: taken }, jar)).headers.get("location")).toBe("/account?edit=phone#phone");
    const refusedTaken = await post("/account?details", { intent: "phone-verify", otp: await codeTo(taken, 2) }, jar);
    expect(refusedTaken.status).toBe(409);
    expect(await refusedTaken.text()).toContain("This mobile number is on another account.");
    expect((await server.shop.auth.findUser(userId))?.phone).toBeNull();
    expect((await post("/account?details", { intent: "phone-cancel" }, jar)).headers.get("location")).toBe("/account#phone");

    const phone = newPhone();
    const guest = await orderWith(phone);
    const sent = await post("/account?details", { intent: "phone-send", phone: `+91 ${phone.slice(0, 5)} ${phone.slice(5)}` }, jar);
    expect(sent.headers.get("location")).toBe("/account?edit=phone#phone");
    const waiting = await (await get("/account?edit=phone", jar)).text();
    expect(waiting).toContain(`******${phone.slice(-4)}`);
    expect(waiting).not.toContain(phone);
    // Nothing changes before the code is proven.
    expect((await server.shop.auth.findUser(userId))?.phone).toBeNull();

    const code = await codeTo(phone);
    const wrong = await post("/account?details", { intent: "phone-verify", otp: code === "000000" ? "111111" : "000000" }, jar);
    expect(wrong.status).toBe(401);
    expect(await wrong.text()).toContain("Invalid OTP");
    const proven = await post("/account?details", { intent: "phone-verify", otp: code }, jar);
    expect(proven.headers.get("location")).toBe("/account?saved=phone&linked=1#phone");
    expect((await server.shop.auth.findUser(userId))?.phone).toBe(phone);
    await caughtUp(guest.orderId);
    const page = await (await get("/account?saved=phone&linked=1", jar)).text();
    expect(page).toContain("Your mobile number is changed.");
    expect(page).toContain("1 order placed with this number is now in your Order History.");
    expect(page).toContain(guest.displayId);

    // The account's own number again: nothing to prove.
    const same = await post("/account?details", { intent: "phone-send", phone }, jar);
    expect(same.status).toBe(422);
    expect(await same.text()).toContain("This is already your mobile number.");
  });

  it("keeps up to three addresses, edits and deletes them, and pre-fills the checkout with the last one", async () => {
    const { jar, userId } = await emailParent();
    const address = (n: number) => ({ name: `Asha ${n}`, phone: "9876501234", address: `${n} Station Road`, city: "Churu", pincode: "331001" });
    const missing = await post("/account?details", { intent: "address-add", ...address(1), city: "" }, jar);
    expect(missing.status).toBe(422);
    expect(await missing.text()).toContain("City is required");
    for (const n of [1, 2, 3]) {
      const added = await post("/account?details", { intent: "address-add", ...address(n) }, jar);
      expect(added.headers.get("location")).toBe("/account?saved=address#addresses");
    }
    const fourth = await post("/account?details", { intent: "address-add", ...address(4) }, jar);
    expect(fourth.status).toBe(409);
    expect(await fourth.text()).toContain("You can keep up to 3 addresses. Edit or delete one to add another.");

    const book = await server.shop.accounts.addresses(userId);
    expect(book.map((a) => a.address)).toEqual(["1 Station Road", "2 Station Road", "3 Station Road"]);
    const edited = await post("/account?details", { intent: "address-edit", id: book[0].id, ...address(1), address: "1 Gandhi Chowk" }, jar);
    expect(edited.status).toBe(302);
    const deleted = await post("/account?details", { intent: "address-delete", id: book[1].id }, jar);
    expect(deleted.headers.get("location")).toBe("/account?saved=addressDeleted#addresses");
    // Another parent's address is not this one's to edit.
    const stranger = await emailParent();
    const notMine = await post("/account?details", { intent: "address-edit", id: book[2].id, ...address(9) }, stranger.jar);
    expect(notMine.status).toBe(404);
    expect((await server.shop.accounts.addresses(userId)).map((a) => a.address)).toEqual(["1 Gandhi Chowk", "3 Station Road"]);

    // The checkout starts from the address saved or edited last.
    await server.shop.cart.add({ kind: "user", userId }, { productId: "stationery/scientific-calculator", quantity: 1 });
    const checkout = await (await get("/checkout?step=details", jar)).text();
    expect(checkout).toContain('value="1 Gandhi Chowk"');
    expect(checkout).toContain('value="Asha 1"');
  });

  it("offers to save a new address after a checkout, and saves it from the order", async () => {
    const { jar, userId } = await emailParent();
    await server.shop.cart.add({ kind: "user", userId }, { productId: "stationery/scientific-calculator", quantity: 1 });
    const form = await (await get("/checkout?step=details", jar)).text();
    // What the page's details form sends besides what the parent types (its key, what it showed), as a browser would.
    const hidden = Object.fromEntries(
      [...form.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)].map(([, name, value]) => [name, value.replace(/&quot;/g, '"').replace(/&amp;/g, "&")]),
    );
    expect(hidden.idempotencyKey).toBeTruthy();
    const placed = await post(
      "/checkout",
      { ...hidden, name: "Asha Devi", phone: "9876501234", address: "7 Subhash Marg", city: "Churu", pincode: "331001", paymentMethod: "cod" },
      jar,
    );
    expect(placed.status).toBe(302);
    const done = placed.headers.get("location")!;
    const orderId = new URL(done, server.url).searchParams.get("order")!;
    const confirmation = await (await get(done, jar)).text();
    expect(confirmation).toContain("Keep this address in your account for your next order?");
    expect(confirmation).toContain('value="address-from-order"');
    const saved = await post("/account?details", { intent: "address-from-order", orderId }, jar);
    expect(saved.headers.get("location")).toBe(`/checkout/done?order=${orderId}&saved=address`);
    expect((await server.shop.accounts.addresses(userId)).map((a) => a.address)).toEqual(["7 Subhash Marg"]);
    const after = await (await get(`/checkout/done?order=${orderId}&saved=address`, jar)).text();
    expect(after).toContain("The address is saved in your account.");
    expect(after).not.toContain('value="address-from-order"');
    // Someone else's order is not found.
    const stranger = await emailParent();
    expect((await post("/account?details", { intent: "address-from-order", orderId }, stranger.jar)).status).toBe(404);
  });
});

// Last: it uses up this address's "already has an account" answers for the hour, which sign-up shares.
describe("which emails have accounts, asked from the account page", () => {
  it("is told as slowly as at sign-up: past five answers an hour, every email change from the address is refused", async () => {
    const { jar, email, userId } = await emailParent();
    const others = await Promise.all([1, 2, 3, 4, 5, 6].map(() => emailParent()));
    const answers: number[] = [];
    await clearOfWindowEdge(SIGNUP_TAKEN_WINDOW_MINUTES);
    for (const other of others) answers.push((await post("/account?details", { intent: "profile", name: "Meera", email: other.email }, jar)).status);
    // Five 409s an hour for the address (an earlier test here had one), then 429 whatever the email.
    expect(answers.filter((status) => status === 409).length).toBeLessThanOrEqual(5);
    expect(answers.at(-1)).toBe(429);
    const free = await post("/account?details", { intent: "profile", name: "Meera", email: `free-${randomUUID()}@example.com` }, jar);
    expect(free.status).toBe(429);
    expect(await free.text()).toContain("Too many email changes from your network. Please try again in an hour.");
    // The name alone still changes: the email stays.
    expect((await post("/account?details", { intent: "profile", name: "Meera Devi", email }, jar)).status).toBe(302);
    expect(await server.shop.auth.findUser(userId)).toMatchObject({ name: "Meera Devi", email });
  });
});
