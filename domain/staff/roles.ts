/**
 * Who may do what in the back office (decision 215): each person the owner names has one role, and each role a
 * fixed set of permissions. Only the owner and a manager refund, delete orders, change the catalogue and its
 * prices, erase a parent's data or see reports and margins; counter staff sell, exchange and keep the drawer of
 * their counter; a packer sees the orders to pack and prints their slips. Only the owner names people.
 * Every admin page and form asks for one permission (app/admin/guard.server.ts, `requirePermission`), and the
 * admin menu shows only the pages whose permission the person holds.
 */

export const ROLES = ["owner", "manager", "counter", "packer"] as const;
export type Role = (typeof ROLES)[number];

export const PERMISSIONS = [
  /** The order dashboard and one order's page, read only: what there is to pack. */
  "seeOrders",
  /** An order's status, payment steps, notes and disputed UPI references; bank statements matched to orders. */
  "orders",
  /** Money given back: an order's refund, a refund at the counter. */
  "refund",
  "deleteOrders",
  /** Products, their prices, stock and facts, kits, sizes, photos, school stock, tailor work orders, labels. */
  "catalogue",
  /** Erasing a parent's data (the privacy desk). */
  "erase",
  /** Reports, margins, the season plan, GST documents and the orders' export. */
  "reports",
  /** The parents' complaints and the messages sent to them. */
  "messages",
  /** Naming people and giving them roles. */
  "staff",
  /** A bill at the counter. */
  "sell",
  /** Finding an order at the counter and exchanging a size. */
  "exchange",
  /** A counter's drawer: opening it, closing it, its Z report, cash handed in from delivery. */
  "drawer",
  /** Printing an order's bill, invoice or packing slip. */
  "print",
] as const;
export type Permission = (typeof PERMISSIONS)[number];

const everything = (except: readonly Permission[] = []) => PERMISSIONS.filter((p) => !except.includes(p));

/** The one table of who may do what. */
export const ROLE_PERMISSIONS: Readonly<Record<Role, readonly Permission[]>> = {
  owner: everything(),
  manager: everything(["staff"]),
  counter: ["sell", "exchange", "drawer", "print"],
  packer: ["seeOrders", "print"],
};

export const isRole = (value: unknown): value is Role => typeof value === "string" && (ROLES as readonly string[]).includes(value);
export const isPermission = (value: unknown): value is Permission => typeof value === "string" && (PERMISSIONS as readonly string[]).includes(value);

/** The roles that may do everything but name people: what a page that names no permission asks for. */
export const BACK_OFFICE: readonly Role[] = ["owner", "manager"];

/** Whether a person with this role (none: an admin nobody has given a role yet) may do this. */
export function may(role: Role | null | undefined, permission: Permission): boolean {
  return !!role && ROLE_PERMISSIONS[role].includes(permission);
}

/** Every permission a role holds, for the menu. */
export const permissionsOf = (role: Role | null | undefined): readonly Permission[] => (role ? ROLE_PERMISSIONS[role] : []);

/**
 * Where a person starts after signing in: the first of these pages they may open. The order dashboard for the
 * owner, a manager and a packer; the counter for counter staff.
 */
const HOMES: readonly (readonly [Permission, string])[] = [
  ["seeOrders", "/admin"],
  ["sell", "/admin/counter"],
  ["drawer", "/admin/cash"],
];

export function homeOf(role: Role | null | undefined): string {
  return HOMES.find(([permission]) => may(role, permission))?.[1] ?? "/admin/password";
}
