import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { BullMQQueue } from "../../workers/bullmq-queue";
import { otpSmsText } from "../../domain/otp";
import { startTestServer, type TestServer } from "../support/server";
import { codeRecord, dropQueuePrefix, testQueuePrefix, waitForStatus } from "../support/notifications";
import { databaseText, holding, redisText } from "../support/secrets-scan";

/**
 * A sign-in code is a password for a few minutes: the shop keeps it nowhere readable
 * (docs/decisions/085). Only the SMS provider, at the HTTP boundary, sees it.
 */

const { redisUrl } = inject("services");
const prefix = testQueuePrefix("codes-at-rest");
let server: TestServer;
let phoneSeq = 7_100_000_000 + Math.floor(Math.random() * 800_000_000);

const post = (path: string, body: unknown) =>
  fetch(`${server.url}${path}`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });

describe.skipIf(!redisUrl)("sign-in codes at rest", () => {
  beforeAll(async () => {
    const queue = await BullMQQueue.connect(redisUrl!, { prefix, backoffMs: 50 });
    server = await startTestServer({ queue, env: { REDIS_URL: redisUrl!, QUEUE_PREFIX: prefix } });
  });
  afterAll(async () => {
    await server?.close();
    if (redisUrl) await dropQueuePrefix(redisUrl, prefix);
  });

  it("keeps the code in no table, no Redis job and no outbox text, while the provider gets the real text", async () => {
    const phone = String(phoneSeq++);
    const asked = await post("/api/users/auth/send-otp", { phone });
    expect(asked.status).toBe(200);

    const code = await server.sms.code(phone);
    const [text] = server.sms.to(phone);
    expect(text.text).toBe(otpSmsText("Churu Uniform House", code));
    const { key } = await codeRecord(server.shop.db, phone);
    await waitForStatus(server.shop.db, key, ["sent"]);
    // Sent: not even the sealed form is kept.
    expect((await codeRecord(server.shop.db, phone)).secret).toBeNull();

    expect(holding(await databaseText(server.shop.db), code)).toEqual([]);
    expect(holding(await redisText(redisUrl!, prefix), code)).toEqual([]);
    // What the admin's notifications page lists: the text with the code masked.
    const { recent } = await server.shop.notifications.list();
    expect(recent.find((r) => r.key === key)?.body).toMatch(/^\*{6} is your Churu Uniform House sign-in code/);

    // And the code the shopper read is the one that signs in.
    const verified = await post("/api/users/auth/verify-otp", { phone, otp: code });
    expect(verified.status).toBe(200);
  });
});
