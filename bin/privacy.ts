import type { ShopConfig } from "../server/config";
import { openShopCore } from "../server/runtime";
import { createServices, type Shop } from "../services/index";
import { sealStored } from "../eventstore/sealing";
import { command } from "./args";

/** Operator commands for parents' data (docs/privacy.md, decisions 121-123). */

async function withShop<T>(config: ShopConfig, work: (shop: Shop) => Promise<T>, migrate = true): Promise<T> {
  const core = await openShopCore(config, { migrate });
  try {
    return await work({ ...core, ...createServices(core) });
  } finally {
    await core.close();
  }
}

export const privacySealExistingCommand = command(
  {
    name: "privacy seal-existing",
    summary: "seal the personal fields of events stored before sealing, each under its person's key",
    details: [
      "Each event whose type declares personal fields and is not yet sealed gets those fields sealed in place;",
      "what it reads as is checked to be unchanged first (decision 122). Safe while the shop runs, and a no-op",
      "once done. An erasure seals the person's own events first, so nothing is left in the clear.",
    ],
  },
  (config) =>
    withShop(config, async (shop) => {
      const report = await sealStored(shop.db, shop.sealer);
      console.log(`privacy: ${report.sealed} events sealed now, of ${report.scanned} not yet sealed`);
      return 0;
    }),
);

export const privacyReapplyCommand = command(
  {
    name: "privacy reapply-erasures",
    summary: "erase again everyone on the list kept apart from the backups (after restoring an old backup)",
    details: [
      "Reads PRIVACY_ERASURES_FILE (default <SHOP_DATA_DIR>/erasures.log) and erases each person listed whose",
      "key is back or whose erasure the database does not know (decision 123). shop restore runs it itself.",
    ],
  },
  (config) =>
    withShop(config, async (shop) => {
      const again = await shop.privacy.reapplyErasures();
      console.log(`privacy: ${again} erased again from ${config.privacy.erasuresFile}`);
      return 0;
    }),
);

export const privacyEraseCommand = command(
  {
    name: "privacy erase",
    summary: "erase one person now (account:<user id> or order:<order id>), as the admin page does",
    positional: { name: "subject", description: "account:<user id> or order:<order id>", required: true },
  },
  (config, { positional: subject }) =>
    withShop(config, async (shop) => {
      const done = await shop.privacy.erase(subject, { kind: "system", name: "shop privacy erase" });
      console.log(done.erased ? `privacy: ${subject} erased${done.texted ? "; the parent is texted" : ""}` : `privacy: ${subject} was erased already`);
      return 0;
    }),
);

/** After a restore: the erasures made since the backup, made again (decision 123). */
export function reapplyErasures(config: ShopConfig): Promise<number> {
  // The restore migrated the schema already; nothing is seeded into a restored shop.
  return withShop(config, (shop) => shop.privacy.reapplyErasures(), false);
}
