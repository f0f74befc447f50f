import type { Kysely } from "kysely";
import type { DB } from "../db/schema";
import type { CourierService } from "../services/courier/service";

/** How often a job runner looks for parcels the courier has gone quiet about (each is asked at most once a quiet spell). */
export const PARCEL_POLL_EVERY_MS = 10 * 60_000;

/** The most shipped orders one round looks at: the oldest first, so a parcel long on its way is not starved. */
const ROUND_MAX = 500;

/**
 * Polling where the tracking webhook went quiet (decision 232): the shipped orders, oldest first, handed to the
 * courier service, which asks by AWB for each parcel it has heard nothing of for SHIPROCKET_QUIET_HOURS and records
 * each new scan once, as the webhook would have. `asked` is this runner's memory between rounds.
 */
export function createParcelPoller(deps: { db: Kysely<DB>; courier: CourierService }) {
  const asked = new Map<string, number>();
  return async function pollQuietParcels(): Promise<{ asked: number; recorded: number }> {
    const rows = await deps.db
      .selectFrom("orders")
      .select("id")
      .where("status", "=", "shipped")
      .where("deleted", "=", false)
      .orderBy("updated_at", "asc")
      .limit(ROUND_MAX)
      .execute();
    const shipped = new Set(rows.map((r) => r.id));
    // An order no longer shipped (delivered, back at the shop) is forgotten.
    for (const id of asked.keys()) if (!shipped.has(id)) asked.delete(id);
    return deps.courier.followQuiet([...shipped], asked);
  };
}
