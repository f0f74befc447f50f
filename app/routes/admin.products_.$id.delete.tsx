import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { PRODUCT_MESSAGES } from "../../domain/admin-products";
import { deleteProductForm } from "../../domain/forms/admin";
import { parseShopProductId } from "../../domain/shop-products";
import { formatRupees } from "../../domain/money";
import { requirePermission } from "../admin/guard.server";
import { ConfirmDeleteForm } from "../components/ConfirmDeleteForm";
import { readPageForm } from "../forms/form.server";
import { metaT, useT } from "../i18n/I18n";
import { languageOf, serverT } from "../i18n/i18n.server";

export const meta: MetaFunction = ({ matches }) => [{ title: metaT(matches)("admin:products.deletePageMetaTitle") }];

/** The products table's 'Delete' without JavaScript: the dialog's question as a page. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await requirePermission(request, context, "catalogue");
  const id = parseShopProductId(params.id);
  const product = id === undefined ? undefined : await context.shop.products.get(id);
  if (!product) throw data({ message: serverT(languageOf(request))("admin:products.noSuchProduct") }, { status: 404 });
  return { product: { id: product.id, name: product.name, price: formatRupees(product.price) } };
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  await requirePermission(request, context, "catalogue");
  const form = await readPageForm(request, deleteProductForm);
  if (!form.ok) return form.answer;
  const id = parseShopProductId(params.id);
  if (id === undefined || !(await context.shop.products.remove(id))) return form.refuse(PRODUCT_MESSAGES.alreadyDeleted, 404);
  return redirect("/admin/products?saved=deleted");
}

export default function DeleteProductPage() {
  const { product } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>()?.result;
  const t = useT();
  return (
    <section className="confirm-page" aria-labelledby="delete-product-title">
      <h1 id="delete-product-title">{t("admin:products.deleteTitle")}</h1>
      <p>{t("admin:products.deletePageText", { name: product.name, id: product.id, price: product.price })}</p>
      <ConfirmDeleteForm result={result} cancelTo="/admin/products" />
    </section>
  );
}
