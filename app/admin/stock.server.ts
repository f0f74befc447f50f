import type { StockActor } from "../../domain/stock/events";
import type { Admin } from "../auth/session.server";

/** The signed-in admin as a product's stock history names who changed it. */
export function stockActor(admin: Admin): StockActor {
  return { kind: "admin", id: admin.id, name: admin.name || admin.email || "Admin" };
}
