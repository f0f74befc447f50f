import { sql } from "kysely";
import { photoEvents } from "../domain/photos/events";
import { streamCategory } from "../eventstore/port";
import type { Projector } from "./projector";

/**
 * The owner's photos as the pages read them (decision 139): the `photos` table from the
 * `photos-<owner>` streams, in the order and with the main photo the decider keeps. Each event
 * is one small statement; photos change a few times a day.
 */
export const photosProjector: Projector = {
  name: "photos",
  tables: ["photos"],
  eventTypes: photoEvents.types,
  categories: [photoEvents.category],
  async apply(trx, events) {
    for (const recorded of events) {
      if (streamCategory(recorded.streamId) !== photoEvents.category) continue;
      const event = photoEvents.read(recorded);
      const owner = recorded.streamId.slice(photoEvents.category.length + 1);
      switch (event.type) {
        case "PhotoUploaded": {
          const d = event.data;
          await sql`
            insert into photos (owner, photo_id, position, main, status, width, height, original, uploaded_at, uploaded_by)
            values (${owner}, ${d.photoId},
              (select coalesce(max(position) + 1, 0) from photos where owner = ${owner}),
              not exists (select 1 from photos where owner = ${owner} and main),
              'processing', ${d.width}, ${d.height}, ${d.original}, ${d.at}, ${d.actor.name})
            on conflict (owner, photo_id) do nothing`.execute(trx);
          break;
        }
        case "PhotoProcessed": {
          const d = event.data;
          await trx
            .updateTable("photos")
            .set({ status: "ready", width: d.width, height: d.height, variants: JSON.stringify(d.variants) })
            .where("owner", "=", owner)
            .where("photo_id", "=", d.photoId)
            .execute();
          break;
        }
        case "PhotoFailed":
          await trx.updateTable("photos").set({ status: "failed" }).where("owner", "=", owner).where("photo_id", "=", event.data.photoId).execute();
          break;
        case "PhotoMadeMain":
          await sql`update photos set main = (photo_id = ${event.data.photoId}) where owner = ${owner}`.execute(trx);
          break;
        case "PhotosReordered":
          await sql`update photos set position = array_position(${event.data.order}::text[], photo_id) - 1 where owner = ${owner}`.execute(trx);
          break;
        case "PhotoDeleted":
          await trx.deleteFrom("photos").where("owner", "=", owner).where("photo_id", "=", event.data.photoId).execute();
          // The main photo gone, the first left takes its place (as the decider folds it).
          await sql`
            update photos set main = true
            where owner = ${owner} and not exists (select 1 from photos where owner = ${owner} and main)
              and photo_id = (select photo_id from photos where owner = ${owner} order by position limit 1)`.execute(trx);
          break;
      }
    }
  },
};
