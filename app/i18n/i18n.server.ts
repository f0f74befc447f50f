import i18next, { type i18n } from "i18next";
import { LANGUAGES, requestLanguage, type Language, type MessageValues, type Messages } from "../../domain/i18n";
import { missingKey, type PageLanguage, type T } from "./I18n";
import enCommon from "../locales/en/common.json";
import hiCommon from "../locales/hi/common.json";
import enServer from "../locales/en/server.json";
import hiServer from "../locales/hi/server.json";
import enRefusals from "../locales/en/refusals.json";
import hiRefusals from "../locales/hi/refusals.json";
import enHome from "../locales/en/home.json";
import hiHome from "../locales/hi/home.json";
import enSchools from "../locales/en/schools.json";
import hiSchools from "../locales/hi/schools.json";
import enShop from "../locales/en/shop.json";
import hiShop from "../locales/hi/shop.json";
import enShelves from "../locales/en/shelves.json";
import hiShelves from "../locales/hi/shelves.json";
import enAuth from "../locales/en/auth.json";
import hiAuth from "../locales/hi/auth.json";
import enCart from "../locales/en/cart.json";
import hiCart from "../locales/hi/cart.json";
import enCheckout from "../locales/en/checkout.json";
import hiCheckout from "../locales/hi/checkout.json";
import enAccount from "../locales/en/account.json";
import hiAccount from "../locales/hi/account.json";
import enPages from "../locales/en/pages.json";
import hiPages from "../locales/hi/pages.json";
import enProduct from "../locales/en/product.json";
import hiProduct from "../locales/hi/product.json";
import enAdmin from "../locales/en/admin.json";
import hiAdmin from "../locales/hi/admin.json";
import enStock from "../locales/en/stock.json";
import enCounter from "../locales/en/counter.json";
import hiCounter from "../locales/hi/counter.json";
import enCash from "../locales/en/cash.json";
import hiCash from "../locales/hi/cash.json";
import hiStock from "../locales/hi/stock.json";
import enPayment from "../locales/en/payment.json";
import hiPayment from "../locales/hi/payment.json";
import enPrint from "../locales/en/print.json";
import hiPrint from "../locales/hi/print.json";
import enFind from "../locales/en/find.json";
import hiFind from "../locales/hi/find.json";
import enReturns from "../locales/en/returns.json";
import hiReturns from "../locales/hi/returns.json";
import enAdmins from "../locales/en/admins.json";
import hiAdmins from "../locales/hi/admins.json";
import enDelivery from "../locales/en/delivery.json";
import hiDelivery from "../locales/hi/delivery.json";
import enSeller from "../locales/en/seller.json";
import hiSeller from "../locales/hi/seller.json";
import enGrievance from "../locales/en/grievance.json";
import hiGrievance from "../locales/hi/grievance.json";
import enSizes from "../locales/en/sizes.json";
import hiSizes from "../locales/hi/sizes.json";
import enReports from "../locales/en/reports.json";
import hiReports from "../locales/hi/reports.json";
import enPhotos from "../locales/en/photos.json";
import hiPhotos from "../locales/hi/photos.json";
import enChildren from "../locales/en/children.json";
import hiChildren from "../locales/hi/children.json";
import enKits from "../locales/en/kits.json";
import hiKits from "../locales/hi/kits.json";
import enTax from "../locales/en/tax.json";
import hiTax from "../locales/hi/tax.json";
import enPrivacy from "../locales/en/privacy.json";
import hiPrivacy from "../locales/hi/privacy.json";
import enCourier from "../locales/en/courier.json";
import hiCourier from "../locales/hi/courier.json";

/**
 * Every message of the storefront, by language and namespace (app/locales/<language>/<namespace>.json).
 * A namespace is listed here once: the key tests (tests/unit/i18n-keys.test.ts) read this table.
 * `common` goes down with every page (the root loader: navbar, breadcrumbs, error pages); a page's
 * own namespace goes down with that page's loader (`routeMessages`); `server` and `refusals` are
 * read on the server only, so a page never carries text it does not show.
 */
export const RESOURCES = {
  en: { common: enCommon, server: enServer, refusals: enRefusals, home: enHome, schools: enSchools, shop: enShop, shelves: enShelves, auth: enAuth, cart: enCart, checkout: enCheckout, account: enAccount, pages: enPages, product: enProduct, admin: enAdmin, stock: enStock, counter: enCounter, cash: enCash, payment: enPayment, print: enPrint, find: enFind, admins: enAdmins, returns: enReturns, delivery: enDelivery, seller: enSeller, grievance: enGrievance, sizes: enSizes, reports: enReports, photos: enPhotos, children: enChildren, kits: enKits, privacy: enPrivacy, tax: enTax, courier: enCourier },
  hi: { common: hiCommon, server: hiServer, refusals: hiRefusals, home: hiHome, schools: hiSchools, shop: hiShop, shelves: hiShelves, auth: hiAuth, cart: hiCart, checkout: hiCheckout, account: hiAccount, pages: hiPages, product: hiProduct, admin: hiAdmin, stock: hiStock, counter: hiCounter, cash: hiCash, payment: hiPayment, print: hiPrint, find: hiFind, admins: hiAdmins, returns: hiReturns, delivery: hiDelivery, seller: hiSeller, grievance: hiGrievance, sizes: hiSizes, reports: hiReports, photos: hiPhotos, children: hiChildren, kits: hiKits, privacy: hiPrivacy, tax: hiTax, courier: hiCourier },
} satisfies Record<Language, Messages>;

/** A namespace a page's loader can send down. */
export type PageNamespace = Exclude<keyof (typeof RESOURCES)["en"], "common" | "server" | "refusals">;

/** The language a request's page is shown in: the `shop_lng` cookie, else Accept-Language, else English. */
export function languageOf(request: Request): Language {
  return requestLanguage(request.headers.get("Cookie"), request.headers.get("Accept-Language"));
}

/** What the root loader sends down with every page: the language and the frame's messages. */
export function pageLanguage(request: Request): PageLanguage {
  const lang = languageOf(request);
  return { lang, messages: { common: RESOURCES[lang].common } };
}

/** A page's own messages, in the visitor's language, for its loader to return as `messages`. */
export function routeMessages(request: Request, ...namespaces: PageNamespace[]): Messages {
  const all: Messages = RESOURCES[languageOf(request)];
  return Object.fromEntries(namespaces.map((ns) => [ns, all[ns]]));
}

let instance: i18n | undefined;

/**
 * i18next on the server, over the same messages the pages use: for loaders and actions (a form's
 * refusal, the cart badge) that answer in the visitor's language. The browser never loads it (decision 098).
 */
function server(): i18n {
  if (instance) return instance;
  const created = i18next.createInstance();
  void created.init({
    resources: Object.fromEntries(LANGUAGES.map((lang) => [lang, RESOURCES[lang]])),
    lng: "en",
    fallbackLng: false,
    supportedLngs: [...LANGUAGES],
    ns: Object.keys(RESOURCES.en),
    defaultNS: "common",
    // Synchronous: every resource is already here.
    initImmediate: false,
    // React escapes what it renders; the messages are plain text.
    interpolation: { escapeValue: false },
    returnNull: false,
    // A key that names a group of messages, or none, is a fault in development and tests (the key as
    // itself in production), as on the pages' own `t` (app/i18n/I18n.tsx `missingKey`).
    returnObjects: false,
    returnedObjectHandler: (key: string, _value: unknown, options: { ns?: string | readonly string[] }) =>
      missingKey(`${[options.ns ?? "common"].flat()[0]}:${key}`, "group"),
    saveMissing: true,
    missingKeyHandler: (_languages: readonly string[], namespace: string, key: string) => {
      missingKey(`${namespace}:${key}`, "missing");
    },
  });
  instance = created;
  return created;
}

/** A `t` in the request's language, for loaders and actions. */
export function serverT(lang: Language): T {
  const fixed = server().getFixedT(lang);
  return (key: string, values?: MessageValues) => fixed(key, values ?? {}) as string;
}

/**
 * "refusals:shopFilters.category" for "Choose a category from the list.": English text to key, once.
 * Only for the form pipeline's messages (zod and Conform field errors, a query's parse), which are
 * English sentences by contract (the /api answers them as written). A rule's refusal is a key, never
 * looked up by its sentence: `refusalText` (./refusals.server.ts) words it.
 */
const REFUSAL_KEYS = new Map<string, string>();
(function collect(tree: Messages[string], path: string) {
  for (const [key, value] of Object.entries(tree)) {
    if (typeof value === "string") REFUSAL_KEYS.set(value, `refusals:${path}${key}`);
    else collect(value, `${path}${key}.`);
  }
})(RESOURCES.en.refusals, "");

/**
 * The form messages a page's form may show, English text to the visitor's language, for the page's
 * loader to send as `refusals`: a field's message of the form's schema (app/forms/messages.tsx) is
 * shown through it, whether the server refused the form (JS off) or the browser did. Empty in
 * English: the schema's own words are shown. A rule's refusal needs none: the action words it
 * (`refusalText`) before it answers.
 */
export function refusalTable(request: Request, group: keyof (typeof RESOURCES)["en"]["refusals"]): Record<string, string> {
  const lang = languageOf(request);
  if (lang === "en") return {};
  const english: Record<string, string> = RESOURCES.en.refusals[group];
  const local: Record<string, string> = RESOURCES[lang].refusals[group];
  return Object.fromEntries(Object.entries(english).map(([key, text]) => [text, local[key]]));
}

/** Whether a form message (a schema's English text) has its translations (the key tests check each form's messages). */
export function hasRefusal(message: string): boolean {
  return REFUSAL_KEYS.has(message);
}

/**
 * A form message (a zod schema's or a query parser's English text: domain/ speaks English, the
 * /api's contract) in the visitor's language: the English text is looked up in
 * app/locales/en/refusals.json and the same key read in `lang`. A message not listed there is
 * shown as it is, in English. Not for a rule's refusal: that is a key (`refusalText`).
 */
export function refusalIn(lang: Language, message: string): string {
  const key = REFUSAL_KEYS.get(message);
  return key && lang !== "en" ? serverT(lang)(key) : message;
}
