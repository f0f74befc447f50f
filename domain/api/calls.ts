// The /api as data: every call of spec section 7 (and the few the shop adds), with the auth it
// needs, its body schema, an example and every status it can answer. docs/api.md is rendered
// from this (domain/api/docs.ts), and the contract and fuzz tests walk it, so the three cannot
// drift apart (decision 073).
import type { z } from "zod";
import { upiPayLink } from "../orders/upi";
import { MAX_BODY_BYTES, SIGN_IN_MAX_BODY_BYTES } from "./policy";
import {
  adminLoginBody,
  apiCartSchema,
  apiGuestOrderBody,
  apiProductBody,
  apiProductPatchBody,
  apiStockBody,
  apiUserOrderBody,
  loginBody,
  orderPatchBody,
  paymentConfirmBody,
  paymentRefundBody,
  paymentRejectBody,
  paymentReportBody,
  registerBody,
  sendOtpBody,
  verifyOtpBody,
} from "./schemas";

/** `any`: a shopper or an admin token. */
export type ApiAuth = "none" | "shopper" | "admin" | "any";
export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

export interface ApiError {
  status: number;
  when: string;
}

export interface ApiCall {
  method: HttpMethod;
  /** With `{id}` for a path parameter. */
  path: string;
  auth: ApiAuth;
  summary: string;
  /** The spec's section 7 names this call (the others are the shop's additions). */
  spec: boolean;
  body?: z.ZodType;
  maxBodyBytes?: number;
  query?: string;
  /** Takes an Idempotency-Key header. */
  idempotent?: boolean;
  /** A browser navigation: answers redirects, not JSON. */
  redirect?: boolean;
  example: { path?: string; request?: unknown; status: number; answer?: unknown; note?: string };
  errors: ApiError[];
}

const E = {
  malformed: { status: 400, when: "the body is not valid JSON, a field has the wrong type, a required field is missing, or a field is unknown" },
  tooLarge: (bytes: number) => ({ status: 413, when: `the body is over ${bytes / 1024} KB (counted while reading, chunked too)` }),
  notJson: { status: 415, when: "the body is not sent as `Content-Type: application/json`" },
  noToken: { status: 401, when: "no token, or an unknown, expired or revoked one (`Please log in.`)" },
  shopperOnly: { status: 403, when: "an admin token (this call takes a shopper's) (`You are not allowed to do this.`)" },
  adminOnly: { status: 403, when: "a shopper token (this call takes an admin's) (`You are not allowed to do this.`)" },
  method: { status: 405, when: "another method (the `Allow` header lists the right ones)" },
  server: { status: 500, when: "a fault of the shop's own (`Server error. Please try again later.`, logged, no details)" },
} as const;

const withBody = (max = MAX_BODY_BYTES): ApiError[] => [E.malformed, E.tooLarge(max), E.notJson];

/** The errors of a call, sorted by status, with the ones every call shares. */
function errors(...list: (ApiError | ApiError[])[]): ApiError[] {
  return [...list.flat(), E.method, E.server].sort((a, b) => a.status - b.status);
}

const address = { name: "Meena Sharma", phone: "9876500001", address: "4 Gandhi Nagar", city: "Churu", pincode: "331001" };
const user = { id: "0b9d6a5e-0c5f-4a57-9e54-2f1d4c8f3a10", name: "meena", email: "meena@example.com", phone: null, role: "customer" };
/** An order's money as every order answer carries it (decision 101): the default offer, 10% off, delivered free in Churu. */
const money = (subtotal: number, status = "unpaid", method = "cod", paid = 0, refunded = 0) => {
  const discount = Math.floor(subtotal / 10);
  const total = subtotal - discount;
  return {
    paymentStatus: paid > refunded ? "paid" : "pending",
    paymentMethod: method,
    payment: { status, amountDue: total, amountPaid: paid, amountRefunded: refunded, reference: null as string | null },
    subtotal,
    discount,
    discountPercent: 10,
    delivery: 0,
    total,
  };
};
const order = {
  id: "5c4f3e2d-1a0b-8c9d-8e7f-6a5b4c3d2e1f",
  displayId: "5C4F3E2D",
  userId: user.id,
  name: "Meena Sharma",
  phone: "9876500001",
  email: "meena@example.com",
  orderDate: "2025-06-01T10:00:00.000Z",
  createdAt: "2025-06-01T10:00:00.000Z",
  shippingAddress: { ...address, line1: address.address },
  status: "pending",
  ...money(610),
  items: [
    { productId: "school/dps/shirt", name: "Shirt", size: "30", school: "DPS", price: 310, quantity: 1 },
    { productId: "stationery/scientific-calculator", name: "Scientific Calculator", size: "Free Size", school: "", price: 150, quantity: 2 },
  ],
};
const product = {
  id: 12,
  name: "Navy Blazer",
  description: "Wool blend, two buttons",
  price: 999,
  image_url: "/images/products/navy-blazer.png",
  image: "/images/products/navy-blazer.png",
  stock_quantity: 3,
  category: "blazer",
  gender: "girls",
  size: "32",
};
const cart = {
  items: [
    { id: "school/dps/shirt", productId: "school/dps/shirt", name: "Shirt", size: "30", school: "DPS", quantity: 2, price: 310, imageUrl: "/images/illustrations/shirt.svg" },
  ],
  subtotal: 620,
  discountPercent: 10,
  discount: 62,
  total: 558,
  count: 2,
};
const cartItems = [
  { id: "school/dps/shirt", name: "Shirt", size: "30", quantity: 1, price: 310, school: "DPS", imageUrl: "/images/illustrations/shirt.svg" },
  { id: "stationery/scientific-calculator", name: "Scientific Calculator", quantity: 2, price: 150 },
];
/** The create answer carries the order's money at its top too, without the older two-way field. */
const placedMoney = (subtotal: number, method = "cod") => {
  const { paymentStatus, ...rest } = money(subtotal, "unpaid", method);
  void paymentStatus;
  return rest;
};
const placed = { message: "Your order has been placed. Thank you!", orderId: order.id, displayId: order.displayId, ...placedMoney(610), duplicate: false, order };
const upiOrder = { ...order, ...money(610, "unpaid", "upi") };
const payee = { vpa: "churuuniform@sbi", name: "Churu Uniform House" };
const upi = { link: upiPayLink(payee, 549, order.displayId), ...payee, amount: 549 };
const reported = { ...upiOrder, payment: { ...upiOrder.payment, status: "reported", reference: "412345678901" } };
const confirmed = { ...upiOrder, ...money(610, "paid", "upi", 549), payment: { ...money(610, "paid", "upi", 549).payment, reference: "412345678901" } };
const token = "shop_3q2...";

const priceConflict: ApiError = {
  status: 409,
  when: "a sent price or total differs from the shop's: the message names the line and its current price (`The price of Shirt (30) is now ₹310, not ₹10. ...`); no order is placed. A `total` equal to the lines' sum is accepted when the offer makes the order cheaper, and refused when delivery makes it dearer (`The order total is ₹379, not ₹310. ...`). Also: not enough stock, checked when the order reserves its units, so of N orders for the last k units exactly k are placed and the others get `Only 2 of Steel Bottle left in stock.` or `Steel Bottle is out of stock.`",
};
const paymentMethodRefusal: ApiError = {
  status: 422,
  when: "a `paymentMethod` other than upi or cod (`paymentMethod: The payment method must be one of upi, cod.`), or upi when the shop has no UPI ID (`Paying by UPI is not available right now. Please choose cash on delivery.`)",
};
const orderMoneyText =
  "Every order answer carries its money: `subtotal` (the lines), `discount` and `discountPercent` (the offer; the percent only when one applied), `delivery` (free in the delivery area), `total` = subtotal - discount + delivery (what is charged), `paymentMethod` (upi or cod) and `payment`: `status` (unpaid, reported, paid, partly refunded, refunded), `amountDue` (what the order charges), `amountPaid`, `amountRefunded` (in rupees to the paisa, as refunds are given back: 254.79), `reference` (the UPI reference awaiting the shop, else the confirmed one, else null). The older `paymentStatus` keeps its two values for existing clients: `paid` while the shop keeps money for the order, else `pending`.";
const noSuchOrder: ApiError = { status: 404, when: "no order has this id (`Order not found.`)" };
const idempotency: ApiError[] = [
  { status: 400, when: "the Idempotency-Key header is not 8 to 128 letters, digits or - _ . :" },
  { status: 422, when: "the Idempotency-Key was already used for a different body (`This Idempotency-Key was already used for a different order.`)" },
];

export const API_CALLS: ApiCall[] = [
  // ------------------------------------------------------------------ cart
  {
    method: "GET",
    path: "/api/cart",
    auth: "shopper",
    spec: true,
    summary:
      "The signed-in user's cart, named and priced by the server, with the shop's offer as the cart page shows it: `subtotal` (the lines), `discountPercent` and `discount` (0 when no offer applies), `total` = subtotal - discount. Delivery is charged once the order's address is known.",
    example: { status: 200, answer: cart },
    errors: errors(E.noToken, E.shopperOnly),
  },
  {
    method: "POST",
    path: "/api/cart",
    auth: "shopper",
    spec: true,
    summary:
      "Makes the cart these items (appended as cart events: added, changed, removed). Name, price, school and image sent by the client are ignored: the answer carries the server's. A line is id + size (+ school).",
    body: apiCartSchema,
    example: { request: { items: [{ id: "school/dps/shirt", name: "Shirt", size: "30", quantity: 2, price: 310, school: "DPS", imageUrl: "/images/illustrations/shirt.svg" }] }, status: 200, answer: cart },
    errors: errors(withBody(), E.noToken, E.shopperOnly, {
      status: 422,
      when: "an item the shop does not sell, a size it does not come in, out of stock, a quantity outside 1 to 99, more than 50 lines; the message names the item (`items.0 (nope/x): This product is not in our catalogue.`)",
    }),
  },
  {
    method: "DELETE",
    path: "/api/cart",
    auth: "shopper",
    spec: true,
    summary: "Empties the cart.",
    example: { status: 200, answer: { items: [], subtotal: 0, discountPercent: 0, discount: 0, total: 0, count: 0 } },
    errors: errors(E.noToken, E.shopperOnly),
  },
  // ------------------------------------------------------------------ users
  {
    method: "POST",
    path: "/api/users/login",
    auth: "none",
    spec: true,
    summary: "Email and password answer a shopper token. A phone number alone only sends a code by SMS (finish at verify-otp): a phone never signs in without one.",
    body: loginBody,
    maxBodyBytes: SIGN_IN_MAX_BODY_BYTES,
    example: { request: { email: "meena@example.com", password: "satchel-2026" }, status: 200, answer: { user, token } },
    errors: errors(withBody(SIGN_IN_MAX_BODY_BYTES), [
      { status: 401, when: "wrong email or password (`Login failed. Please check your credentials.`)" },
      { status: 422, when: "neither a valid email nor a 10-digit phone (`Please enter a valid email or 10-digit phone number.`), no password, or both email and phone" },
      { status: 429, when: "too many failed logins for this account from this address, or from the network, or too many codes sent (the message says how many minutes to wait)" },
    ]),
  },
  {
    method: "POST",
    path: "/api/users/register",
    auth: "none",
    spec: true,
    summary: "Email and password (and an optional name) create the account and answer 201 with a shopper token. A phone alone sends a code: the account is made at verify-otp.",
    body: registerBody,
    maxBodyBytes: SIGN_IN_MAX_BODY_BYTES,
    example: { request: { email: "meena@example.com", password: "satchel-2026" }, status: 201, answer: { user, token } },
    errors: errors(withBody(SIGN_IN_MAX_BODY_BYTES), [
      { status: 409, when: "the email already has an account (`An account with this email already exists. Please log in.`); at most 5 an hour per address (decision 115)" },
      { status: 422, when: "a missing field (`Please fill all fields.`), a short password (`Password must be at least 8 characters.`) or one of the most common (`This password is one of the most common ones. Please choose another.`), a bad email or phone" },
      { status: 429, when: "too many sign-ups from the network, 5 answers of 409 to it within the hour (every sign-up from it is then refused for the hour, whatever its email), or too many codes sent" },
    ]),
  },
  {
    method: "GET",
    path: "/api/users/google",
    auth: "none",
    spec: true,
    redirect: true,
    summary: "A browser navigation: a redirect to Google's consent screen (to /signup?google=unavailable when Google is not set up). Not JSON.",
    example: { status: 302, note: "Location: https://accounts.google.com/o/oauth2/v2/auth?... (or /signup?google=unavailable)" },
    errors: errors(),
  },
  {
    method: "POST",
    path: "/api/users/admin-login",
    auth: "none",
    spec: true,
    summary: "An admin's email and password (and, with a second factor, the authenticator's `code`) answer an admin-scope token, the only kind the admin calls take.",
    body: adminLoginBody,
    maxBodyBytes: SIGN_IN_MAX_BODY_BYTES,
    example: { request: { email: "owner@example.com", password: "a long admin password" }, status: 200, answer: { token: "shop_9x...", user: { ...user, email: "owner@example.com", role: "admin" } } },
    errors: errors(withBody(SIGN_IN_MAX_BODY_BYTES), [
      { status: 401, when: "wrong email or password; or, for an admin with a second factor (decision 197), no `code` or a wrong one (`This admin signs in with a second factor: send the code from the authenticator app as `code`.`)" },
      { status: 403, when: "the account is not an admin (`Login failed.`), or it still has the temporary password it was added with: change it on /admin/password first (decision 120)" },
      { status: 422, when: "not an email, or an empty password (`Please fill all fields.`)" },
      { status: 429, when: "too many failed logins" },
    ]),
  },
  {
    method: "POST",
    path: "/api/users/auth/send-otp",
    auth: "none",
    spec: true,
    summary: "Sends a 6-digit code (valid 10 minutes, single use) to the phone by SMS.",
    body: sendOtpBody,
    maxBodyBytes: SIGN_IN_MAX_BODY_BYTES,
    example: { request: { phone: "9876500001" }, status: 200, answer: { message: "OTP sent to your phone." } },
    errors: errors(withBody(SIGN_IN_MAX_BODY_BYTES), [
      { status: 422, when: "an empty phone (`Please enter your phone number.`) or not 10 digits (`Please enter a valid 10-digit phone number.`)" },
      { status: 429, when: "3 codes to the number in 10 minutes, or too many from the network" },
    ]),
  },
  {
    method: "POST",
    path: "/api/users/auth/verify-otp",
    auth: "none",
    spec: true,
    summary: "The right code for the number answers a shopper token; the first code a number verifies creates its account.",
    body: verifyOtpBody,
    maxBodyBytes: SIGN_IN_MAX_BODY_BYTES,
    example: { request: { phone: "9876500001", otp: "482913" }, status: 200, answer: { user: { ...user, email: null, phone: "9876500001" }, token } },
    errors: errors(withBody(SIGN_IN_MAX_BODY_BYTES), [
      { status: 401, when: "a wrong (`Invalid OTP`), expired or used code, or none was sent" },
      { status: 422, when: "a bad phone, or an empty code (`Please enter the code.`)" },
      { status: 429, when: "5 wrong tries for the code" },
    ]),
  },
  {
    method: "POST",
    path: "/api/users/logout",
    auth: "any",
    spec: false,
    summary: "Revokes the bearer token sent with the call (shopper or admin token): it stops working at once.",
    example: { status: 200, answer: { message: "Logged out." } },
    errors: errors({ status: 401, when: "no token, or one that is not (or no longer) valid (`Please log in.`)" }),
  },
  {
    method: "GET",
    path: "/api/users/me",
    auth: "shopper",
    spec: false,
    summary: "The shopper behind a token: lets a client check that its stored token still works.",
    example: { status: 200, answer: { user } },
    errors: errors(E.noToken, E.shopperOnly),
  },
  // ------------------------------------------------------------------ orders
  {
    method: "POST",
    path: "/api/orders/guest",
    auth: "none",
    spec: true,
    idempotent: true,
    summary:
      "A guest order: the cart lines, priced by the server, paid by `paymentMethod`: `cod` (cash on delivery, the default) or `upi`. 201 with the order; with an Idempotency-Key (scoped by the mobile number) a retry answers 200 with the same order and `Idempotent-Replayed: true`. Counted products (those of GET /api/products) are reserved with the order. The order's SMS is in English, or in Hindi when `Accept-Language` puts Hindi first. " +
      orderMoneyText +
      " A UPI order's answer also has `upi`: `{ link, vpa, name, amount }`, the `upi://pay` link for the exact amount (an app opens it, or shows it as a QR code); the shopper then reports the payment's reference with POST /api/orders/{id}/payment. Example of a UPI answer's extra field: `" +
      JSON.stringify(upi) +
      "`",
    body: apiGuestOrderBody,
    example: {
      request: { mobileNumber: "9876500001", cartItems, address, totalAmount: 610 },
      status: 201,
      answer: { ...placed, order: { ...order, userId: null, email: null } },
    },
    errors: errors(withBody(), idempotency, priceConflict, paymentMethodRefusal, {
      status: 422,
      when:
        "an empty cart (`Your cart is empty.`), a missing or bad address field (`Name is required`, `Mobile number is required`, `Address is required`, `City is required`, `Pincode is required`, `Pincode must be 6 digits`), a mobile number that is not 10 digits, an item the shop does not sell, a quantity outside 1 to 99",
    }),
  },
  {
    method: "POST",
    path: "/api/orders",
    auth: "shopper",
    spec: true,
    idempotent: true,
    summary:
      "An order for the signed-in user, as for a guest (items, total, shipping, paymentMethod: `cod` by default, or `upi`; a UPI order's answer has `upi` as for a guest). The Idempotency-Key is scoped by the user. " +
      orderMoneyText,
    body: apiUserOrderBody,
    example: {
      request: {
        items: [{ productId: "school/dps/shirt", name: "Shirt", size: "30", school: "DPS", price: 310, quantity: 1, image: "/images/illustrations/shirt.svg" }],
        total: 310,
        shipping: address,
        paymentMethod: "cod",
      },
      status: 201,
      answer: { ...placed, ...placedMoney(310), order: { ...order, ...money(310), items: [order.items[0]] } },
    },
    errors: errors(withBody(), E.noToken, E.shopperOnly, idempotency, priceConflict, paymentMethodRefusal, {
      status: 422,
      when: "an empty cart, a missing or bad shipping field (the checkout form's messages), an item the shop does not sell",
    }),
  },
  {
    method: "GET",
    path: "/api/orders/user",
    auth: "shopper",
    spec: true,
    summary: "The user's orders, newest first, as an array (deleted ones left out), each with its money and payment as POST /api/orders describes.",
    example: { status: 200, answer: [order] },
    errors: errors(E.noToken, E.shopperOnly),
  },
  {
    method: "GET",
    path: "/api/orders",
    auth: "admin",
    spec: true,
    query: "`status` (optional): pending, processing, shipped, delivered or cancelled",
    summary: "Every order (not deleted), newest first, as an array, each with its money and payment as POST /api/orders describes. At most 200.",
    example: { path: "/api/orders?status=pending", status: 200, answer: [order] },
    errors: errors(E.noToken, E.adminOnly, { status: 400, when: "an unknown status filter" }),
  },
  {
    method: "GET",
    path: "/api/orders/{id}",
    auth: "admin",
    spec: false,
    summary: "One order by its id, deleted ones too (`deleted: true`), with its money and payment as POST /api/orders describes.",
    example: { path: `/api/orders/${order.id}`, status: 200, answer: { ...order, deleted: false } },
    errors: errors(E.noToken, E.adminOnly, { status: 404, when: "no order has this id (`Order not found.`)" }),
  },
  {
    method: "PATCH",
    path: "/api/orders/{id}",
    auth: "admin",
    spec: true,
    summary:
      "Sets status and/or paymentStatus in one command with the admin as actor: both are decided together, and a refusal of either (409 or 422) changes nothing. A status is a move of the order's lifecycle (docs/admin.md, Order statuses): a move it does not allow (a cancelled order to shipped, a delivered one back to pending) is a 409 saying why. Answers the order. `paymentStatus` is the older two-way switch: `paid` records the order's money (cash collected for a cash order, the payment confirmed for a UPI one; nothing changes when the shop already keeps money for it); `pending` changes nothing on an unpaid order and is refused (409) on a paid one: money goes back with POST /api/orders/{id}/payment/refund. The payment calls below take each step on its own.",
    body: orderPatchBody,
    example: { path: `/api/orders/${order.id}`, request: { status: "shipped" }, status: 200, answer: { ...order, status: "shipped" } },
    errors: errors(withBody(), E.noToken, E.adminOnly, [
      { status: 404, when: "no order has this id" },
      { status: 409, when: "the order was deleted; paymentStatus `pending` on an order whose money the shop keeps (`This order's payment is recorded; give money back with a refund on the order's page.`), checked before the status changes; `paid` on a refunded order (`This order's payment is already recorded.`)" },
      { status: 422, when: "a status other than pending, processing, shipped, delivered, cancelled (or a payment status other than pending, paid)" },
    ]),
  },
  {
    method: "DELETE",
    path: "/api/orders/{id}",
    auth: "admin",
    spec: true,
    summary: "Deletes the order: a tombstone event with the admin as actor. It leaves the lists; its trail stays. Deleting again changes nothing.",
    example: { path: `/api/orders/${order.id}`, status: 200, answer: { message: "Order deleted.", order: { ...order, deleted: true } } },
    errors: errors(E.noToken, E.adminOnly, { status: 404, when: "no order has this id" }),
  },
  // ------------------------------------------------------------------ payments
  {
    method: "POST",
    path: "/api/orders/{id}/payment",
    auth: "none",
    spec: false,
    summary:
      "The shopper paid a UPI order in their UPI app and reports the payment's 12-digit reference (UTR; spaces and dashes are taken out); the shop confirms it against its bank. The order's owner only: a signed-in user sends their shopper token for their own order; for a guest order the body also carries the order's `phone` (the mobile number on the order, as guest tracking asks). A reference is claimed by one order only. Answers the order, `payment.status` `reported`. Refusals are in Hindi when `Accept-Language` puts Hindi first.",
    body: paymentReportBody,
    example: { path: `/api/orders/${order.id}/payment`, request: { reference: "4123 4567 8901", phone: "9876500001" }, status: 200, answer: { ...reported, userId: null, email: null } },
    errors: errors(withBody(), [
      { status: 404, when: "no such order, or not the caller's: no token of the order's user, or for a guest order no or another mobile number (`Order not found.`, the same whichever part was wrong)" },
      {
        status: 409,
        when: "a cash order (`This order is paid in cash on delivery.`), already paid (`This order is already paid. Thank you!`), cancelled, the same reference reported again, a reference the shop rejected for this order, or one reported for another order (`This UPI reference was already reported for another order. ...`)",
      },
      { status: 422, when: "not 12 digits (`Enter the 12-digit UPI transaction reference (UTR) from your UPI app.`)" },
    ]),
  },
  {
    method: "POST",
    path: "/api/orders/{id}/payment/confirm",
    auth: "admin",
    spec: false,
    summary:
      "The shop found the payment: records the order's whole amount as paid, with the reported reference (or the `reference` the admin saw in the bank, which is then claimed for this order) and an optional `note`. Cash orders too (an admin may confirm money sent by UPI for a cash order). Answers the order.",
    body: paymentConfirmBody,
    example: { path: `/api/orders/${order.id}/payment/confirm`, request: { note: "Seen in the bank statement" }, status: 200, answer: confirmed },
    errors: errors(withBody(), E.noToken, E.adminOnly, [
      noSuchOrder,
      { status: 409, when: "the payment is already recorded (`This order's payment is already recorded.`), the order was deleted, or the reference was reported for another order" },
      { status: 422, when: "a reference that is not 12 digits, a note over 500 characters" },
    ]),
  },
  {
    method: "POST",
    path: "/api/orders/{id}/payment/reject",
    auth: "admin",
    spec: false,
    summary:
      "The shop found no payment with the reported reference: the report is set aside with the admin's `note` (required), the reference is freed, and the shopper may report again. Answers the order (`payment.status` back to `unpaid`).",
    body: paymentRejectBody,
    example: { path: `/api/orders/${order.id}/payment/reject`, request: { note: "No such payment in the bank statement" }, status: 200, answer: upiOrder },
    errors: errors(withBody(), E.noToken, E.adminOnly, [
      noSuchOrder,
      { status: 409, when: "nothing is reported (`There is no reported payment to reject.`), or the order was deleted" },
      { status: 422, when: "an empty note (`Write why the payment is rejected.`), or over 500 characters" },
    ]),
  },
  {
    method: "POST",
    path: "/api/orders/{id}/payment/cash",
    auth: "admin",
    spec: false,
    summary: "The order's whole amount was paid in cash at the door. No body. Answers the order (`payment.status` `paid`).",
    example: { path: `/api/orders/${order.id}/payment/cash`, status: 200, answer: { ...order, ...money(610, "paid", "cod", 549) } },
    errors: errors(E.noToken, E.adminOnly, [
      noSuchOrder,
      { status: 409, when: "the payment is already recorded (`This order's payment is already recorded.`), or the order was deleted" },
    ]),
  },
  {
    method: "POST",
    path: "/api/orders/{id}/payment/refund",
    auth: "admin",
    spec: false,
    summary:
      "Money given back: `amount` in rupees to the paisa (254.79; at most two digits of paise, cash in whole rupees), paid back in `method` cash or upi (a UPI refund may carry its `reference`), with an optional `note`. Never more than was paid and not yet refunded. Answers the order: `payment.status` `partly refunded` (the older `paymentStatus` stays `paid`) or `refunded` (`pending`).",
    body: paymentRefundBody,
    example: {
      path: `/api/orders/${order.id}/payment/refund`,
      request: { amount: 150, method: "upi", reference: "512345678901", note: "Calculator returned" },
      status: 200,
      answer: { ...confirmed, payment: { ...confirmed.payment, status: "partly refunded", amountRefunded: 150 } },
    },
    errors: errors(withBody(), E.noToken, E.adminOnly, [
      noSuchOrder,
      { status: 409, when: "nothing was paid (`Nothing has been paid on this order, so nothing can be refunded.`), more than is left to refund (`A refund can be at most ₹549, what was paid and not yet refunded.`), or the order was deleted" },
      { status: 422, when: "an amount that is not a whole number above 0, a method other than cash or upi, a reference that is not 12 digits, a note over 500 characters" },
    ]),
  },
  // ------------------------------------------------------------------ products
  {
    method: "GET",
    path: "/api/products",
    auth: "none",
    spec: true,
    query: "`category`, `gender`, `size`, `minPrice`, `maxPrice` (rupees), `inStock` (true or false); each optional, `all` means no filter",
    summary: "The shop's products, cheapest first, as `{ products: [...] }` (the shop reads data.products).",
    example: { path: "/api/products?category=blazer&maxPrice=1000&inStock=true", status: 200, answer: { products: [product] } },
    errors: errors({ status: 400, when: "an unknown category or gender, a price that is not a number, minPrice over maxPrice, inStock not true or false" }),
  },
  {
    method: "GET",
    path: "/api/products/{id}",
    auth: "none",
    spec: true,
    summary: "One product.",
    example: { path: "/api/products/12", status: 200, answer: product },
    errors: errors({ status: 404, when: "no product has this id, or the id is not a number (`Product not found.`)" }),
  },
  {
    method: "GET",
    path: "/api/products/categories",
    auth: "none",
    spec: true,
    summary: "The values a product's category, gender and size may take (cached 5 minutes).",
    example: {
      status: 200,
      answer: { categories: [{ value: "shirt", label: "Shirt" }, "..."], genders: [{ value: "boys", label: "Boys" }, "..."], sizes: ["Free Size", "XS", "..."] },
    },
    errors: errors(),
  },
  {
    method: "POST",
    path: "/api/products",
    auth: "admin",
    spec: true,
    summary:
      "Adds a product: 201 with it and its Location. The spec's admin screen sends name, price, description and image; category, gender and size default to accessories, unisex and Free Size, stock to 0. `image_url` is accepted for `image`.",
    body: apiProductBody,
    example: { request: { name: "Navy Blazer", price: 999, description: "Wool blend, two buttons", image: "/images/products/navy-blazer.png", category: "blazer", gender: "girls", size: "32", stock_quantity: 3 }, status: 201, answer: product },
    errors: errors(withBody(), E.noToken, E.adminOnly, {
      status: 422,
      when: "an empty name (`Name is required`), a price that is not a whole number of rupees from 1 to 10,00,000, an image that is not https:// or a site path, an unknown category, gender or size, a negative stock",
    }),
  },
  {
    method: "PUT",
    path: "/api/products/{id}",
    auth: "admin",
    spec: true,
    summary: "Replaces the product: name and price required, the rest back to the defaults when left out. Answers the product.",
    body: apiProductBody,
    example: { path: "/api/products/12", request: { name: "Navy Blazer", price: 1099, description: "Wool blend", image: "/images/products/navy-blazer.png" }, status: 200, answer: { ...product, price: 1099, description: "Wool blend", category: "accessories", gender: "unisex", size: "Free Size", stock_quantity: 0 } },
    errors: errors(withBody(), E.noToken, E.adminOnly, { status: 404, when: "no product has this id" }, { status: 422, when: "as for POST /api/products" }),
  },
  {
    method: "PATCH",
    path: "/api/products/{id}",
    auth: "admin",
    spec: true,
    summary: "Changes only the fields sent (the spec's admin screen sends name, price, description, image). Answers the product.",
    body: apiProductPatchBody,
    example: { path: "/api/products/12", request: { price: 1099 }, status: 200, answer: { ...product, price: 1099 } },
    errors: errors(withBody(), E.noToken, E.adminOnly, { status: 404, when: "no product has this id" }, { status: 422, when: "as for POST /api/products, for the fields sent" }),
  },
  {
    method: "PATCH",
    path: "/api/products/{id}/stock",
    auth: "admin",
    spec: true,
    summary:
      "The admin counted the shelf: `stock_quantity` units are on it, those set aside for orders not yet shipped included (decision 109). Recorded as an adjustment in the product's stock history with the admin and `reason` (optional, up to 200 characters; default `Stock counted`). What is for sale is the count less what those orders hold: `stock_quantity` in every product answer, this one too, is what is for sale.",
    body: apiStockBody,
    example: { path: "/api/products/12/stock", request: { stock_quantity: 12, reason: "Counted after the school fair" }, status: 200, answer: { ...product, stock_quantity: 12 } },
    errors: errors(withBody(), E.noToken, E.adminOnly, { status: 404, when: "no product has this id" }, { status: 409, when: "fewer than orders not yet shipped hold: the message names the held units" }, { status: 422, when: "not a whole number from 0 to 1,00,000, or an empty reason" }),
  },
  {
    method: "DELETE",
    path: "/api/products/{id}",
    auth: "admin",
    spec: true,
    summary: "Removes the product from the shop (orders keep their lines; a cart line for it shows as no longer available).",
    example: { path: "/api/products/12", status: 200, answer: { message: "Product deleted.", id: 12 } },
    errors: errors(E.noToken, E.adminOnly, { status: 404, when: "no product has this id" }),
  },
];

/** Every method an address answers, for the Allow header and the 405 tests. */
export function methodsOf(path: string): HttpMethod[] {
  return API_CALLS.filter((call) => call.path === path).map((call) => call.method);
}
