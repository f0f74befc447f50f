import { KIDS_SHOE_STYLES } from "../../domain/accessories";

/** Every storefront page a visitor can reach, signed out (the product page by id is added by each test). */
export const STOREFRONT_PAGES = [
  "/",
  "/shop",
  "/shop?stock=true&minPrice=100",
  "/schools",
  "/schools/dps",
  "/schools/dps/shirt?size=30",
  // The size chart with the finder's answer (decision 131), and the finder's own page.
  "/schools/dps/shirt?age=7&chest=24",
  "/size-finder",
  "/size-finder?school=dps&age=7&chest=24",
  "/schools/st-xaviers/white-skirt",
  // The whole class kit (decision 134): the class and measurements asked, then the kit with its sizes;
  // a uniform page's child picker asked for while signed out (decision 133).
  "/schools/dps/kit",
  "/schools/dps/kit?className=3&side=boys&age=7&chest=24&waist=22",
  "/schools/dps/kit?child=",
  "/schools/dps/shirt?child=",
  "/accessories",
  "/accessories/stationary",
  "/accessories/shoes",
  "/accessories/shoes/regular-shoes",
  "/accessories/shoes/kids-shoes",
  `/accessories/shoes/kids-shoes/${KIDS_SHOE_STYLES[0].slug}`,
  "/accessories/bottle",
  "/accessories/bags",
  "/white-products",
  "/cart",
  "/checkout",
  "/login",
  "/signup",
  "/otp",
  "/contact",
  "/returns",
  "/seller",
  "/grievance",
  "/orders/track",
  // The privacy notice and a guest's copy or erasure (docs/privacy.md).
  "/privacy",
  "/no-such-page",
];

/**
 * A parent's pages of one of their orders (`tests/support/invoiced-order.ts` makes one): the tax invoice and
 * credit note, one page, on A4 and on 80 mm paper (decision 128). Signed in as the order's parent, or after
 * looking the order up on the tracking page; anyone else gets a 404.
 */
export const PARENT_ORDER_PAGES = (orderId: string) => [`/orders/invoice?orderId=${orderId}`, `/orders/invoice?orderId=${orderId}&paper=receipt`];
