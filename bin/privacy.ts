import type { ShopConfig } from "../server/config";
import { openShopCore } from "../server/runtime";
import { createServices, type Shop } from "../services/index";
import { sealStored } from "../eventstore/sealing";
import { command } from "./args";
import { definitions } from "./definitions";

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
  definitions.privacySealExisting,
  (config) =>
    withShop(config, async (shop) => {
      const report = await sealStored(shop.db, shop.sealer);
      console.log(`privacy: ${report.sealed} events sealed now, of ${report.scanned} not yet sealed`);
      return 0;
    }),
);

export const privacyReapplyCommand = command(
  definitions.privacyReapply,
  (config) =>
    withShop(config, async (shop) => {
      const again = await shop.privacy.reapplyErasures();
      console.log(`privacy: ${again} erased again from ${config.privacy.erasuresFile}`);
      return 0;
    }),
);

export const privacyEraseCommand = command(
  definitions.privacyErase,
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
