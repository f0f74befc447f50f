/**
 * A sign-up is one act (decision 161): the account is made with the consent given by pressing the button beside
 * the privacy notice, or neither is there. A store that cannot take the consent leaves no account behind, and the
 * same address signs up once it can.
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { privacyStreamId } from "../../domain/privacy/events";
import { accountSubject } from "../../domain/privacy/subjects";
import { createAuthService } from "../../services/auth/index";
import { openTestShop, type TestShop } from "../support/shop";

let shop: TestShop;

beforeAll(async () => {
  shop = await openTestShop({ projectors: false });
});
afterAll(async () => {
  await shop?.close();
});

/** Where and in which language the account's consents were given, from its privacy stream. */
async function consentsOf(userId: string) {
  const events = await shop.store.readStream(privacyStreamId(accountSubject(userId)));
  return events.filter((e) => e.type === "ConsentGiven").map((e) => {
    const { place, language } = e.data as { place: string; language: string };
    return { place, language };
  });
}

const accountsWith = async (email: string) => (await shop.db.selectFrom("users").select("id").where("email", "=", email).execute()).length;

describe("sign-up and its consent", () => {
  it("makes the account with the consent, in the page's language, in one call", async () => {
    const email = `parent-${randomUUID()}@example.com`;
    const user = await shop.auth.registerWithEmail({ email, password: "satchel-2026", consent: { language: "hi" } });
    expect((await shop.privacy.state(accountSubject(user.id))).consent).toMatchObject({ notice: shop.privacy.notice });
    expect(await consentsOf(user.id)).toEqual([{ place: "sign-up", language: "hi" }]);
  });

  it("makes no account when the consent cannot be recorded, and the same address signs up when it can", async () => {
    const email = `parent-${randomUUID()}@example.com`;
    // The store refusing the consent's append (a planted fault): the sign-up fails whole.
    const refusing = createAuthService({
      ...shop,
      signUpConsent: async () => {
        throw new Error("the event store is unreachable");
      },
    });
    await expect(refusing.registerWithEmail({ email, password: "satchel-2026", consent: { language: "en" } })).rejects.toThrow("unreachable");
    expect(await accountsWith(email)).toBe(0);

    const user = await shop.auth.registerWithEmail({ email, password: "satchel-2026", consent: { language: "en" } });
    expect(await accountsWith(email)).toBe(1);
    expect(await consentsOf(user.id)).toEqual([{ place: "sign-up", language: "en" }]);
  });
});
