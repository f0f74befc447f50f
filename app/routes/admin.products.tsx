import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useRef, type ReactNode } from "react";
import { PRODUCT_MESSAGES, PRODUCT_TEXT_LIMITS, SHOP_SIZES, type ProductField, type ProductHindiField } from "../../domain/admin-products";
import { LOW_STOCK_MARK } from "../../domain/stock/shelf";
import { PRODUCT_FORM_LIMITS, productForm } from "../../domain/forms/admin";
import { CATEGORY_ILLUSTRATION, SHOP_CATEGORIES, SHOP_GENDERS, parseShopProductId } from "../../domain/shop-products";
import { formatRupees } from "../../domain/money";
import { requireAdmin } from "../auth/session.server";
import { stockActor } from "../admin/stock.server";
import { shopProductImage } from "../images.server";
import { useHydrated } from "../components/useHydrated";
import { readPageForm, type FormResult } from "../forms/form.server";
import { FieldMessage, FormMessage, fieldProps, typedValue } from "../forms/messages";
import { TableScroll } from "../components/TableScroll";
import { metaT, useT } from "../i18n/I18n";
import { languageOf, routeMessages, serverT } from "../i18n/i18n.server";

export const meta: MetaFunction = ({ matches }) => [{ title: metaT(matches)("admin:products.metaTitle") }];

/** ?saved= after a change: the note's key (admin:products.saved.*). */
const SAVED = ["added", "updated", "deleted"];

type FormField = ProductField | ProductHindiField;
type FormValues = Record<FormField, string>;

const EMPTY_FORM: FormValues = { name: "", name_hi: "", price: "", image: "", description: "", description_hi: "", stock_quantity: "0", category: "", gender: "", size: "Free Size" };

/** ?stock=low: the products at or under the low-stock mark, fewest first (decision 100). */
const LOW = "low";

/** The products of /shop: the spec's form (Add Product / Edit Product with ?edit=<id>) and table. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(request, context.shop);
  const t = serverT(languageOf(request));
  const params = new URL(request.url).searchParams;
  const all = await context.shop.products.listAll();
  const lowOnly = params.get("stock") === LOW;
  const products = lowOnly
    ? all.filter((p) => p.stockQuantity <= LOW_STOCK_MARK).sort((a, b) => a.stockQuantity - b.stockQuantity || a.id - b.id)
    : all;
  const editText = params.get("edit");
  const editId = editText ? parseShopProductId(editText) : undefined;
  const editing = editId !== undefined ? all.find((p) => p.id === editId) : undefined;
  return {
    saved: SAVED.includes(params.get("saved") ?? "") ? t(`admin:products.saved.${params.get("saved")}`) : null,
    notice: editText && !editing ? t("admin:products.noSuchEdit") : null,
    editing: editing
      ? {
          id: editing.id,
          values: {
            name: editing.name,
            name_hi: editing.nameHi ?? "",
            price: String(editing.price),
            image: editing.imageUrl ?? "",
            description: editing.description,
            description_hi: editing.descriptionHi ?? "",
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
      low: p.stockQuantity <= LOW_STOCK_MARK,
      category: t(`shop:category.${p.category}`),
      gender: t(`shop:gender.${p.gender}`),
      size: p.size,
    })),
    lowOnly,
    lowMark: LOW_STOCK_MARK,
    // The form's category and gender names (`shop`), the stock words (`stock`); the admin words come with the admin frame.
    messages: routeMessages(request, "shop", "stock"),
  };
}

/** Add, Update (id set) and Delete. Every field is checked with the API's rules; a refusal shows its message by the field. */
export async function action({ request, context }: ActionFunctionArgs) {
  const admin = await requireAdmin(request, context.shop);
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
  if (!(await context.shop.products.update(change.id, change.product, stockActor(admin)))) return form.refuse(PRODUCT_MESSAGES.deletedMeanwhile, 404);
  return redirect("/admin/products?saved=updated");
}

function Field({ name, label, result, children }: { name: FormField; label: string; result: FormResult | undefined; children: ReactNode }) {
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
  const t = useT();
  if (!hydrated) {
    return (
      <a href={`/admin/products/${id}/delete`} className="danger-link">
        {t("admin:delete")}
      </a>
    );
  }
  return (
    <>
      <button type="button" className="danger small" onClick={() => dialog.current?.showModal()}>
        {t("admin:delete")}
      </button>
      <dialog ref={dialog} className="confirm-dialog" aria-labelledby={`delete-product-${id}`}>
        <Form method="post" action="/admin/products" onSubmit={() => dialog.current?.close()}>
          <h2 id={`delete-product-${id}`}>{t("admin:products.deleteTitle")}</h2>
          <p>{t("admin:products.deleteText", { name, id })}</p>
          <input type="hidden" name="intent" value="delete" />
          <input type="hidden" name="id" value={id} />
          <div className="dialog-buttons">
            <button type="submit" className="danger" disabled={busy}>
              {t("admin:delete")}
            </button>
            <button type="button" className="secondary" onClick={() => dialog.current?.close()}>
              {t("admin:cancel")}
            </button>
          </div>
        </Form>
      </dialog>
    </>
  );
}

export default function AdminProducts() {
  const { products, editing, saved, notice, lowOnly, lowMark } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>()?.result;
  const busy = useNavigation().state === "submitting";
  const t = useT();
  // After a refused save the form shows what was typed (the server sends it back), else the product or an empty form.
  const typed = typedValue(result, "intent") === "save";
  const shown = editing?.values ?? EMPTY_FORM;
  const value = (name: FormField) => (typed ? (typedValue(result, name) ?? "") : shown[name]);
  const field = (name: FormField) => ({ id: `product-${name}`, name, defaultValue: value(name), ...fieldProps(result, name) });
  const formKey = `${editing?.id ?? "new"}-${JSON.stringify(result?.initialValue ?? null)}`;

  return (
    <section className="admin-products" aria-labelledby="admin-products-title">
      <h1 id="admin-products-title">{t("admin:products.title")}</h1>
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
        <h2 id="product-form-title">{editing ? t("admin:products.edit") : t("admin:products.add")}</h2>
        <FormMessage result={result} />
        <input type="hidden" name="intent" value="save" />
        {editing ? <input type="hidden" name="id" value={editing.id} /> : null}
        <Field name="name" label={t("admin:products.name")} result={result}>
          <input {...field("name")} required maxLength={PRODUCT_TEXT_LIMITS.name} />
        </Field>
        <Field name="name_hi" label={t("admin:products.nameHi")} result={result}>
          <input {...field("name_hi")} lang="hi" maxLength={PRODUCT_TEXT_LIMITS.name} />
        </Field>
        <Field name="price" label={t("admin:products.price")} result={result}>
          <input {...field("price")} inputMode="numeric" required />
        </Field>
        <Field name="image" label={t("admin:products.image")} result={result}>
          <input {...field("image")} placeholder={t("admin:products.imagePlaceholder")} />
        </Field>
        <Field name="description" label={t("admin:products.description")} result={result}>
          <textarea {...field("description")} rows={3} maxLength={PRODUCT_TEXT_LIMITS.description} />
        </Field>
        <Field name="description_hi" label={t("admin:products.descriptionHi")} result={result}>
          <textarea {...field("description_hi")} lang="hi" rows={3} maxLength={PRODUCT_TEXT_LIMITS.description} />
        </Field>
        <Field name="stock_quantity" label={t("admin:products.stockQuantity")} result={result}>
          <input {...field("stock_quantity")} inputMode="numeric" />
        </Field>
        <Field name="category" label={t("admin:products.category")} result={result}>
          <select {...field("category")}>
            <option value="">{t("admin:products.chooseCategory")}</option>
            {SHOP_CATEGORIES.map((c) => (
              <option key={c} value={c}>
                {t(`shop:category.${c}`)}
              </option>
            ))}
          </select>
        </Field>
        <Field name="gender" label={t("admin:products.gender")} result={result}>
          <select {...field("gender")}>
            <option value="">{t("admin:products.chooseGender")}</option>
            {SHOP_GENDERS.map((g) => (
              <option key={g} value={g}>
                {t(`shop:gender.${g}`)}
              </option>
            ))}
          </select>
        </Field>
        <Field name="size" label={t("admin:products.size")} result={result}>
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
            {editing ? t("admin:products.update") : t("admin:products.addButton")}
          </button>
          <Link to="/admin/products" className="button secondary">
            {t("admin:cancel")}
          </Link>
        </div>
      </Form>

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
        <TableScroll label={t("admin:products.list")}>
          <table className="admin-table" aria-label={t("admin:products.table")}>
            <thead>
              <tr>
                <th scope="col">{t("admin:products.id")}</th>
                <th scope="col">{t("admin:products.name")}</th>
                <th scope="col">{t("admin:products.priceColumn")}</th>
                <th scope="col">{t("admin:products.description")}</th>
                <th scope="col">{t("admin:products.imageColumn")}</th>
                <th scope="col">{t("admin:products.stock")}</th>
                <th scope="col">{t("admin:products.category")}</th>
                <th scope="col">{t("admin:products.gender")}</th>
                <th scope="col">{t("admin:products.size")}</th>
                <th scope="col">{t("admin:products.actions")}</th>
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
                  <td className={p.low ? "stock-low" : undefined}>
                    {p.stock} <Link to={`/admin/products/${p.id}/stock`}>{t("admin:products.stockHistory")}</Link>
                  </td>
                  <td>{p.category}</td>
                  <td>{p.gender}</td>
                  <td>{p.size}</td>
                  <td className="actions">
                    <Link to={`/admin/products?edit=${p.id}`}>{t("admin:products.editLink")}</Link> <DeleteProduct id={p.id} name={p.name} />
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
