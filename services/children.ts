/**
 * The children on a parent's account (decision 133): added, changed and removed through the one
 * command handler with the children decider (domain/children/children.ts), one stream per parent;
 * read from the projector's table (projectors/children.ts). A write answers its position, for the
 * page to wait on before it shows the list again.
 */
import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { DB } from "../db/schema";
import { childrenDecider, childrenEvents, childrenStreamId, type Child, type ChildDetails, type ClassName, type KitSide } from "../domain/children/children";
import { createCommandHandler } from "../eventstore/command-handler";
import type { ShopEvents } from "../eventstore/port";

export function createChildrenService(deps: { db: Kysely<DB>; store: ShopEvents }) {
  const children = createCommandHandler(deps.store, { decider: childrenDecider, events: childrenEvents });

  function rowToChild(row: {
    child_id: string;
    name: string;
    school: string;
    class_name: string;
    kit: string | null;
    measurements: Record<string, number>;
    sizes: Record<string, string>;
    updated_at: Date;
  }): Child {
    return {
      id: row.child_id,
      name: row.name,
      school: row.school,
      // The projector wrote what the decider checked.
      className: row.class_name as ClassName,
      ...(row.kit ? { kit: row.kit as KitSide } : {}),
      measurements: row.measurements,
      sizes: row.sizes,
      updatedAt: row.updated_at.toISOString(),
    };
  }

  async function list(userId: string): Promise<Child[]> {
    const rows = await deps.db.selectFrom("account_children").selectAll().where("user_id", "=", userId).orderBy("position", "asc").execute();
    return rows.map(rowToChild);
  }

  return {
    list,

    /** Whether the child is on this parent's account now, from their stream (what the cart asks before a line for a child). */
    async isOwn(userId: string, childId: string): Promise<boolean> {
      return (await children.load(childrenStreamId(userId))).state.children.some((child) => child.id === childId);
    },

    /** One of this parent's children; undefined for another parent's or one removed. */
    async get(userId: string, childId: string): Promise<Child | undefined> {
      return (await list(userId)).find((child) => child.id === childId);
    },

    async add(userId: string, child: ChildDetails) {
      const childId = randomUUID();
      const handled = await children.handle(childrenStreamId(userId), { type: "AddChild", userId, childId, child, at: new Date().toISOString() });
      return { childId, position: handled.position };
    },

    async change(userId: string, childId: string, child: ChildDetails) {
      const handled = await children.handle(childrenStreamId(userId), { type: "ChangeChild", userId, childId, child, at: new Date().toISOString() });
      return { changed: handled.changed, position: handled.position };
    },

    async remove(userId: string, childId: string) {
      const handled = await children.handle(childrenStreamId(userId), { type: "RemoveChild", userId, childId, at: new Date().toISOString() });
      return { changed: handled.changed, position: handled.position };
    },
  };
}

export type ChildrenService = ReturnType<typeof createChildrenService>;
