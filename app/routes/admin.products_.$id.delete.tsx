import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { PRODUCT_MESSAGES } from "../../domain/admin-products";
import { deleteProductForm } from "../../domain/forms/admin";
import { parseShopProductId } from "../../domain/shop-products";
import { formatRupees } from "../../domain/money";
import { requireAdmin } from "../auth/session.server";
import { ConfirmDeleteForm } from "../components/ConfirmDeleteForm";
import { readPageForm } from "../forms/form.server";

export const meta: MetaFunction = () => [{ title: "Delete this product? | Admin" }];

/** The products table's 'Delete' without JavaScript: the dialog's question as a page. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await requireAdmin(request, context.shop);
  const id = parseShopProductId(params.id);
  const product = id === undefined ? undefined : await context.shop.products.get(id);
  if (!product) throw data({ message: "There is no product with this id." }, { status: 404 });
  return { product: { id: product.id, name: product.name, price: formatRupees(product.price) } };
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  await requireAdmin(request, context.shop);
  const form = await readPageForm(request, deleteProductForm);
  if (!form.ok) return form.answer;
  const id = parseShopProductId(params.id);
  if (id === undefined || !(await context.shop.products.remove(id))) return form.refuse(PRODUCT_MESSAGES.alreadyDeleted, 404);
  return redirect("/admin/products?saved=deleted");
}

export default function DeleteProductPage() {
  const { product } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>()?.result;
  return (
    <section className="confirm-page" aria-labelledby="delete-product-title">
      <h1 id="delete-product-title">Delete this product?</h1>
      <p>
        {product.name} (ID {product.id}, {product.price}) leaves the shop. Orders that have it keep their lines.
      </p>
      <ConfirmDeleteForm result={result} cancelTo="/admin/products" />
    </section>
  );
}
