import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form } from "@remix-run/react";
import { requireAdmin } from "../auth/session.server";

export const meta: MetaFunction = () => [{ title: "Products | Admin" }];

/** Admin product management's shell: the admin developer builds the form and table here. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(request, context.shop);
  return null;
}

export default function AdminProducts() {
  return (
    <section aria-labelledby="admin-products-title">
      <div className="admin-bar">
        <Form method="post" action="/admin/logout">
          <button type="submit" className="secondary">
            Logout
          </button>
        </Form>
      </div>
      <h1 id="admin-products-title">Products</h1>
    </section>
  );
}
