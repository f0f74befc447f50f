import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData, Link } from "@remix-run/react";
import { PRODUCT_MESSAGES } from "../../domain/admin-products";
import { PRODUCT_FORM_LIMITS, productForm } from "../../domain/forms/admin";
import { requirePermission } from "../admin/guard.server";
import { stockActor } from "../admin/stock.server";
import { productsPage } from "../admin/products-page.server";
import { ProductForm, ProductTable } from "../admin/components/Products";
import { readPageForm } from "../forms/form.server";
import { metaT, useT } from "../i18n/I18n";

export const meta: MetaFunction = ({ matches }) => [{ title: metaT(matches)("admin:products.metaTitle") }];

/** The products of /shop: the spec's form (Add Product / Edit Product with ?edit=<id>) and table (app/admin/products-page.server.ts). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requirePermission(request, context, "catalogue");
  return productsPage(context.shop, request);
}

/** Add, Update (id set) and Delete. Every field is checked with the API's rules; a refusal shows its message by the field. */
export async function action({ request, context }: ActionFunctionArgs) {
  const admin = await requirePermission(request, context, "catalogue");
  const form = await readPageForm(request, productForm, PRODUCT_FORM_LIMITS);
  if (!form.ok) return form.answer;
  const change = form.value;
  if (change.intent === "delete") {
    if (!(await context.shop.products.remove(change.id))) return form.refuse(PRODUCT_MESSAGES.alreadyDeleted, 404);
    return redirect("/admin/products?saved=deleted");
  }
  if (change.id === undefined) {
    await context.shop.products.create(change.product, stockActor(admin));
    return redirect("/admin/products?saved=added");
  }
  if (!(await context.shop.products.update(change.id, change.product, stockActor(admin)))) return form.refuse(PRODUCT_MESSAGES.deletedMeanwhile, 404);
  return redirect("/admin/products?saved=updated");
}

export default function AdminProducts() {
  const { products, editing, saved, notice, lowOnly, lowMark, taxClasses } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>()?.result;
  const t = useT();

  return (
    <section className="admin-products" aria-labelledby="admin-products-title">
      <h1 id="admin-products-title">{t("admin:products.title")}</h1>
      {/* The catalogue's bought-in items keep their Legal Metrology facts on a page of their own (decision 142). */}
      <p>
        <Link to="/admin/products/facts">{t("seller:itemFacts.productsLink")}</Link>
      </p>
      {saved && !result ? (
        <p className="notice" role="status">
          {saved}
        </p>
      ) : null}
      {notice ? (
        <p className="notice" role="status">
          {notice}
        </p>
      ) : null}

      <ProductForm editing={editing} result={result} taxClasses={taxClasses} />

      <h2>{t("admin:products.list")}</h2>
      <p className="filter-links">
        {lowOnly ? (
          <>
            <Link to="/admin/products">{t("admin:products.allStock")}</Link> · <strong>{t("admin:products.lowStock", { count: lowMark })}</strong>
          </>
        ) : (
          <>
            <strong>{t("admin:products.allStock")}</strong> · <Link to="/admin/products?stock=low">{t("admin:products.lowStock", { count: lowMark })}</Link>
          </>
        )}
      </p>
      {products.length === 0 ? (
        <p>{lowOnly ? t("admin:products.noneLow") : t("admin:products.none")}</p>
      ) : (
        <ProductTable products={products} />
      )}
    </section>
  );
}
