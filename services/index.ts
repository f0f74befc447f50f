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
import { createTaxSummary } from "./tax-summary";
import { createGrievanceService } from "./grievances";
import { createChildrenService } from "./children";
import { createKitService } from "./kits";
import { createSizeService } from "./sizes";
import { createPrivacyService } from "./privacy";
import { createItemFactsService } from "./item-facts";

/**
 * The shop's commands and queries, built on the core (database, event store,
 * queue). Routes reach them through Remix load context as `context.shop`.
 * Each feature adds its service here.
 */
export function createServices(core: ServiceCore) {
  const shopping = createShoppingServices(core);
  const auth = createAuthService(core);
  return {
    catalogue: createCatalogueService(core.db),
    newsletter: createNewsletterService(core.db),
    auth,
    // A parent's name, email, number and saved addresses; their guest orders joining the account (decision 114).
    accounts: createAccountService({ db: core.db, auth, orders: shopping.orders }),
    notifications: createNotificationsService(core),
    ...shopping,
    // Guest tracking by order number and mobile number, throttled per client address.
    tracking: createTrackingService({ db: core.db, orders: shopping.orders }),
    products: createProductService(core.db, shopping.stock),
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
    // The owner's reports and season planning, from their read models (decision 135).
    reports: createReports(core.db),
    // The owner's monthly GST summary, from the tax documents' read model (decision 127).
    taxSummary: createTaxSummary(core.db),
    // Complaints under the E-Commerce Rules: filed by parents, acknowledged and resolved by the admin (decision 129).
    grievances: createGrievanceService({ db: core.db, store: core.store, tracking: createTrackingService({ db: core.db, orders: shopping.orders }) }),
    // The children on parents' accounts (decision 133) and the schools' class kits (decision 134).
    children: createChildrenService({ db: core.db, store: core.store }),
    kits: createKitService({ store: core.store }),
    // The owner's size charts over the starting ones, and what exchanges say about them (decisions 131, 132).
    sizes: createSizeService({ db: core.db, store: core.store }),
    // The facts of the catalogue's bought-in items (origin, maker or packer, net quantity) as the owner set them (decision 142).
    itemFacts: createItemFactsService({ db: core.db, store: core.store }),
    // Parents' data rights: consent, a copy of their data, erasure by deleting their keys (decisions 121-124).
    privacy: createPrivacyService({
      db: core.db,
      store: core.store,
      sealer: core.sealer,
      queue: core.queue,
      shopName: core.config.shopName,
      erasuresFile: core.config.privacy?.erasuresFile,
    }),
  };
}

/** The shop as routes (`context.shop`), job handlers and the reactor see it: the core and its services. */
export type Shop = ShopCore & ReturnType<typeof createServices>;
