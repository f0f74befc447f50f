import path from "node:path";
import { createCatalogueService } from "./catalogue";
import { createNewsletterService } from "./newsletter";
import { createAuthService } from "./auth/index";
import { createNotificationsService } from "./notifications";
import { createTrackingService } from "./tracking";
import { createShoppingServices } from "./shopping";
import type { ServiceCore, ShopCore } from "./core";
import { createProductService } from "./products";
import { createAdminOrderQueries } from "./admin-orders";
import { createShopAlerts } from "./shop-alerts";
import { createAccountService } from "./accounts";
import { createBackupService } from "./backups";
import { createPhotoService } from "./photos";
import { createSchoolColourService } from "./school-colours";
import { createReports } from "./reports";
import { createPaymentsReport } from "./payments-report";
import { createTaxSummary } from "./tax-summary";
import { createGrievanceService } from "./grievances";
import { createKitService } from "./kits";
import { createSizeService } from "./sizes";
import { createPrivacyService } from "./privacy";
import { createItemFactsService } from "./item-facts";
import { createWhatsAppService } from "./whatsapp";
import { accountSubject } from "../domain/privacy/subjects";
import { createStaffService } from "./staff";

/**
 * The shop's commands and queries, built on the core (database, event store,
 * queue). Routes reach them through Remix load context as `context.shop`.
 * Each feature adds its service here.
 */

export function createServices(core: ServiceCore) {
  const shopping = createShoppingServices(core);
  // Parents' data rights: consent, a copy of their data, erasure by deleting their keys (decisions 121-124).
  const privacy = createPrivacyService({
    db: core.db,
    store: core.store,
    sealer: core.sealer,
    queue: core.queue,
    shopName: core.config.shopName,
    erasuresFile: core.config.privacy?.erasuresFile,
    coolingOffHours: core.config.privacy?.coolingOffHours,
  });
  // A sign-up makes the account with its consent, or neither (decision 161).
  const signIns = createAuthService({
    ...core,
    signUpConsent: (userId, language) => privacy.consent({ subject: accountSubject(userId), place: "sign-up", language }),
    // The last owner who can sign in is never switched off (decision 216).
    checkDisable: (id, disabled) => staff.checkDisable(id, disabled),
  });
  // Who may do what in the back office (decision 215).
  const staff = createStaffService({ db: core.db, store: core.store, auth: signIns });
  const auth: typeof signIns = {
    ...signIns,
    // An admin the operator makes (`shop admin create`, a test's admin) is an owner, as the admins before roles were.
    async createAdmin(input) {
      const made = await signIns.createAdmin(input);
      await staff.operatorMadeAdmin(made.user.id);
      return made;
    },
    // So is one the operator adds (`shop admin add`); the owner's page gives the role it chose.
    async addAdmin(by, input) {
      const user = await signIns.addAdmin(by, input);
      if (by.kind === "cli") await staff.operatorMadeAdmin(user.id);
      return user;
    },
  };
  return {
    catalogue: createCatalogueService(core.db),
    newsletter: createNewsletterService(core.db),
    auth,
    staff,
    // A parent's name, email, number and saved addresses; their guest orders joining the account (decision 114).
    accounts: createAccountService({ db: core.db, auth, orders: shopping.orders, cart: shopping.cart }),
    notifications: createNotificationsService(core),
    ...shopping,
    // Guest tracking by order number and mobile number, throttled per client address.
    tracking: createTrackingService({ db: core.db, orders: shopping.orders }),
    products: createProductService(core.db, shopping.stock, shopping.productTax),
    adminOrders: createAdminOrderQueries(core.db),
    // What the owner is told on every admin page: a trip of the sign-in text budget (decision 116).
    alerts: createShopAlerts(core.db),
    backups: createBackupService(core.db),
    // The owner's photos: uploads, their processing's results, their order (decision 139).
    photos: createPhotoService({
      db: core.db,
      store: core.store,
      queue: core.queue,
      photosDir: core.config.photosDir ?? path.resolve("data/photos"),
      waitForPhotos: core.waitForPhotos,
      productExists: async (id) => (await core.db.selectFrom("products").select("id").where("id", "=", id).executeTakeFirst()) !== undefined,
    }),
    // Each school's colours, the drawings' colours until there is a photo (decision 140).
    schoolColours: createSchoolColourService({ store: core.store }),
    // What came in by method and day, how it was matched, and what is not matched yet (decision 224).
    payments: createPaymentsReport(core.db),
    // The owner's reports and season planning, from their read models (decision 135).
    // A counted uniform's sizes come with their shelf and what the tailor is still making (decisions 180, 181).
    reports: createReports(core.db, async (item) => {
      const sizes = await shopping.schoolStock.onShelf(item);
      if (!sizes) return undefined;
      const withTailor = await shopping.tailorBatches.withTailor(item.split("/")[1] ?? "");
      return new Map([...sizes].map(([size, { sku, onShelf }]) => [size, { onShelf, withTailor: withTailor.get(sku) ?? 0 }]));
    }),
    // The owner's monthly GST summary, from the tax documents' read model (decision 127).
    taxSummary: createTaxSummary(core.db),
    // Complaints under the E-Commerce Rules: filed by parents, acknowledged and resolved by the admin (decision 129).
    grievances: createGrievanceService({ db: core.db, store: core.store, tracking: createTrackingService({ db: core.db, orders: shopping.orders }) }),
    // The schools' class kits (decision 134); the children on parents' accounts come with the cart (./shopping.ts).
    kits: createKitService({ store: core.store }),
    // The owner's size charts over the starting ones, and what exchanges say about them (decisions 131, 132).
    sizes: createSizeService({ db: core.db, store: core.store }),
    // The facts of the catalogue's bought-in items (origin, maker or packer, net quantity) as the owner set them (decision 142).
    itemFacts: createItemFactsService({ db: core.db, store: core.store }),
    privacy,
    // The courier (decision 235) and the delivery dates (decision 236) come with the orders (./shopping.ts).
    // The parents' choice of WhatsApp and what its webhook reports of the shop's messages (decision 230).
    whatsapp: createWhatsAppService({ db: core.db, store: core.store }),
  };
}

/** The shop as routes (`context.shop`), job handlers and the reactor see it: the core and its services. */
export type Shop = ShopCore & ReturnType<typeof createServices>;
