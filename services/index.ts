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
  };
}

/** The shop as routes (`context.shop`), job handlers and the reactor see it: the core and its services. */
export type Shop = ShopCore & ReturnType<typeof createServices>;
