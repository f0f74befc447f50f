import type { LoaderFunctionArgs } from "@remix-run/node";
import { Form, NavLink, Outlet, useLoaderData } from "@remix-run/react";
import { requireAdminOncePerRequest } from "../admin/guard.server";

/**
 * The admin area's frame: who is signed in and the admin's nav. Every page below
 * checks the admin again in its own loader and action (loaders run in parallel, and
 * an action never runs this loader first): this guard only keeps the frame private.
 * A page loader that checks with `requireAdminOncePerRequest` too shares this one check.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const admin = await requireAdminOncePerRequest(request, context);
  return { admin: { name: admin.name, email: admin.email } };
}

export default function AdminLayout() {
  const { admin } = useLoaderData<typeof loader>();
  return (
    <div className="admin-area">
      <nav className="admin-nav" aria-label="Admin">
        <ul>
          <li>
            <NavLink to="/admin" end>
              Orders
            </NavLink>
          </li>
          <li>
            <NavLink to="/admin/products">Products</NavLink>
          </li>
          <li>
            <NavLink to="/admin/notifications">Notifications</NavLink>
          </li>
        </ul>
        <p className="admin-who">Signed in as admin {admin.email ?? admin.name}</p>
        <Form method="post" action="/admin/logout">
          <button type="submit" className="secondary">
            Logout
          </button>
        </Form>
      </nav>
      <Outlet />
    </div>
  );
}
