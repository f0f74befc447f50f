import type { ShopCore } from "../server/runtime";
import { listNotifications, retryNotification } from "../workers/notifications";

/** What the admin's notifications page reads and does: recent sends, failures, Retry. */
export function createNotificationsService(core: Pick<ShopCore, "db" | "queue">) {
  return {
    list: (options: { limit?: number } = {}) => listNotifications(core.db, options),
    retry: (key: string) => retryNotification(core.db, core.queue, key),
  };
}
