import type { Shop } from "../../services/index";

/** An admin as the trail names them: today's name and email, looked up by the id an event recorded. */
export interface NamedAdmin {
  name: string;
  email: string | null;
}

/**
 * Admins change rarely and a trail names the same few many times: one read of the admins per
 * shop per few seconds serves every page in between. A change through the Admins page drops it.
 */
const FRESH_MS = 10_000;
const cache = new WeakMap<object, { at: number; admins: Promise<Map<string, NamedAdmin>> }>();

export function adminDirectory(shop: Shop): Promise<Map<string, NamedAdmin>> {
  const known = cache.get(shop.db);
  if (known && Date.now() - known.at < FRESH_MS) return known.admins;
  const admins = shop.auth
    .listAdmins()
    .then((list) => new Map(list.map((a) => [a.id, { name: a.name, email: a.email }])))
    .catch((err: unknown) => {
      cache.delete(shop.db);
      throw err;
    });
  cache.set(shop.db, { at: Date.now(), admins });
  return admins;
}

export function forgetAdminDirectory(shop: Shop): void {
  cache.delete(shop.db);
}

/** The name every admin had before admins had names of their own (decision 104). */
const UNNAMED_ADMIN = "Admin";

/**
 * An event as the trail shows it: an admin actor recorded with an id still on the admins list is
 * shown with the admin's current name and email, so two admins are never both "Admin: Admin". An
 * admin whose name is still the old default keeps the name the event was signed with. The stored
 * event is not changed; id-less actors and ids no longer on the list show as recorded.
 */
export function withAdminNames<E extends { data: unknown }>(event: E, admins: Map<string, NamedAdmin>): E {
  const data = event.data as { actor?: { kind?: string; id?: string; name?: string } } | null;
  const actor = data?.actor;
  if (!actor || actor.kind !== "admin" || !actor.id) return event;
  const admin = admins.get(actor.id);
  if (!admin) return event;
  const name = admin.name !== UNNAMED_ADMIN || !actor.name ? admin.name : actor.name;
  return { ...event, data: { ...data, actor: { ...actor, name, email: admin.email } } };
}
