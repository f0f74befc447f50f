import { createCatalogueService } from "./catalogue";
import { createNewsletterService } from "./newsletter";
import { createAuthService } from "./auth/index";
import { createNotificationsService } from "./notifications";
import { createShoppingServices } from "./shopping";
import type { ServiceCore, ShopCore } from "./core";
import { createProductService } from "./products";
import { createAdminOrderQueries } from "./admin-orders";

/**
 * The shop's commands and queries, built on the core (database, event store,
 * queue). Routes reach them through Remix load context as `context.shop`.
 * Each feature adds its service here.
 */
export function createServices(core: ServiceCore) {
  const shopping = createShoppingServices(core);
  return {
    catalogue: createCatalogueService(core.db),
    newsletter: createNewsletterService(core.db),
    auth: createAuthService(core),
    notifications: createNotificationsService(core),
    ...shopping,
    products: createProductService(core.db, shopping.stock),
    adminOrders: createAdminOrderQueries(core.db),
  };
}

/** The shop as routes (`context.shop`), job handlers and the reactor see it: the core and its services. */
export type Shop = ShopCore & ReturnType<typeof createServices>;
