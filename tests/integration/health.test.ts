import { describe, expect, it } from "vitest";
import { randomUUID } from "node:crypto";
import { openTestShop } from "../support/shop";

describe("health", () => {
  it("reports every part and each projector's lag, and turns unhealthy when the database is gone", async () => {
    const shop = await openTestShop({ projectors: false });
    await shop.store.append(`cart-${randomUUID()}`, [{ id: randomUUID(), type: "ItemAdded", data: {} }], "no_stream");
    // The event counts once every older transaction on the server has ended (other test files share it): wait for that.
    let healthy = await shop.health();
    // Every projector's lag is counted in its own query, so the event may show in one and not yet in another.
    for (let tries = 0; tries < 50 && !healthy.projectors.every((p) => p.lag > 0); tries++) {
      await new Promise((r) => setTimeout(r, 100));
      healthy = await shop.health();
    }
    expect(healthy.ok).toBe(true);
    expect(healthy.database).toMatchObject({ ok: true });
    expect(healthy.queue).toMatchObject({ ok: true, kind: "in-process" });
    // No projector is running in this shop: each one is one event behind.
    expect(healthy.projectors.find((p) => p.name === "stream_type_counts")).toMatchObject({ lag: 1 });

    await shop.testDatabase.db.destroy();
    const broken = await shop.health();
    expect(broken.ok).toBe(false);
    expect(broken.database.ok).toBe(false);
    expect(broken.database.error).toBeTruthy();
    await shop.close().catch(() => {});
  });
});
