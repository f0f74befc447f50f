import type { Shop } from "../services/index";
import { shipPastOrders } from "../services/stock-shipped";
import { requeueStale } from "./notifications";
import { NotificationReactor } from "./reactor";

/** How often crash leftovers (pending records without a job, stale claims) are repaired. */
const SWEEP_EVERY_MS = 15_000;

/**
 * Subscribers with side effects that run beside the projectors: the order
 * notification reactor and its repair sweep, and the stock sweeps that give back units
 * a crash left held (decision 100) and take off the shelf those of orders shipped (decision 109). Returns a function that stops them.
 */
export async function startBackground(
  shop: Shop,
  log: (line: string) => void,
  options: { sweepEveryMs?: number } = {},
): Promise<() => Promise<void>> {
  const reactor = new NotificationReactor(shop.db, shop.store, shop.queue, {
    shopName: shop.config.shopName,
    shopEmail: shop.config.shopEmail,
    shopUrl: shop.config.shopUrl,
    upiId: shop.config.upi?.vpa,
    paymentReminderMs: shop.config.paymentReminderMs,
    log,
  });
  await reactor.start();
  if (!shop.config.shopEmail) log("note: SHOP_EMAIL is not set, so the shop gets no email about new orders");

  let sweeping: Promise<unknown> = Promise.resolve();
  const sweep = () => {
    sweeping = Promise.all([
      requeueStale(shop.db, shop.queue).catch((err) =>
        log(`notification sweep: ${err instanceof Error ? err.message : String(err)}`),
      ),
      shop.stock
        .sweep()
        .then(({ released }) => {
          if (released > 0) log(`stock sweep: gave back the units of ${released} order holds a crash had left`);
        })
        .catch((err) => log(`stock sweep: ${err instanceof Error ? err.message : String(err)}`)),
      // Unpaid holds past the owner's time give their goods back, through the command handler (decision 190).
      shop.orders
        .expireUnpaidHolds()
        .then(({ expired }) => {
          if (expired.length > 0) log(`hold sweep: cancelled ${expired.length} unpaid orders past their time; their goods are for sale again`);
        })
        .catch((err) => log(`hold sweep: ${err instanceof Error ? err.message : String(err)}`)),
      // A crash between an order's "shipped" and its stock's shipment (a store without multi-stream appends) is finished here.
      shipPastOrders({ db: shop.db, store: shop.store })
        .then(({ shipped }) => {
          if (shipped > 0) log(`stock sweep: took off the shelf the units of ${shipped} shipped order holds a crash had left`);
        })
        .catch((err) => log(`stock sweep: ${err instanceof Error ? err.message : String(err)}`)),
    ]);
  };
  sweep();
  const timer = setInterval(sweep, options.sweepEveryMs ?? SWEEP_EVERY_MS);
  timer.unref();

  return async () => {
    clearInterval(timer);
    await reactor.stop();
    await sweeping;
  };
}
