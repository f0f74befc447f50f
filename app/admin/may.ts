import { useRouteLoaderData } from "@remix-run/react";
import type { loader as adminLoader } from "../routes/admin";
import type { Permission } from "../../domain/staff/roles";

/**
 * Whether the person signed in may do this (decision 217): a page offers only the buttons and links of what their role
 * may do, from the permissions the admin frame sends (routes/admin.tsx), as the menu does. The server still asks for
 * the permission on every form it is sent (`requirePermission`): this only keeps a press from ending in a 403.
 */
export function useMay(): (permission: Permission) => boolean {
  const frame = useRouteLoaderData<typeof adminLoader>("routes/admin");
  const held = frame?.may ?? [];
  return (permission) => held.includes(permission);
}
