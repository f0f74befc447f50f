// After the sale (decision 103): a shopper's return for a refund or another size, the admin's
// approval or refusal, the goods back, the exchange sent out, and what the order's pages show of it.
import { randomUUID } from "node:crypto";
import { RuleViolation } from "../../domain/errors";
import type { Actor, AskedLine, OrderLine, ReturnLine } from "../../domain/orders/events";
import { lineKey, notMade as notMadeIn, refundPaiseFor, type AfterSale, type ExchangeTarget } from "../../domain/orders/returns";
import { refundablePaise } from "../../domain/orders/payment";
import { parseShopProductCartId } from "../../domain/shop-products";
import { normaliseSize } from "../../domain/pricing";
import type { OrderCore } from "./core";

/**
 * Each returned line's product in the wanted size, and the size as the catalogue writes it: the same catalogue item
 * when it is made in that size, or the shop's product of the same name in that size (each of those is one size).
 * Refused (422) when one is not made in it. The online exchange and the counter's (decision 214) ask it alike.
 */
export function exchangeLookup(core: OrderCore) {
  const { db, priceLine } = core.deps;

  async function exchangeTarget(line: ReturnLine, name: string, toSize: string): Promise<ExchangeTarget> {
    const notMade = () => {
      const refused = notMadeIn(name, toSize);
      return new RuleViolation(refused.key, refused.values, 422);
    };
    if (parseShopProductCartId(line.productId) === undefined) {
      const priced = await priceLine(line.productId, toSize);
      if (!priced.ok) throw notMade();
      return { productId: line.productId, size: priced.product.size };
    }
    const size = (normaliseSize(toSize) ?? toSize).toLowerCase();
    const rows = await db.selectFrom("products").select(["id", "size"]).where("name", "=", name).orderBy("id").execute();
    const found = rows.find((row) => (normaliseSize(row.size) ?? row.size).toLowerCase() === size);
    if (!found) throw notMade();
    return { productId: `product/${found.id}`, size: found.size };
  }

  /** Each line to its own size wanted (`exchangeSize`), else to `forAll`; a line with neither is left to the decider to refuse. */
  return async function exchangeTargets(lines: readonly AskedLine[], orderLines: readonly OrderLine[], forAll?: string) {
    const targets: Record<string, ExchangeTarget> = {};
    for (const line of lines) {
      const toSize = line.exchangeSize?.trim() || forAll?.trim();
      if (!toSize) continue;
      const name = orderLines.find((l) => l.productId === line.productId)?.name ?? line.productId;
      targets[lineKey(line)] = await exchangeTarget(line, name, toSize);
    }
    return targets;
  };
}

export function returnCommands(core: OrderCore) {
  const { storedOrder, currentOrder, changeOrder } = core;
  const exchangeTargets = exchangeLookup(core);

  return {
    /** A shopper asks to return lines of their delivered order, for a refund or another size (decision 103). */
    async requestReturn(
      orderId: string,
      request: { lines: AskedLine[]; want: string; exchangeSize?: string; reason: string },
      actor: Actor,
    ) {
      const returnId = randomUUID();
      if (request.want === "exchange") {
        // An exchange for a size that is not made is refused now, not once the goods are back.
        const { afterSale } = await currentOrder(orderId);
        const known = request.lines.filter((l) => l.quantity > 0 && afterSale.lines.some((o) => lineKey(o) === lineKey(l)));
        await exchangeTargets(known, afterSale.lines, request.exchangeSize);
      }
      const result = await changeOrder(orderId, (at) => ({ type: "RequestReturn", returnId, ...request, actor, at }));
      return { ...result, returnId };
    },

    async approveReturn(orderId: string, returnId: string, note: string | undefined, actor: Actor) {
      return changeOrder(orderId, (at) => ({ type: "ApproveReturn", returnId, ...(note ? { note } : {}), actor, at }));
    },

    async refuseReturn(orderId: string, returnId: string, note: string, actor: Actor) {
      return changeOrder(orderId, (at) => ({ type: "RefuseReturn", returnId, note, actor, at }));
    },

    /** The goods are back (picked up or dropped off): stock-tracked ones go back on the shelf. */
    async receiveReturn(orderId: string, returnId: string, method: string, actor: Actor) {
      return changeOrder(orderId, (at) => ({ type: "ReceiveReturn", returnId, method, actor, at }));
    },

    /** The wanted size goes out at no charge; a product the shop keeps stock of is taken off its shelf. */
    async makeExchange(orderId: string, returnId: string, actor: Actor) {
      const state = await currentOrder(orderId);
      const record = state.afterSale.returns.find((r) => r.returnId === returnId);
      if (!record) throw new RuleViolation("returns.noSuchReturn", {}, 404);
      // Looked up only when the exchange may be made now: the decider refuses the others in its own words.
      const targets =
        record.want === "exchange" && record.stage === "received" && !state.deleted
          ? await exchangeTargets(record.lines, state.afterSale.lines)
          : {};
      return changeOrder(orderId, (at) => ({ type: "MakeExchange", returnId, targets, actor, at }));
    },

    /**
     * What happened after the sale, from the order's own stream (the shopper's pages and the
     * order page read it): delivery details, returns, lines after exchanges, and each refund
     * return's suggested amount (the lines less their share of the discount).
     */
    async afterSale(orderId: string): Promise<(AfterSale & { suggestedRefundsPaise: Record<string, number> }) | undefined> {
      const state = await storedOrder(orderId);
      if (!state) return undefined;
      const left = refundablePaise(state.payment);
      const suggestedRefundsPaise = Object.fromEntries(
        state.afterSale.returns
          .filter((r) => r.want === "refund")
          .map((r) => [r.returnId, refundPaiseFor(r.lines, { lines: state.placed.lines, subtotal: state.placed.subtotal, discount: state.placed.discount }, left)]),
      );
      return { ...state.afterSale, suggestedRefundsPaise };
    },
  };
}
