import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation, Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { isRuleViolation } from "../../domain/errors";
import { ITEM_FACTS_FORM_OPTIONS, itemFactsForm } from "../../domain/forms/item-facts";
import { COUNTRY_MAX, INDIA, MAKER_MAX, NET_QUANTITY_MAX } from "../../domain/seller/disclosures";
import { boughtInItems } from "../../domain/seller/item-facts";
import { requirePermission } from "../admin/guard.server";
import { itemFactsView, type ItemFactsRow } from "../admin/item-facts.server";
import { TableScroll } from "../components/TableScroll";
import { readPageForm, refusalStatus, type FormResult } from "../forms/form.server";
import { FieldMessage, FormMessage, fieldProps, typedValue } from "../forms/messages";
import { metaT, useT } from "../i18n/I18n";
import { languageOf, refusalTable, routeMessages } from "../i18n/i18n.server";
import { refusalText } from "../i18n/refusals.server";

export const meta: MetaFunction = ({ matches }) => [{ title: metaT(matches)("seller:itemFacts.metaTitle") }];

/**
 * The facts of the catalogue's bought-in items (decision 142): the kids' shoes, shoes, stationery,
 * bottles and bags with their country of origin, maker or packer and net quantity, and the form of the
 * one being changed (?edit=<item id>), as the products page has its table and its form. Plain forms,
 * JS on or off; each save is an event with the admin as its actor.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requirePermission(request, context, "catalogue");
  const items = boughtInItems();
  const onFile = await context.shop.itemFacts.onFile();
  return {
    ...itemFactsView(items, onFile, new URL(request.url).searchParams, languageOf(request)),
    messages: routeMessages(request, "seller"),
    refusals: refusalTable(request, "itemFactsForm"),
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const me = await requirePermission(request, context, "catalogue");
  const form = await readPageForm(request, itemFactsForm, ITEM_FACTS_FORM_OPTIONS);
  if (!form.ok) return form.answer;
  const { item, facts } = form.value;
  try {
    const done = await context.shop.itemFacts.set(item, facts, { kind: "admin", id: me.id, name: me.name });
    if (done.position) {
      // The page the owner lands on reads the read model; the item's page, kept a few seconds, is built again.
      await context.shop.waitForReadModels(done.position);
      context.shop.itemFacts.shown();
    }
    return redirect(`/admin/products/facts?saved=${done.changed ? "saved" : "unchanged"}&item=${encodeURIComponent(item)}`);
  } catch (err) {
    if (!isRuleViolation(err)) throw err;
    return form.refuse(refusalText(languageOf(request), err), refusalStatus(err.status));
  }
}

function Field({ name, label, result, children }: { name: string; label: string; result: FormResult | undefined; children: ReactNode }) {
  return (
    <div className="form-field">
      <label htmlFor={`facts-${name}`}>{label}</label>
      {children}
      <FieldMessage result={result} name={name} />
    </div>
  );
}

function FactsForm({ item, result }: { item: ItemFactsRow; result: FormResult | undefined }) {
  const t = useT();
  const busy = useNavigation().state === "submitting";
  // After a refused save the form shows what was typed (the server sends it back), else what is set.
  const typed = typedValue(result, "item") === item.id;
  const shown = { country: item.facts.countryOfOrigin ?? "", maker: item.facts.maker ?? "", quantity: item.facts.netQuantity ?? "" };
  const value = (name: keyof typeof shown) => (typed ? (typedValue(result, name) ?? "") : shown[name]);
  const field = (name: keyof typeof shown) => ({ id: `facts-${name}`, name, defaultValue: value(name), ...fieldProps(result, name) });
  return (
    <Form
      method="post"
      action={`/admin/products/facts?edit=${encodeURIComponent(item.id)}`}
      className="product-form"
      noValidate
      key={`${item.id}-${JSON.stringify(result?.initialValue ?? null)}`}
      aria-labelledby="facts-form-title"
    >
      <h2 id="facts-form-title">{t("seller:itemFacts.editTitle", { item: item.name })}</h2>
      <p>{t("seller:itemFacts.blankHint")}</p>
      <FormMessage result={result} />
      <input type="hidden" name="item" value={item.id} />
      <Field name="country" label={t("seller:facts.origin")} result={result}>
        <input {...field("country")} maxLength={COUNTRY_MAX} placeholder={t("seller:itemFacts.countryPlaceholder")} />
      </Field>
      <Field name="maker" label={t("seller:facts.maker")} result={result}>
        <input {...field("maker")} maxLength={MAKER_MAX} placeholder={t("seller:facts.makerPlaceholder")} />
      </Field>
      <Field name="quantity" label={t("seller:facts.netQuantity")} result={result}>
        <input {...field("quantity")} maxLength={NET_QUANTITY_MAX} placeholder={t("seller:facts.netQuantityPlaceholder")} />
      </Field>
      <div className="form-buttons">
        <button type="submit" className="primary" disabled={busy}>
          {t("seller:itemFacts.save")}
        </button>
        <Link to="/admin/products/facts" className="button secondary">
          {t("seller:itemFacts.cancel")}
        </Link>
      </div>
    </Form>
  );
}

export default function AdminItemFacts() {
  const { shelves, editing, saved } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>()?.result;
  const t = useT();
  const fact = (value: string | null) => (value === null ? <span className="muted">{t("seller:itemFacts.notSet")}</span> : value === INDIA ? t("seller:facts.india") : value);
  return (
    <section className="admin-products" aria-labelledby="admin-facts-title">
      <p>
        <Link to="/admin/products">{t("seller:itemFacts.back")}</Link>
      </p>
      <h1 id="admin-facts-title">{t("seller:itemFacts.title")}</h1>
      <p>{t("seller:itemFacts.intro")}</p>
      {saved && !result ? (
        <p className="notice" role="status">
          {saved.item}: {t(`seller:itemFacts.saved.${saved.note}`)}
        </p>
      ) : null}
      {editing ? <FactsForm item={editing} result={result} /> : <FormMessage result={result} />}
      {shelves.map((shelf) => (
        <section key={shelf.kind} aria-labelledby={`facts-${shelf.kind}`}>
          <h2 id={`facts-${shelf.kind}`}>{t(`seller:itemFacts.kind.${shelf.kind}`)}</h2>
          <TableScroll label={t(`seller:itemFacts.kind.${shelf.kind}`)}>
            <table className="admin-table">
              <thead>
                <tr>
                  <th scope="col">{t("seller:itemFacts.item")}</th>
                  <th scope="col">{t("seller:facts.origin")}</th>
                  <th scope="col">{t("seller:facts.maker")}</th>
                  <th scope="col">{t("seller:facts.netQuantity")}</th>
                  <th scope="col">{t("seller:itemFacts.changed")}</th>
                  <th scope="col">{t("seller:itemFacts.actions")}</th>
                </tr>
              </thead>
              <tbody>
                {shelf.items.map((item) => (
                  <tr key={item.id} data-item-id={item.id}>
                    <th scope="row">
                      {item.name}
                      {item.allSizes ? ` (${t("seller:itemFacts.allSizes")})` : ""}
                    </th>
                    <td>{fact(item.facts.countryOfOrigin)}</td>
                    <td>{fact(item.facts.maker)}</td>
                    <td>{fact(item.facts.netQuantity)}</td>
                    <td>{item.changed ? t("seller:itemFacts.changedBy", { name: item.changed.by, date: item.changed.at }) : ""}</td>
                    <td className="actions">
                      <Link to={`/admin/products/facts?edit=${encodeURIComponent(item.id)}`} aria-label={`${t("seller:itemFacts.edit")}: ${item.name}`}>
                        {t("seller:itemFacts.edit")}
                      </Link>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
        </section>
      ))}
    </section>
  );
}
