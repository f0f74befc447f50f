import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, NavLink, Outlet, useLoaderData, useRouteError, useRouteLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";
import { requireAdminOncePerRequest } from "../admin/guard.server";
import { ErrorPage, errorPageTitle } from "../components/ErrorPage";

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

// Only an error page is named here: every admin page has its own title.
export const meta: MetaFunction<typeof loader> = ({ error }) => (error ? [{ title: errorPageTitle(error, "Admin") }] : []);

type AdminFrameData = Awaited<ReturnType<typeof loader>>;

function AdminFrame({ admin, children }: { admin: AdminFrameData["admin"]; children: ReactNode }) {
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
      {children}
    </div>
  );
}

export default function AdminLayout() {
  const { admin } = useLoaderData<typeof loader>();
  return (
    <AdminFrame admin={admin}>
      <Outlet />
    </AdminFrame>
  );
}

/**
 * A fault or an unknown address below /admin keeps the admin frame, but only when this
 * route's loader answered, that is when the admin check passed: if the check itself
 * failed, the page is a bare error page and shows nobody's admin nav.
 */
export function ErrorBoundary() {
  const error = useRouteError();
  const frame = useRouteLoaderData<typeof loader>("routes/admin");
  const page = <ErrorPage error={error} back={{ href: "/admin", label: "Back to orders" }} />;
  return frame ? <AdminFrame admin={frame.admin}>{page}</AdminFrame> : page;
}
