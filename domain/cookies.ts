// The names of the shop's cookies. app/ sets and reads them; the page cache (server/page-cache.ts)
// must recognise them to never keep a personal page. Both read the names from here.

/** The shopper's signed session. */
export const SHOPPER_COOKIE = "__session";
/** The admin's signed session, apart from the shopper's. */
export const ADMIN_COOKIE = "__admin";
/** The guest cart's token, for a shopper who has not signed in. */
export const GUEST_CART_COOKIE = "shop_cart";
/** "Added: Shirt (30) x 2" for the page a plain add-to-cart form returns to: read once, then cleared. */
export const ADDED_FLASH_COOKIE = "shop_added";
