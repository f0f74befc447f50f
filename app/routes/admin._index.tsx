import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { requireAdmin } from "../auth/session.server";

export const meta: MetaFunction = () => [{ title: "Orders | Admin" }];

/** The admin dashboard's shell: the admin developer builds the order table here. Every loader and action starts with requireAdmin. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const admin = await requireAdmin(request, context.shop);
  return { admin: { name: admin.name, email: admin.email } };
}

export default function AdminOrders() {
  const { admin } = useLoaderData<typeof loader>();
  return (
    <section aria-labelledby="admin-orders-title">
      <div className="admin-bar">
        <p>
          Signed in as admin {admin.email ?? admin.name}
        </p>
        <Form method="post" action="/admin/logout">
          <button type="submit" className="secondary">
            Logout
          </button>
        </Form>
      </div>
      <h1 id="admin-orders-title">Orders</h1>
    </section>
  );
}
