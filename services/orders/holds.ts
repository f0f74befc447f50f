// Unpaid holds that expire (decision 190): the shop's own sweep finds pending online orders nobody paid
// for past the owner's time and cancels each through the command handler, so their goods are for sale
// again and the parent is texted why (workers/reactor.ts). The order decider decides again on the
// order's own stream: a parent who paid or reported a moment before keeps the order.
import { DEFAULT_HOLD_RULES, type HoldRules } from "../../domain/orders/hold-expiry";
import { isRuleViolation } from "../../domain/errors";
import type { OrderCore } from "./core";

export function holdCommands(core: OrderCore) {
  const rules: HoldRules = core.deps.holds ?? DEFAULT_HOLD_RULES;
  const { db } = core.deps;

  /** Whether the order's account proved the order's number (a phone on an account is set only by a code). */
  async function numberProven(account: string | undefined, phone: string): Promise<boolean> {
    if (!account) return false;
    const user = await db.selectFrom("users").select("phone").where("id", "=", account).executeTakeFirst();
    return Boolean(user?.phone) && user?.phone === phone;
  }

  return {
    /** The rules in force: the confirmation and tracking pages tell the parent by when to pay or confirm. */
    holdRules: rules,

    /**
     * Cancels every unpaid hold past its time at `now`; answers the orders it cancelled. The read model
     * names the candidates (pending, unpaid, old enough); the decider on each order's stream has the last word.
     */
    async expireUnpaidHolds(now: Date = new Date()): Promise<{ expired: string[] }> {
      const shortest = Math.min(rules.upiMs, rules.codConfirmMs ?? rules.upiMs);
      const candidates = await db
        .selectFrom("orders")
        .select("id")
        .where("status", "=", "pending")
        .where("payment_status", "=", "unpaid")
        .where("deleted", "=", false)
        .where("placed_at", "<=", new Date(now.getTime() - shortest))
        .orderBy("placed_at")
        .limit(200)
        .execute();
      const expired: string[] = [];
      for (const { id } of candidates) {
        const order = await core.storedOrder(id);
        if (!order) continue;
        const proven = await numberProven(order.account, order.placed.customer.phone);
        try {
          const { changed } = await core.changeOrder(id, () => ({ type: "ExpireUnpaidHold", rules, numberProven: proven, at: now.toISOString() }));
          if (changed) expired.push(id);
        } catch (err) {
          // The hold still stands (a cash order not yet due, a payment reported since): nothing to do.
          if (!isRuleViolation(err)) throw err;
        }
      }
      return { expired };
    },
  };
}
