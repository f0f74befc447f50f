/**
 * The products page's form and table (app/routes/admin.products.tsx). The form is Add Product, or
 * Edit Product with ?edit=<id>: every field is checked with the API's rules on the server, a refusal
 * shows its message by the field, and the form keeps what was typed. The table shows each product
 * with its stock (low ones marked) and links to its stock history, its edit form and its delete:
 * with JavaScript a dialog asks before deleting; without it, 'Delete' is a link to a confirmation page.
 */
import { Form, useNavigation, Link } from "@remix-run/react";
import type { SubmissionResult } from "@conform-to/react";
import { useRef, type ReactNode } from "react";
import { PRODUCT_TEXT_LIMITS, SHOP_SIZES, type ProductFactField, type ProductField, type ProductHindiField, type ProductTaxField } from "../../../domain/admin-products";
import { INDIA } from "../../../domain/seller/disclosures";
import { SHOP_CATEGORIES, SHOP_GENDERS } from "../../../domain/shop-products";
import { useHydrated } from "../../components/useHydrated";
import { FieldMessage, FormMessage, fieldProps, typedValue } from "../../forms/messages";
import { TableScroll } from "../../components/TableScroll";
import { useT } from "../../i18n/I18n";

type FormResult = SubmissionResult<string[]>;

export type ProductFormField = ProductField | ProductHindiField | ProductFactField | ProductTaxField;

/** A tax class as the form offers it: its name with its HSN in the rate table and its rate. */
export interface TaxClassOption {
  value: string;
  label: string;
}
export type ProductFormValues = Record<ProductFormField, string>;

const EMPTY_FORM: ProductFormValues = {
  name: "",
  name_hi: "",
  price: "",
  image: "",
  description: "",
  description_hi: "",
  stock_quantity: "0",
  category: "",
  gender: "",
  size: "Free Size",
  country_of_origin: INDIA,
  maker: "",
  net_quantity: "",
  hsn: "",
  tax_class: "",
};

function Field({ name, label, result, children }: { name: ProductFormField; label: string; result: FormResult | undefined; children: ReactNode }) {
  return (
    <div className="form-field">
      <label htmlFor={`product-${name}`}>{label}</label>
      {children}
      <FieldMessage result={result} name={name} />
    </div>
  );
}

/** The product being edited (its values as the form shows them), or null for a new one; `result`: a refused save's. */
export function ProductForm({
  editing,
  result,
  taxClasses,
}: {
  editing: { id: number; values: ProductFormValues; taxOnFile: { text: string; missing: boolean } | null } | null;
  result: FormResult | undefined;
  taxClasses: readonly TaxClassOption[];
}) {
  const busy = useNavigation().state === "submitting";
  const t = useT();
  // After a refused save the form shows what was typed (the server sends it back), else the product or an empty form.
  const typed = typedValue(result, "intent") === "save";
  const shown = editing?.values ?? EMPTY_FORM;
  const value = (name: ProductFormField) => (typed ? (typedValue(result, name) ?? "") : shown[name]);
  const field = (name: ProductFormField) => ({ id: `product-${name}`, name, defaultValue: value(name), ...fieldProps(result, name) });
  const formKey = `${editing?.id ?? "new"}-${JSON.stringify(result?.initialValue ?? null)}`;
  return (
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
      {/* What the product page must show of it (Legal Metrology rule 6(10), decision 130); the page needs the `seller` words. */}
      <Field name="country_of_origin" label={t("seller:facts.origin")} result={result}>
        <input {...field("country_of_origin")} maxLength={PRODUCT_TEXT_LIMITS.country_of_origin} />
      </Field>
      <Field name="maker" label={t("seller:facts.maker")} result={result}>
        <input {...field("maker")} maxLength={PRODUCT_TEXT_LIMITS.maker} placeholder={t("seller:facts.makerPlaceholder")} />
      </Field>
      <Field name="net_quantity" label={t("seller:facts.netQuantity")} result={result}>
        <input {...field("net_quantity")} maxLength={PRODUCT_TEXT_LIMITS.net_quantity} placeholder={t("seller:facts.netQuantityPlaceholder")} />
      </Field>
      {/* The product's HSN code and tax class (decision 200): facts the owner sets, printed on its invoices. */}
      {editing?.taxOnFile ? (
        <p id="product-tax-on-file" className={editing.taxOnFile.missing ? "form-error" : "hint"}>
          {editing.taxOnFile.text}
        </p>
      ) : null}
      <Field name="tax_class" label={t("admin:products.taxClass")} result={result}>
        <select {...field("tax_class")}>
          <option value="">{t("admin:products.categoryDefault")}</option>
          {taxClasses.map((c) => (
            <option key={c.value} value={c.value}>
              {c.label}
            </option>
          ))}
        </select>
      </Field>
      <Field name="hsn" label={t("admin:products.hsn")} result={result}>
        <input {...field("hsn")} inputMode="numeric" maxLength={6} aria-describedby={[fieldProps(result, "hsn")["aria-describedby"], "product-hsn-help"].filter(Boolean).join(" ")} />
        <p id="product-hsn-help" className="hint">
          {t("admin:products.hsnHelp")}
        </p>
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
  );
}

/** One product as the table shows it (app/admin/products-page.server.ts). */
export interface ProductRow {
  id: number;
  name: string;
  price: string;
  description: string;
  imageUrl: string | null;
  thumbnail: string;
  stock: number;
  low: boolean;
  /** Days of stock left at the last four weeks' sales rate, in words (decision 136). */
  outlook: string;
  category: string;
  gender: string;
  size: string;
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

export function ProductTable({ products }: { products: ProductRow[] }) {
  const t = useT();
  return (
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
                {p.stock} <span className="stock-outlook">({p.outlook})</span> <Link to={`/admin/products/${p.id}/stock`}>{t("admin:products.stockHistory")}</Link> <Link to={`/admin/photos?owner=product.${p.id}`}>{t("admin:products.photosLink")}</Link>
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
  );
}
