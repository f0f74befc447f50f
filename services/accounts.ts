// A parent's own details (decision 114): their name, email and mobile number (the `users` row
// the auth service signs in with), their saved delivery addresses (`account_addresses`, owned by
// the account), and the guest orders that follow a number once it is proven. Rules are in
// domain/account/; this looks up what they need, writes what they decide, one account at a time.
import { randomUUID } from "node:crypto";
import type { Kysely, Selectable, Transaction } from "kysely";
import type { AccountAddressesTable, DB } from "../db/schema";
import {
  addressToPrefill,
  decideAddressBook,
  mayOfferToSave,
  type AddressBookCommand,
  type SavedAddress,
} from "../domain/account/addresses";
import { checkNewPhone, decideProfile, type AccountDetails } from "../domain/account/profile";
import { RuleViolation, isRuleViolation } from "../domain/errors";
import type { Actor, ShippingAddress } from "../domain/orders/events";
import { authRefusal, SIGNUP_MAX_TAKEN_PER_IP, SIGNUP_TAKEN_WINDOW_MINUTES } from "../domain/auth";
import { AuthError, type AuthService, type User } from "./auth/index";
import { createRateLimiter } from "./auth/rate-limit";
import type { OrderService } from "./orders";
import type { CartService } from "./cart";

/** Postgres's unique_violation: another account took the email or the number in between. */
const isUniqueViolation = (err: unknown) => !!err && typeof err === "object" && (err as { code?: string }).code === "23505";

function toSaved(row: Selectable<AccountAddressesTable>): SavedAddress {
  return {
    id: row.id,
    name: row.name,
    phone: row.phone,
    address: row.address,
    city: row.city,
    pincode: row.pincode,
    updatedAt: new Date(row.updated_at).toISOString(),
  };
}

/** Who links a guest order: the parent, by their account. */
export const accountActor = (user: Pick<User, "id" | "name">): Actor => ({ kind: "customer", id: user.id, name: user.name });

export function createAccountService(deps: { db: Kysely<DB>; auth: AuthService; orders: OrderService; cart: CartService }) {
  const { db, auth, orders } = deps;
  const limits = createRateLimiter(db, () => new Date());
  const TAKEN_WINDOW_MS = SIGNUP_TAKEN_WINDOW_MINUTES * 60_000;

  /** One change of an account at a time: its row locked for the transaction (two tabs cannot both add a third address). */
  async function lockAccount(trx: Transaction<DB>, userId: string): Promise<AccountDetails> {
    const row = await trx
      .selectFrom("users")
      .select(["id", "name", "email", "phone", "password_hash"])
      .where("id", "=", userId)
      .forUpdate()
      .executeTakeFirst();
    if (!row) throw new RuleViolation("account.notFound", {}, 404);
    return { id: row.id, name: row.name, email: row.email, phone: row.phone, hasPassword: Boolean(row.password_hash) };
  }

  async function addresses(userId: string, trx: Kysely<DB> = db): Promise<SavedAddress[]> {
    const rows = await trx.selectFrom("account_addresses").selectAll().where("user_id", "=", userId).orderBy("created_at").orderBy("id").execute();
    return rows.map(toSaved);
  }

  /** Decides a change of the address book on the book as it is, and writes it; the id of the address it leaves. */
  async function changeAddresses(userId: string, command: (at: string) => AddressBookCommand): Promise<{ id?: string; changed: boolean }> {
    return db.transaction().execute(async (trx) => {
      await lockAccount(trx, userId);
      const change = decideAddressBook(command(new Date().toISOString()), await addresses(userId, trx));
      switch (change.type) {
        case "none":
          return { ...(change.id ? { id: change.id } : {}), changed: false };
        case "insert": {
          const { id, updatedAt, ...fields } = change.address;
          await trx.insertInto("account_addresses").values({ id, user_id: userId, ...fields, created_at: new Date(updatedAt), updated_at: updatedAt }).execute();
          return { id, changed: true };
        }
        case "update": {
          const { id, updatedAt, ...fields } = change.address;
          await trx.updateTable("account_addresses").set({ ...fields, updated_at: updatedAt }).where("id", "=", id).where("user_id", "=", userId).execute();
          return { id, changed: true };
        }
        case "delete":
          await trx.deleteFrom("account_addresses").where("id", "=", change.id).where("user_id", "=", userId).execute();
          return { changed: true };
      }
    });
  }

  /**
   * The guest orders placed with the account's number join it (services/orders.ts
   * `linkGuestOrders`): after a phone sign-in or sign-up, and after the number is changed to a
   * proven one. An account without a number has none to link.
   */
  async function linkGuestOrders(user: Pick<User, "id" | "name" | "phone">): Promise<{ linked: string[] }> {
    if (!user.phone) return { linked: [] };
    return orders.linkGuestOrders({ userId: user.id, phone: user.phone, actor: accountActor(user) });
  }

  return {
    /** The account's saved addresses, oldest first (at most three). */
    addresses: (userId: string) => addresses(userId),

    addAddress: (userId: string, address: ShippingAddress) => changeAddresses(userId, (at) => ({ type: "AddAddress", id: randomUUID(), address, at })),
    editAddress: (userId: string, id: string, address: ShippingAddress) => changeAddresses(userId, (at) => ({ type: "EditAddress", id, address, at })),
    deleteAddress: (userId: string, id: string) => changeAddresses(userId, () => ({ type: "DeleteAddress", id })),

    /**
     * The checkout's "save this address": the address one of the parent's own orders went to. Any
     * other order is not found (nothing says whose it is).
     */
    async saveAddressOfOrder(userId: string, orderId: string) {
      const order = await orders.getOrder(orderId);
      if (!order || order.deleted || order.userId !== userId) throw new RuleViolation("tracking.notFound", {}, 404);
      return changeAddresses(userId, (at) => ({ type: "AddAddress", id: randomUUID(), address: order.address, at }));
    },

    /** Whether the confirmation of `address` may offer to save it to the account. */
    async offerToSave(userId: string, address: ShippingAddress) {
      return mayOfferToSave(address, await addresses(userId));
    },

    /** What the checkout's details form starts from for a signed-in parent (domain/account/addresses.ts). */
    async checkoutAddress(userId: string): Promise<ShippingAddress | undefined> {
      const [book, last] = await Promise.all([addresses(userId), orders.lastOrderAddress(userId)]);
      return addressToPrefill(book, last);
    },

    /**
     * A new name and email for the account (the form checked both); refused as domain/account/profile.ts says.
     * "Another account uses this email" tells which emails have accounts, as sign-up's answer does: it counts
     * in sign-up's bucket for the address (decision 115), and past its limit every email change from that
     * address is refused for the hour, whatever the email.
     */
    async updateProfile(userId: string, change: { name: string; email: string | null }, options: { ip?: string } = {}): Promise<{ changed: boolean }> {
      const takenBucket = `signup-taken:ip:${options.ip || "unknown"}`;
      const current = await auth.findUser(userId);
      if (change.email && change.email !== current?.email && (await limits.count(takenBucket, TAKEN_WINDOW_MS)) >= SIGNUP_MAX_TAKEN_PER_IP) {
        throw new AuthError("rate_limited", authRefusal("emailChangesLimited"));
      }
      try {
        return await db.transaction().execute(async (trx) => {
          const account = await lockAccount(trx, userId);
          const owner = change.email
            ? ((await trx.selectFrom("users").select("id").where("email", "=", change.email).executeTakeFirst())?.id ?? null)
            : null;
          const decided = decideProfile(change, account, owner);
          if (!decided) return { changed: false };
          await trx.updateTable("users").set({ name: decided.name, email: decided.email }).where("id", "=", userId).execute();
          return { changed: true };
        });
      } catch (err) {
        // Another account took the email between the look-up and the write.
        const taken = isUniqueViolation(err) ? new RuleViolation("account.emailTaken", {}, 409) : err;
        if (isRuleViolation(taken) && taken.key === "account.emailTaken") await limits.hit(takenBucket, TAKEN_WINDOW_MS);
        throw taken;
      }
    },

    /**
     * Step one of a new number: refused for the number the account has; otherwise a code goes to the
     * NEW number (the sign-in code's limits, text and budget). Whether another account has that number
     * is said only to whoever proves it (`provePhoneChange`): asked here, it would tell anyone signed in
     * which numbers have accounts, which phone sign-in never does (decision 010).
     */
    async sendPhoneChangeCode(userId: string, phone: string, options: { ip?: string; language?: "en" | "hi" }): Promise<void> {
      const account = await db.selectFrom("users").select(["id", "phone"]).where("id", "=", userId).executeTakeFirst();
      if (!account) throw new RuleViolation("account.notFound", {}, 404);
      checkNewPhone(phone, account, null);
      await auth.sendCode({ phone, ip: options.ip, language: options.language });
    },

    /**
     * Step two: the code sent to the new number. A right one changes the account's number to it, and
     * the guest orders placed with that number join the account. A wrong one is the sign-in code's
     * refusal (an AuthError); a number another account took meanwhile is refused.
     */
    async provePhoneChange(user: Pick<User, "id" | "name">, phone: string, code: string, options: { ip?: string } = {}) {
      const proven = await auth.proveCode({ phone, code, ip: options.ip });
      if ("user" in proven) {
        // The code was right, but the number has an account: this one's (nothing to change) or another's,
        // which its holder may now be told.
        checkNewPhone(phone, { id: user.id, phone: null }, proven.user.id);
      } else {
        // A proof names the number whose code was right: this one.
        if (auth.readPhoneProof(proven.proof) !== phone) throw new Error(`a code for ${phone} proved another number`);
        try {
          await db.transaction().execute(async (trx) => {
            await lockAccount(trx, user.id);
            await trx.updateTable("users").set({ phone }).where("id", "=", user.id).execute();
          });
        } catch (err) {
          if (isUniqueViolation(err)) throw new RuleViolation("account.phoneTaken", {}, 409);
          throw err;
        }
      }
      // The number is the account's now; guest orders that fail to join now join at its next sign-in.
      const { linked } = await linkGuestOrders({ id: user.id, name: user.name, phone }).catch((err: unknown) => {
        console.warn(`guest orders for user ${user.id}: ${err instanceof Error ? err.message : String(err)}`);
        return { linked: [] as string[] };
      });
      return { phone, linked };
    },

    linkGuestOrders,

    /**
     * What follows a parent's sign-in or sign-up on a page (email and password, phone code, Google): the guest orders
     * placed with the account's number join it (decision 114), and the guest cart (`guestToken`, from the cookie)
     * joins the saved one in one append. Either failing leaves it for the next sign-in and the sign-in succeeds:
     * `cartMerged` says whether the guest cookie may go.
     */
    async afterSignIn(userId: string, guestToken: string | null): Promise<{ cartMerged: boolean }> {
      try {
        const user = await auth.findUser(userId);
        if (user?.phone) await linkGuestOrders(user);
      } catch (err) {
        console.error(`guest orders for user ${userId}: ${err instanceof Error ? err.message : String(err)}`);
      }
      if (!guestToken) return { cartMerged: false };
      try {
        // The guest stream stays as it was; a merge of the same guest revision happens once.
        await deps.cart.mergeGuestCart(guestToken, userId);
        return { cartMerged: true };
      } catch (err) {
        console.error(`cart merge for user ${userId}: ${err instanceof Error ? err.message : String(err)}`);
        return { cartMerged: false };
      }
    },

    /**
     * The /api's code step: the right code for the number signs in its account (made on first use), and the guest
     * orders placed with the number join it (decision 114). A failure to link leaves them for the next proof.
     */
    async signInByCode(input: { phone: string; code: string; ip?: string }): Promise<User> {
      const user = await auth.verifyCode(input);
      await linkGuestOrders(user).catch((err: unknown) => console.error(`guest orders for user ${user.id}: ${err instanceof Error ? err.message : String(err)}`));
      return user;
    },
  };
}

export type AccountService = ReturnType<typeof createAccountService>;
