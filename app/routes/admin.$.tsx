import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { requireStaffOncePerRequest } from "../admin/guard.server";
import { notFound } from "../offers.server";

/**
 * An unknown address under /admin: "Page not found" inside the admin frame (routes/admin.tsx
 * ErrorBoundary). The admin check comes first, so someone who is not an admin is sent to the
 * admin login as for any admin page, and learns nothing about which admin pages exist.
 */
export async function loader({ request, context }: LoaderFunctionArgs): Promise<never> {
  await requireStaffOncePerRequest(request, context);
  throw notFound("Page not found");
}

// As in routes/$.tsx: answered, not thrown, so the loaders (and the admin frame) run after it.
export async function action({ request, context }: ActionFunctionArgs) {
  await requireStaffOncePerRequest(request, context);
  return data(null, { status: 404 });
}

// Never drawn: see routes/$.tsx.
export default function UnknownAdminPage() {
  return null;
}
