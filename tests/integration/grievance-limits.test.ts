/**
 * The complaint desk texts no made-up number and takes no flood (decision 196). The third probe filed 12 complaints
 * in 3 s from one signed-in account, 12 texts to made-up numbers; the phone field took "abc". Now the number must be
 * an Indian mobile number, and filing is limited per account, per address and shop-wide, each refusal worded in
 * English and Hindi.
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isRuleViolation } from "../../domain/errors";
import { GRIEVANCE_LIMITS } from "../../domain/grievance/limits";
import { refusalText } from "../../app/i18n/refusals.server";
import { openTestShop, type TestShop } from "../support/shop";

let shop: TestShop;
beforeAll(async () => {
  shop = await openTestShop();
});
afterAll(async () => {
  await shop?.close();
});

let phoneSeq = 9_650_000_000;
let ipSeq = 0;
const complaint = (overrides: { userId?: string; phone?: string; clientIp?: string } = {}) =>
  shop.grievances.file({
    key: randomUUID(),
    userId: overrides.userId ?? randomUUID(),
    name: "Someone",
    phone: overrides.phone ?? String(phoneSeq++),
    topic: "other",
    text: "Nothing arrived.",
    language: "en",
    clientIp: overrides.clientIp ?? `192.0.2.${(ipSeq++ % 250) + 1}`,
  });

async function refusal(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (err) {
    if (isRuleViolation(err)) return { key: err.key, status: err.status, en: refusalText("en", err), hi: refusalText("hi", err) };
    throw err;
  }
  throw new Error("expected a refusal, got a ticket");
}

describe("filing a complaint", () => {
  it("takes only an Indian mobile number for its texts", async () => {
    for (const phone of ["abc", "12345", "5123456789", "98765432100"]) {
      expect(await refusal(complaint({ phone }))).toMatchObject({ key: "grievance.phoneInvalid", status: 422, en: "Please give a 10-digit Indian mobile number, like 98765 43210." });
    }
    expect((await refusal(complaint({ phone: "abc" }))).hi).toContain("भारतीय मोबाइल नंबर");
    expect(await shop.db.selectFrom("grievance_tickets").select("number").execute()).toEqual([]);
  });

  it(`files ${GRIEVANCE_LIMITS.perAccountPerDay} a day for one account, from any address; then refuses with a 429`, async () => {
    const userId = randomUUID();
    for (let i = 0; i < GRIEVANCE_LIMITS.perAccountPerDay; i++) expect(await complaint({ userId })).toMatchObject({ ok: true });
    expect(await refusal(complaint({ userId }))).toMatchObject({
      key: "grievance.tooManyFromAccount",
      status: 429,
      en: `You have filed ${GRIEVANCE_LIMITS.perAccountPerDay} complaints today. Please add to one of them by calling the shop, or file again tomorrow.`,
    });
  });

  it(`files ${GRIEVANCE_LIMITS.perAddressPerHour} an hour from one address, whatever the account`, async () => {
    const clientIp = "2401:4900:1c2a:b00::/64";
    for (let i = 0; i < GRIEVANCE_LIMITS.perAddressPerHour; i++) expect(await complaint({ clientIp })).toMatchObject({ ok: true });
    const refused = await refusal(complaint({ clientIp }));
    expect(refused).toMatchObject({ key: "grievance.tooManyFromHere", status: 429 });
    expect(refused.hi).toContain("प्रति घंटा");
  });

  it(`takes at most ${GRIEVANCE_LIMITS.shopPerHour} an hour for the whole shop`, async () => {
    // The complaints above count too: new accounts from new addresses until the desk says no.
    let refused: Awaited<ReturnType<typeof refusal>> | undefined;
    let filed = 0;
    for (let i = 0; i <= GRIEVANCE_LIMITS.shopPerHour && !refused; i++) {
      try {
        await complaint();
        filed++;
      } catch {
        refused = await refusal(complaint());
      }
    }
    expect(refused).toMatchObject({ key: "grievance.deskBusy", status: 429 });
    expect(filed).toBeLessThan(GRIEVANCE_LIMITS.shopPerHour);
  });
});
