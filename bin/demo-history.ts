/**
 * Two school years of orders for demos, the reports and their benchmark (decision 137): parents buy
 * in the April and July rushes, a trickle the rest of the year; some pay by UPI, the rest cash on
 * delivery; some orders are cancelled, some returned for money or another size. Every order goes
 * through the same commands the pages use (cart, place, status, payment, return, exchange) on a clock
 * set back to its day, so the events are the ones a real year would have left.
 */
import { randomUUID } from "node:crypto";
import type { Shop } from "../services/index";
import type { CatalogueProduct } from "../domain/catalogue";
import type { Actor } from "../domain/orders/events";
import type { PaymentMethod } from "../domain/orders/events";

const DAY_MS = 24 * 60 * 60 * 1000;
const IST_OFFSET_MS = 330 * 60 * 1000;

/** Orders a day in each month (January first), relative: the April and July rushes, the quiet winter. */
const MONTH_WEIGHT = [0.5, 0.6, 2.2, 5, 1.2, 2.5, 6, 1.5, 0.7, 0.6, 0.6, 0.5];

export interface HistoryRandom {
  next(): number;
  int(min: number, max: number): number;
  pick<T>(list: readonly T[]): T;
}

/** A small seeded generator so a demo data set can be made again exactly. */
export function seededRandom(seed: number): HistoryRandom {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(list: readonly T[]): T => list[int(0, list.length - 1)];
  return { next, int, pick };
}

/**
 * The process's clock moved to a chosen time and ticking from there, so the services stamp the orders
 * of a day long past. Later calls only move it forward (a demo history is written day by day, oldest first).
 */
export function historicClock() {
  const RealDate = Date;
  let offset = 0;
  class ShiftedDate extends RealDate {
    constructor(...args: unknown[]) {
      if (args.length === 0) super(RealDate.now() + offset);
      else super(...(args as [string | number]));
    }
    static override now() {
      return RealDate.now() + offset;
    }
  }
  return {
    /** Stamps from now on read `at` (and tick on from it). */
    set(at: Date) {
      offset = at.getTime() - RealDate.now();
      globalThis.Date = ShiftedDate as DateConstructor;
    },
    /** The real clock again. */
    restore() {
      offset = 0;
      globalThis.Date = RealDate;
    },
  };
}

const ADMIN: Actor = { kind: "admin", name: "demo history" };
const NAMES = ["Aarav Sharma", "Priya Saini", "Rohan Jangid", "Sneha Meena", "Vikram Rathore", "Anjali Goyal", "Karan Poonia", "Pooja Jain", "रमेश शर्मा", "सुनीता सैनी"];
const PLACES = [
  { city: "Churu", pincode: "331001", address: "12, Subhash Chowk" },
  { city: "Ratangarh", pincode: "331022", address: "4, Station Road" },
  { city: "Sardarshahar", pincode: "331403", address: "88, Gandhi Nagar" },
];

export interface HistoryOptions {
  /** About how many orders in all. */
  orders: number;
  /** The last day of the history (orders stop the day before it). */
  until: Date;
  /** Years back from `until`. */
  years?: number;
  /** Parents who come back: a pool of numbers this size (fewer: more returning parents). */
  parents?: number;
}

/** The days of the history with how many orders each takes, from the month weights. */
export function historyDays(options: HistoryOptions): { day: Date; orders: number }[] {
  const years = options.years ?? 2;
  const end = new Date(Math.floor((options.until.getTime() + IST_OFFSET_MS) / DAY_MS) * DAY_MS - IST_OFFSET_MS);
  const start = new Date(end.getTime() - Math.round(years * 365) * DAY_MS);
  const days: { day: Date; weight: number }[] = [];
  for (let t = start.getTime(); t < end.getTime(); t += DAY_MS) days.push({ day: new Date(t), weight: MONTH_WEIGHT[new Date(t + IST_OFFSET_MS).getUTCMonth()] });
  const total = days.reduce((sum, d) => sum + d.weight, 0);
  let carried = 0;
  return days.map(({ day, weight }) => {
    const exact = (options.orders * weight) / total + carried;
    const orders = Math.floor(exact);
    carried = exact - orders;
    return { day, orders };
  });
}

/**
 * One order of a day: placed from a cart between 9 in the morning and 9 at night (India), and taken as
 * far as the shop took it (shipped, delivered, paid; a few cancelled, returned or exchanged).
 */
async function historicOrder(shop: Shop, products: readonly CatalogueProduct[], random: HistoryRandom, parents: number, clock: ReturnType<typeof historicClock>, day: Date) {
  // Hours after midnight in India on the order's day: placed in shop hours, each later step later still.
  const at = (hours: number) => clock.set(new Date(day.getTime() + hours * 60 * 60 * 1000));
  at(9 + random.next() * 8);
  const owner = { kind: "guest" as const, token: randomUUID() };
  // A school's set: mostly its uniform, now and then a bottle or a bag beside it.
  const school = random.pick(products.filter((p) => p.school)).school!.slug;
  const uniform = products.filter((p) => p.school?.slug === school);
  for (let i = random.int(1, 3); i > 0; i--) {
    const product = random.next() < 0.85 ? random.pick(uniform) : random.pick(products);
    // Sizes bunch in the middle, as children do.
    const size = product.sizes.length ? product.sizes[Math.min(product.sizes.length - 1, Math.floor(((random.next() + random.next() + random.next()) / 3) * product.sizes.length))] : "Free Size";
    await shop.cart.add(owner, { productId: product.id, size, quantity: random.int(1, 2) });
  }
  const parent = random.int(0, parents - 1);
  const paymentMethod: PaymentMethod = shop.orders.upiAvailable && random.next() < 0.45 ? "upi" : "cod";
  const placed = await shop.orders.placeOrderFromCart({
    owner,
    idempotencyKey: randomUUID(),
    paymentMethod,
    details: { name: NAMES[parent % NAMES.length], phone: `98${String(parent).padStart(8, "0")}`, ...PLACES[parent % PLACES.length] },
  });
  const orderId = placed.orderId;
  if (random.next() < 0.06) {
    await shop.orders.changeStatus(orderId, "cancelled", ADMIN);
    return;
  }
  if (paymentMethod === "upi") {
    await shop.orders.pay(orderId, (when) => ({ type: "ReportPayment", reference: String(random.int(100_000_000_000, 999_999_999_999)), actor: { kind: "guest" }, at: when }));
    await shop.orders.pay(orderId, (when) => ({ type: "ConfirmPayment", actor: ADMIN, at: when }));
  }
  at(18);
  await shop.orders.changeStatus(orderId, "processing", ADMIN);
  await shop.orders.changeStatus(orderId, "shipped", ADMIN);
  at(24 + 18);
  await shop.orders.changeStatus(orderId, "delivered", ADMIN);
  if (paymentMethod === "cod") await shop.orders.pay(orderId, (when) => ({ type: "CollectCash", actor: ADMIN, at: when }));
  const roll = random.next();
  if (roll > 0.08) return;
  // A few come back within the week: for another size mostly, for the money now and then.
  const sale = await shop.orders.afterSale(orderId);
  const line = sale?.lines.find((l) => l.school !== "" && (findSizes(products, l.productId)?.length ?? 0) > 1);
  if (!sale || !line) return;
  at(3 * 24 + 12);
  const sizes = findSizes(products, line.productId)!;
  const bigger = sizes[Math.min(sizes.indexOf(line.size) + 1, sizes.length - 1)];
  const wantExchange = roll < 0.06 && bigger !== line.size;
  const request = await shop.orders.requestReturn(
    orderId,
    { lines: [{ productId: line.productId, size: line.size, school: line.school, quantity: 1 }], want: wantExchange ? "exchange" : "refund", ...(wantExchange ? { exchangeSize: bigger } : {}), reason: wantExchange ? "Too small" : "Not needed" },
    { kind: "guest" },
  );
  await shop.orders.approveReturn(orderId, request.returnId, undefined, ADMIN);
  at(4 * 24 + 12);
  await shop.orders.receiveReturn(orderId, request.returnId, "drop-off", ADMIN);
  if (wantExchange) await shop.orders.makeExchange(orderId, request.returnId, ADMIN);
  else {
    const due = (await shop.orders.afterSale(orderId))?.suggestedRefundsPaise[request.returnId] ?? line.unitPrice * 100;
    // UPI gives back the goods' value to the paisa; cash, the rupees nearest it (decision 209).
    const method = paymentMethod === "upi" ? "upi" : "cash";
    const paise = method === "upi" ? due : Math.round(due / 100) * 100;
    await shop.orders.pay(orderId, (when) => ({ type: "RefundPayment", paise, method, note: "Returned", actor: ADMIN, at: when }));
  }
}

function findSizes(products: readonly CatalogueProduct[], productId: string): string[] | undefined {
  return products.find((p) => p.id === productId)?.sizes;
}

/**
 * Writes the history day by day, oldest first, a few orders of a day at a time. Answers how many orders
 * were placed. The clock is the real one again afterwards, whatever happened.
 */
export async function writeDemoHistory(
  shop: Shop,
  products: readonly CatalogueProduct[],
  random: HistoryRandom,
  options: HistoryOptions & { concurrency?: number; onDay?: (done: number) => void },
): Promise<number> {
  const clock = historicClock();
  const parents = options.parents ?? Math.max(10, Math.round(options.orders * 0.6));
  let placed = 0;
  try {
    for (const { day, orders } of historyDays(options)) {
      // Orders of one day share the clock: they go one at a time, so each one's steps stay in order.
      for (let i = 0; i < orders; i++) {
        await historicOrder(shop, products, random, parents, clock, day);
        placed++;
      }
      options.onDay?.(placed);
    }
  } finally {
    clock.restore();
  }
  return placed;
}
