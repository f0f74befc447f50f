// The names of the shop's cookies. app/ sets and reads them; the cache policy (server/cache-policy.ts)
// must recognise them to never let a cache keep a personal page. Both read the names from here.

/** The shopper's signed session. */
export const SHOPPER_COOKIE = "__session";
/** The admin's signed session, apart from the shopper's. */
export const ADMIN_COOKIE = "__admin";
/**
 * A browser that signed an admin in before (decision 253): the admin's id, an expiry and a MAC, sent only to
 * /admin/login, where it lets the browser past the holds that wrong passwords from elsewhere put on the admin login.
 */
export const ADMIN_DEVICE_COOKIE = "__admin_device";
/** The guest cart's token, for a shopper who has not signed in. */
export const GUEST_CART_COOKIE = "shop_cart";
/** "Added: Shirt (30) x 2" for the page a plain add-to-cart form returns to: read once, then cleared. */
export const ADDED_FLASH_COOKIE = "shop_added";
/**
 * The pincode a parent checked delivery to, remembered for the visit (no Max-Age): the cart and
 * checkout show delivery for it. Only six digits, unsigned and readable by the page's script (the
 * product pages' check shows it with JavaScript); never a reason to keep a page apart, since no
 * catalogue page's server render reads it (decision 113).
 */
export const PINCODE_COOKIE = "shop_pincode";
/**
 * The orders a visitor looked up on the tracking page (number and mobile number), signed, for
 * TRACKING_GRANT_MINUTES: the page after the lookup's POST shows the order from it, so the mobile
 * number never goes into an address, the history or a request log. Sent only under /orders (the
 * tracking page and its data), never a kept page.
 */
export const TRACKED_ORDERS_COOKIE = "shop_track";
