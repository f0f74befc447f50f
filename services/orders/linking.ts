// A guest's orders join the account of whoever proves the guest's mobile number.
import { isRuleViolation } from "../../domain/errors";
import { orderStreamId, type Actor } from "../../domain/orders/events";
import type { OrderCommand } from "../../domain/orders/order";
import { createStreamsHandler, type StreamStep } from "../../eventstore/command-handler";
import type { createOrderQueries } from "../order-queries";
import { MAX_ATTEMPTS, type OrderCore } from "./core";

export function linkingCommands(core: OrderCore, queries: Pick<ReturnType<typeof createOrderQueries>, "unlinkedOrdersOf">) {
  const { store, waitUntilVisible } = core.deps;
  const { orders } = core;
  const links = createStreamsHandler(store, { maxAttempts: MAX_ATTEMPTS, atomic: core.atomic });
  return {
    /**
     * The guest orders placed with `phone` join the account of whoever just proved it by a code
     * (phone sign-in or sign-up, a number added or changed on the account page): one command over
     * those orders' streams, each decided by the order decider (an order already on another account
     * stays there, one linked before changes nothing), appended together. Waits until the account's
     * Order History shows them. The candidates come from the orders read model (guest orders of that
     * number not on any account); an order placed a moment ago that it has not shown yet joins at the
     * next proof of the number.
     */
    async linkGuestOrders(input: { userId: string; phone: string; actor: Actor }): Promise<{ linked: string[] }> {
      const candidates = await queries.unlinkedOrdersOf(input.phone);
      if (candidates.length === 0) return { linked: [] };
      const commandId = `link\n${input.userId}`;
      return links.handle({
        // One linking of an order at a time in this process, like every change of an order.
        locks: candidates.map(orderStreamId),
        plan: async () => {
          const at = new Date().toISOString();
          const steps: StreamStep[] = [];
          const linked: string[] = [];
          for (const orderId of candidates) {
            const streamId = orderStreamId(orderId);
            const command: OrderCommand = { type: "LinkToAccount", userId: input.userId, phone: input.phone, actor: input.actor, at };
            let prepared;
            try {
              prepared = orders.prepare(streamId, await orders.load(streamId), command, { commandId });
            } catch (err) {
              // Refused for this order (it is on another account): the others still join.
              if (isRuleViolation(err)) continue;
              throw err;
            }
            if (!prepared) continue;
            steps.push({ prepared, handler: orders });
            linked.push(orderId);
          }
          if (steps.length === 0) return { answer: { linked } };
          return {
            steps,
            answer: async (results) => {
              await waitUntilVisible(results.at(-1)!.position);
              return { linked };
            },
          };
        },
      });
    },
  };
}
