import type { Kysely } from "kysely";
import type { DB } from "../db/schema";

/** Footer newsletter sign-ups. Subscribing twice is not an error: the second time changes nothing. */
export function createNewsletterService(db: Kysely<DB>) {
  return {
    async subscribe(email: string): Promise<void> {
      await db.insertInto("newsletter_subscribers").values({ email }).onConflict((oc) => oc.column("email").doNothing()).execute();
    },
  };
}
