import { sql, type Kysely } from "kysely";

/**
 * The courier's COD remittance (decision 233): a parcel whose cash the courier paid to the shop's bank is
 * `remitted` in `cod_parcels`, with the courier's id of the payout (Shiprocket's CRF id) and the bank's UTR.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table cod_parcels
      add column if not exists remittance text,
      add column if not exists utr text`.execute(db);
}
