import {
  cartCount,
  cartDecider,
  cartSnapshots,
  cartStreamId,
  cartTotal,
  guestCartId,
  userCartId,
  type CartCommand,
  type CartLine,
  type CartLineRef,
  type CartState,
} from "../domain/cart";
import { cartEvents } from "../domain/cart/events";
import { RuleViolation, isRuleViolation, refusal, type Refusal } from "../domain/errors";
import { stockProblem, type Shelf } from "../domain/stock/shelf";
import { createCommandHandler, type Loaded, type StreamStep } from "../eventstore/command-handler";
import type { ShopEvents } from "../eventstore/port";
import type { LinePricer } from "./line-prices";

/** Whose cart: a guest's (by the token in their signed cookie) or a signed-in user's. */
export type CartOwner = { kind: "guest"; token: string } | { kind: "user"; userId: string };

export function cartIdOf(owner: CartOwner): string {
  return owner.kind === "guest" ? guestCartId(owner.token) : userCartId(owner.userId);
}

export interface CartViewLine extends CartLineRef {
  name: string;
  quantity: number;
  /** The server's price now; null when the line can no longer be sold (see `problem`). */
  unitPrice: number | null;
  lineTotal: number | null;
  imageUrl: string | null;
  /** Why this line cannot be ordered as it is (product gone, out of stock...): a refusal as data, which the page words. */
  problem?: Refusal;
}

export interface CartView {
  cartId: string;
  /** Stream revision the view was read at; -1 for a cart with no events yet. */
  revision: number;
  lines: CartViewLine[];
  /** The badge: the sum of quantities. */
  count: number;
  /** Sum of price x quantity over the lines that can be sold. */
  total: number;
}

export interface CartItemInput {
  productId: string;
  size?: string;
  quantity: number;
  /** The child on the signed-in parent's account the line is for: the cart refuses anyone else's. */
  forChild?: string;
}

/** An item of a kit the shop could not add as asked, with the reason as data (the page names it). */
export interface NotAdded {
  productId: string;
  size?: string;
  quantity: number;
  refusal: Refusal;
}

export function createCartService(deps: {
  store: ShopEvents;
  priceLine: LinePricer;
  /** Whether the child is one on this parent's account now; without it, a line for a child is refused. */
  ownChild?: (userId: string, childId: string) => Promise<boolean>;
}) {
  const { store, priceLine } = deps;

  const carts = createCommandHandler(store, { decider: cartDecider, events: cartEvents, snapshots: cartSnapshots });

  /** The cart as it stands: folded from its newest snapshot on, so a long history costs no more. */
  const load = (cartId: string): Promise<Loaded<CartState>> => carts.load(cartStreamId(cartId));

  /** Through the one command handler; null when the command changed nothing. */
  async function execute(cartId: string, command: CartCommand | ((state: CartState) => CartCommand)) {
    const handled = await carts.handle(cartStreamId(cartId), command);
    return handled.changed ? handled : null;
  }

  /**
   * A line for a child is for one of the signed-in parent's own (decision 133): a guest has none, and another
   * parent's child is refused as one that never was (the id alone reveals nothing). Asked before anything is added.
   */
  async function checkChildren(owner: CartOwner, items: readonly CartItemInput[]) {
    for (const childId of new Set(items.flatMap((item) => (item.forChild ? [item.forChild] : [])))) {
      const own = owner.kind === "user" && deps.ownChild ? await deps.ownChild(owner.userId, childId) : false;
      if (!own) throw new RuleViolation("kits.noChild", {}, 404);
    }
  }

  /** Prices an item the way the shop sells it; refuses what cannot be sold. */
  async function lineFor(item: CartItemInput): Promise<CartLine & { shelf: Shelf }> {
    const priced = await priceLine(item.productId, item.size);
    if (!priced.ok) throw new RuleViolation(priced.refusal.key, priced.refusal.values);
    const { product } = priced;
    return {
      productId: product.productId,
      name: product.name,
      size: product.size,
      school: product.school,
      ...(item.forChild ? { forChild: item.forChild } : {}),
      quantity: item.quantity,
      shelf: product.stock,
    };
  }

  async function view(cartId: string): Promise<CartView> {
    const { state, revision } = await load(cartId);
    return priceCart(cartId, state, revision);
  }

  /** The lines of a loaded cart with the server's prices now. */
  async function priceCart(cartId: string, state: CartState, revision: number): Promise<CartView> {
    const lines = await Promise.all(
      state.lines.map(async (line): Promise<CartViewLine> => {
        const priced = await priceLine(line.productId, line.size);
        if (!priced.ok) {
          // A refusal that names the item already ("Bottle is out of stock.") is not prefixed with its name again.
          const named = Object.values(priced.refusal.values).includes(line.name);
          const problem = named ? priced.refusal : refusal("checkout.lineProblem", { item: line.name, problem: priced.refusal });
          return { ...line, unitPrice: null, lineTotal: null, imageUrl: null, problem };
        }
        const { product } = priced;
        const shortOf = stockProblem(product.name, line.quantity, product.stock);
        // The stock rule's words name the item ("Only 2 of Bottle left in stock.").
        const problem = shortOf;
        return {
          ...line,
          name: product.name,
          unitPrice: product.unitPrice,
          lineTotal: product.unitPrice * line.quantity,
          imageUrl: product.imageUrl,
          ...(problem ? { problem } : {}),
        };
      }),
    );
    const sellable = lines.filter((l): l is CartViewLine & { unitPrice: number } => l.unitPrice !== null);
    return { cartId, revision, lines, count: cartCount(state), total: cartTotal(sellable) };
  }

  return {
    load,
    view: (owner: CartOwner) => view(cartIdOf(owner)),
    viewById: view,
    priceCart,

    /** The navbar badge. A guest with no cart cookie costs nothing. */
    async count(owner: CartOwner | null): Promise<number> {
      if (!owner) return 0;
      return cartCount((await load(cartIdOf(owner))).state);
    },

    async add(owner: CartOwner, item: CartItemInput) {
      await checkChildren(owner, [item]);
      const { shelf, ...line } = await lineFor(item);
      return execute(cartIdOf(owner), { type: "AddItem", line, shelf });
    },

    /**
     * A class kit in one submit (decision 134): every item priced and checked as one add is, and the ones
     * the shop can sell added in one append; an item it cannot make in that size is answered by name in
     * `notAdded`, never dropped unsaid. A rule of the cart as a whole (too many lines) refuses them all.
     */
    async addMany(owner: CartOwner, items: CartItemInput[]) {
      await checkChildren(owner, items);
      const lines: (CartLine & { shelf: Shelf })[] = [];
      const notAdded: NotAdded[] = [];
      for (const item of items) {
        try {
          lines.push(await lineFor(item));
        } catch (err) {
          if (!isRuleViolation(err)) throw err;
          notAdded.push({ productId: item.productId, ...(item.size ? { size: item.size } : {}), quantity: item.quantity, refusal: refusal(err.key, err.values) });
        }
      }
      // Stock the shelf shows short is the cart's rule too: that item is named like one not made.
      const sellable = lines.filter((line) => {
        const shortOf = stockProblem(line.name, line.quantity, line.shelf);
        if (shortOf) notAdded.push({ productId: line.productId, size: line.size, quantity: line.quantity, refusal: shortOf });
        return !shortOf;
      });
      const handled = sellable.length ? await execute(cartIdOf(owner), { type: "AddItems", lines: sellable }) : null;
      return { added: sellable.map(({ shelf: _shelf, ...line }) => line), notAdded, position: handled?.position };
    },

    async changeQuantity(owner: CartOwner, line: CartLineRef, quantity: number) {
      return execute(cartIdOf(owner), { type: "ChangeQuantity", line, quantity });
    },

    async remove(owner: CartOwner, line: CartLineRef) {
      return execute(cartIdOf(owner), { type: "RemoveItem", line });
    },

    async clear(owner: CartOwner) {
      return execute(cartIdOf(owner), { type: "ClearCart" });
    },

    /** POST /api/cart: the cart becomes these items, priced and named by the server. All or nothing. */
    async replace(owner: CartOwner, items: CartItemInput[]) {
      await checkChildren(owner, items);
      const lines: (CartLine & { shelf: Shelf })[] = [];
      for (const [index, item] of items.entries()) {
        try {
          lines.push(await lineFor(item));
        } catch (err) {
          if (isRuleViolation(err)) throw new RuleViolation("checkout.itemAt", { index, id: item.productId, problem: refusal(err.key, err.values) });
          throw err;
        }
      }
      return execute(cartIdOf(owner), { type: "ReplaceItems", lines });
    },

    /**
     * On sign-in the guest's cart joins the user's in ONE append to the user's
     * cart (a merge event carrying the lines, at the expected revision). The guest
     * stream is left as it was; if the append fails, both carts are unchanged.
     * Merging the same guest revision twice adds nothing.
     */
    async mergeGuestCart(guestToken: string, userId: string) {
      const fromCartId = guestCartId(guestToken);
      const guest = await load(fromCartId);
      if (guest.state.lines.length === 0) return null;
      return execute(userCartId(userId), {
        type: "MergeCart",
        fromCartId,
        fromRevision: guest.revision,
        lines: guest.state.lines,
      });
    },

    /**
     * The step that takes an order's lines out of the cart as it was loaded, or null when that
     * order was checked out already: the order service's command appends it with the order.
     */
    checkOutStep(
      cartId: string,
      orderId: string,
      lines: (CartLineRef & { quantity: number })[],
      loaded: Loaded<CartState>,
    ): StreamStep | null {
      const prepared = carts.prepare(cartStreamId(cartId), loaded, { type: "CheckOut", orderId, lines });
      return prepared && { prepared, handler: carts };
    },

    /** The ordered lines leave the cart as it is now; a retried placement of the same order checks out once. */
    async checkOut(cartId: string, orderId: string, lines: (CartLineRef & { quantity: number })[]) {
      return execute(cartId, { type: "CheckOut", orderId, lines });
    },
  };
}

export type CartService = ReturnType<typeof createCartService>;
