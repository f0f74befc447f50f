import type { Shop } from "../../services/index";
import { formatDate, formatDateTime, type Language } from "../../domain/i18n";
import { displayOrderId } from "../../domain/orders/order";
import { isErased } from "../../domain/privacy/erased";
import { coolingOffEnds } from "../../domain/privacy/events";

export interface ErasureRow {
  subject: string;
  /** Who it is, as the admin can tell: the order number, or the account's name while it is not erased. */
  who: string;
  by: string;
  requestedAt: string;
  dueBy: string;
  overdue: boolean;
  erasedAt: string | null;
  /** A parent's request they may still take back (decision 248): until when, as the page prints it; null once the admin may act. */
  coolingOffUntil: string | null;
}

/** The admin's erasure requests as rows (app/routes/admin.privacy.tsx): open ones by deadline, then those done lately. */
export async function erasureRows(shop: Shop, lang: Language, now: Date): Promise<{ open: ErasureRow[]; done: ErasureRow[] }> {
  const { open, done } = await shop.privacy.requests();
  const userIds = [...open, ...done].filter((r) => r.subject.startsWith("account:")).map((r) => r.subject.slice("account:".length));
  const users = userIds.length ? await shop.db.selectFrom("users").select(["id", "name"]).where("id", "in", userIds).execute() : [];
  const names = new Map(users.map((u) => [u.id, u.name]));
  const hours = shop.privacy.coolingOffHours;
  const coolingOff = (r: (typeof open)[number]) =>
    !r.erased_at && r.by !== "shop" && Date.parse(coolingOffEnds(new Date(r.requested_at).toISOString(), hours)) > now.getTime();
  const row = (r: (typeof open)[number]): ErasureRow => {
    const [kind, id] = [r.subject.slice(0, r.subject.indexOf(":")), r.subject.slice(r.subject.indexOf(":") + 1)];
    const name = names.get(id);
    const who = kind === "order" ? `#${displayOrderId(id)}` : name && !isErased(name) ? name : `#${id.slice(0, 8).toUpperCase()}`;
    return {
      subject: r.subject,
      who,
      by: r.by,
      requestedAt: formatDateTime(r.requested_at, lang),
      dueBy: formatDate(r.due_by, lang),
      overdue: !r.erased_at && new Date(r.due_by).getTime() < now.getTime(),
      erasedAt: r.erased_at ? formatDateTime(r.erased_at, lang) : null,
      coolingOffUntil: coolingOff(r) ? formatDateTime(coolingOffEnds(new Date(r.requested_at).toISOString(), hours), lang) : null,
    };
  };
  return { open: open.map(row), done: done.map(row) };
}
