import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useRef, type ReactNode } from "react";
import { PRODUCT_MESSAGES, PRODUCT_TEXT_LIMITS, SHOP_SIZES, type ProductField } from "../../domain/admin-products";
import { PRODUCT_FORM_LIMITS, productForm } from "../../domain/forms/admin";
import { CATEGORY_ILLUSTRATION, CATEGORY_LABELS, GENDER_LABELS, SHOP_CATEGORIES, SHOP_GENDERS, parseShopProductId } from "../../domain/shop-products";
import { formatRupees } from "../../domain/money";
import { requireAdmin } from "../auth/session.server";
import { shopProductImage } from "../images.server";
import { useHydrated } from "../components/useHydrated";
import { readPageForm, type FormResult } from "../forms/form.server";
import { FieldMessage, FormMessage, fieldProps, typedValue } from "../forms/messages";
import { TableScroll } from "../components/TableScroll";

export const meta: MetaFunction = () => [{ title: "Products | Admin" }];

const SAVED_MESSAGES: Record<string, string> = {
  added: "Product added. It is in the shop now.",
  updated: "Product updated.",
  deleted: "Product deleted.",
};

type FormValues = Record<ProductField, string>;

const EMPTY_FORM: FormValues = { name: "", price: "", image: "", description: "", stock_quantity: "0", category: "", gender: "", size: "Free Size" };

/** The products of /shop: the spec's form (Add Product / Edit Product with ?edit=<id>) and table. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(request, context.shop);
  const params = new URL(request.url).searchParams;
  const products = await context.shop.products.listAll();
  const editText = params.get("edit");
  const editId = editText ? parseShopProductId(editText) : undefined;
  const editing = editId !== undefined ? products.find((p) => p.id === editId) : undefined;
  return {
    saved: SAVED_MESSAGES[params.get("saved") ?? ""] ?? null,
    notice: editText && !editing ? "There is no product with that id: add a new one instead." : null,
    editing: editing
      ? {
          id: editing.id,
          values: {
            name: editing.name,
            price: String(editing.price),
            image: editing.imageUrl ?? "",
            description: editing.description,
            stock_quantity: String(editing.stockQuantity),
            category: editing.category,
            gender: editing.gender,
            size: editing.size,
          } satisfies FormValues,
        }
      : null,
    products: products.map((p) => ({
      id: p.id,
      name: p.name,
      price: formatRupees(p.price),
      description: p.description,
      imageUrl: p.imageUrl,
      thumbnail: shopProductImage(p.imageUrl, CATEGORY_ILLUSTRATION[p.category]),
      stock: p.stockQuantity,
      category: CATEGORY_LABELS[p.category],
      gender: GENDER_LABELS[p.gender],
      size: p.size,
    })),
  };
}

/** Add, Update (id set) and Delete. Every field is checked with the API's rules; a refusal shows its message by the field. */
export async function action({ request, context }: ActionFunctionArgs) {
  await requireAdmin(request, context.shop);
  const form = await readPageForm(request, productForm, PRODUCT_FORM_LIMITS);
  if (!form.ok) return form.answer;
  const change = form.value;
  if (change.intent === "delete") {
    if (!(await context.shop.products.remove(change.id))) return form.refuse(PRODUCT_MESSAGES.alreadyDeleted, 404);
    return redirect("/admin/products?saved=deleted");
  }
  if (change.id === undefined) {
    await context.shop.products.create(change.product);
    return redirect("/admin/products?saved=added");
  }
  if (!(await context.shop.products.update(change.id, change.product))) return form.refuse(PRODUCT_MESSAGES.deletedMeanwhile, 404);
  return redirect("/admin/products?saved=updated");
}

function Field({ name, label, result, children }: { name: ProductField; label: string; result: FormResult | undefined; children: ReactNode }) {
  return (
    <div className="form-field">
      <label htmlFor={`product-${name}`}>{label}</label>
      {children}
      <FieldMessage result={result} name={name} />
    </div>
  );
}

function DeleteProduct({ id, name }: { id: number; name: string }) {
  const hydrated = useHydrated();
  const dialog = useRef<HTMLDialogElement>(null);
  const busy = useNavigation().state === "submitting";
  if (!hydrated) {
    return (
      <a href={`/admin/products/${id}/delete`} className="danger-link">
        Delete
      </a>
    );
  }
  return (
    <>
      <button type="button" className="danger small" onClick={() => dialog.current?.showModal()}>
        Delete
      </button>
      <dialog ref={dialog} className="confirm-dialog" aria-labelledby={`delete-product-${id}`}>
        <Form method="post" action="/admin/products" onSubmit={() => dialog.current?.close()}>
          <h2 id={`delete-product-${id}`}>Delete this product?</h2>
          <p>
            {name} (ID {id}) leaves the shop. Orders that have it keep their lines.
          </p>
          <input type="hidden" name="intent" value="delete" />
          <input type="hidden" name="id" value={id} />
          <div className="dialog-buttons">
            <button type="submit" className="danger" disabled={busy}>
              Delete
            </button>
            <button type="button" className="secondary" onClick={() => dialog.current?.close()}>
              Cancel
            </button>
          </div>
        </Form>
      </dialog>
    </>
  );
}

export default function AdminProducts() {
  const { products, editing, saved, notice } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>()?.result;
  const busy = useNavigation().state === "submitting";
  // After a refused save the form shows what was typed (the server sends it back), else the product or an empty form.
  const typed = typedValue(result, "intent") === "save";
  const shown = editing?.values ?? EMPTY_FORM;
  const value = (name: ProductField) => (typed ? (typedValue(result, name) ?? "") : shown[name]);
  const field = (name: ProductField) => ({ id: `product-${name}`, name, defaultValue: value(name), ...fieldProps(result, name) });
  const formKey = `${editing?.id ?? "new"}-${JSON.stringify(result?.initialValue ?? null)}`;

  return (
    <section className="admin-products" aria-labelledby="admin-products-title">
      <h1 id="admin-products-title">Products</h1>
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

      <Form method="post" action={editing ? `/admin/products?edit=${editing.id}` : "/admin/products"} className="product-form" noValidate key={formKey} aria-labelledby="product-form-title">
        <h2 id="product-form-title">{editing ? "Edit Product" : "Add Product"}</h2>
        <FormMessage result={result} />
        <input type="hidden" name="intent" value="save" />
        {editing ? <input type="hidden" name="id" value={editing.id} /> : null}
        <Field name="name" label="Name" result={result}>
          <input {...field("name")} required maxLength={PRODUCT_TEXT_LIMITS.name} />
        </Field>
        <Field name="price" label="Price (₹)" result={result}>
          <input {...field("price")} inputMode="numeric" required />
        </Field>
        <Field name="image" label="Image URL" result={result}>
          <input {...field("image")} placeholder="https://... or /images/..." />
        </Field>
        <Field name="description" label="Description" result={result}>
          <textarea {...field("description")} rows={3} maxLength={PRODUCT_TEXT_LIMITS.description} />
        </Field>
        <Field name="stock_quantity" label="Stock quantity" result={result}>
          <input {...field("stock_quantity")} inputMode="numeric" />
        </Field>
        <Field name="category" label="Category" result={result}>
          <select {...field("category")}>
            <option value="">Choose a category</option>
            {SHOP_CATEGORIES.map((c) => (
              <option key={c} value={c}>
                {CATEGORY_LABELS[c]}
              </option>
            ))}
          </select>
        </Field>
        <Field name="gender" label="Gender" result={result}>
          <select {...field("gender")}>
            <option value="">Choose a gender</option>
            {SHOP_GENDERS.map((g) => (
              <option key={g} value={g}>
                {GENDER_LABELS[g]}
              </option>
            ))}
          </select>
        </Field>
        <Field name="size" label="Size" result={result}>
          <select {...field("size")}>
            {SHOP_SIZES.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </select>
        </Field>
        <div className="form-buttons">
          <button type="submit" className="primary" disabled={busy}>
            {editing ? "Update" : "Add"}
          </button>
          <Link to="/admin/products" className="button secondary">
            Cancel
          </Link>
        </div>
      </Form>

      <h2>Product list</h2>
      {products.length === 0 ? (
        <p>No products yet.</p>
      ) : (
        <TableScroll label="Product list">
          <table className="admin-table" aria-label="Products">
            <thead>
              <tr>
                <th scope="col">ID</th>
                <th scope="col">Name</th>
                <th scope="col">Price</th>
                <th scope="col">Description</th>
                <th scope="col">Image</th>
                <th scope="col">Stock</th>
                <th scope="col">Category</th>
                <th scope="col">Gender</th>
                <th scope="col">Size</th>
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {products.map((p) => (
                <tr key={p.id} data-product-id={p.id}>
                  <td>{p.id}</td>
                  <td>{p.name}</td>
                  <td>{p.price}</td>
                  <td>{p.description}</td>
                  <td>
                    <img src={p.thumbnail} alt="" width={48} height={48} loading="lazy" />
                    {p.imageUrl ? <span className="visually-hidden">{p.imageUrl}</span> : null}
                  </td>
                  <td>{p.stock}</td>
                  <td>{p.category}</td>
                  <td>{p.gender}</td>
                  <td>{p.size}</td>
                  <td className="actions">
                    <Link to={`/admin/products?edit=${p.id}`}>Edit</Link> <DeleteProduct id={p.id} name={p.name} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
    </section>
  );
}
