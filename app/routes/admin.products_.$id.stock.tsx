import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation, Link } from "@remix-run/react";
import { STOCK_FORM_LIMITS, stockForm } from "../../domain/forms/stock";
import { isRuleViolation } from "../../domain/errors";
import { parseShopProductId } from "../../domain/shop-products";
import { shelfLabel } from "../../domain/stock/shelf";
import { valueAtCost } from "../../domain/stock/costing";
import { formatPaisa } from "../../domain/tax/lines";
import { formatRupees } from "../../domain/money";
import { SCHOOL_SKU_BASE } from "../../domain/stock/school-stock";
import type { Shop } from "../../services/index";
import type { Language } from "../../domain/i18n";
import type { StockHistoryEntry } from "../../services/stock";
import { requirePermission } from "../admin/guard.server";
import { adminTime } from "../admin/orders.server";
import { stockActor } from "../admin/stock.server";
import { TableScroll } from "../components/TableScroll";
import { readPageForm, refusalStatus, type FormResult } from "../forms/form.server";
import { FieldMessage, FormMessage, fieldProps } from "../forms/messages";
import { metaT, useT, type T } from "../i18n/I18n";
import { languageOf, refusalTable, routeMessages, serverT } from "../i18n/i18n.server";
import { refusalText } from "../i18n/refusals.server";

export const meta: MetaFunction<typeof loader> = ({ matches, data: page }) => [
  { title: metaT(matches)("stock:metaTitle", { name: page?.product.name ?? "" }) },
];

const SAVED = ["count", "receive", "return", "none"] as const;

/** `shelfChange`: units on the shelf after minus before (decision 109), where the stock service gives it. */
function historyRow(entry: StockHistoryEntry & { shelfChange?: number }, t: T, lang: Language) {
  const order = entry.orderId ? t("stock:history.order", { number: entry.orderId.replace(/-/g, "").slice(0, 8).toUpperCase() }) : "";
  const reason =
    entry.type === "StockReleased" && entry.reason ? t(`stock:history.reasons.${entry.reason}`) : (entry.reason ?? "");
  const who =
    entry.actor.kind === "admin" ? (entry.actor.name ?? entry.actor.id ?? "") : entry.actor.kind === "order" ? t("stock:history.customer") : t("stock:history.system");
  return {
    key: entry.revision,
    when: adminTime(entry.at, lang),
    what: t(`stock:history.types.${entry.type}`),
    change: signed(entry.change),
    shelf: entry.shelfChange === undefined ? "" : signed(entry.shelfChange),
    after: entry.availableAfter,
    who,
    why: [reason, order].filter(Boolean).join(" · "),
  };
}

const signed = (units: number) => (units > 0 ? `+${units}` : String(units));

/** A size of a school item the owner counts (decision 180): its SKU number, above every product row's id. */
const parseSku = (raw: string | undefined) => (raw !== undefined && /^1\d{9}$/.test(raw) && Number(raw) > SCHOOL_SKU_BASE ? Number(raw) : undefined);

/**
 * What this page counts: a product of the shop's table, or a school item's size by its SKU (decision 180),
 * named "School Item" with its size, its page back to the school's stock; undefined when neither.
 */
async function stockedThing(shop: Shop, raw: string | undefined) {
  const id = parseShopProductId(raw);
  const product = id === undefined ? undefined : await shop.products.get(id);
  if (product) return { id: product.id, name: product.name, size: product.size, back: "/admin/products", school: false };
  const sku = parseSku(raw);
  const named = sku === undefined ? undefined : await shop.schoolStock.named(sku);
  if (!named || sku === undefined) return undefined;
  const schoolSlug = named.item.split("/")[1];
  return { id: sku, name: `${named.school} ${named.name}`, size: named.size, back: `/admin/school-stock?school=${schoolSlug}`, school: true };
}

/**
 * A product's stock: what is on the shelf, what orders not yet shipped hold of it and what is for sale
 * (the rest: decision 109), the three changes by hand, and the history (who, when, why).
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await requirePermission(request, context, "catalogue");
  const lang = languageOf(request);
  const t = serverT(lang);
  const product = await stockedThing(context.shop, params.id);
  if (!product) throw data({ message: t("admin:products.noSuchProduct") }, { status: 404 });
  const [level, history, row, cost] = await Promise.all([
    context.shop.stock.level(product.id),
    context.shop.stock.history(product.id),
    product.school ? undefined : context.shop.products.get(product.id),
    // A school size's cost is its tailor's batches' (decision 183); a bought-in product's, what the owner paid (issue 51).
    product.school ? undefined : context.shop.stock.purchaseCost(product.id),
  ]);
  const saved = new URL(request.url).searchParams.get("saved");
  // For sale as every page reads it; what orders not yet shipped hold is on the shelf too, set aside.
  const available = row ? row.stockQuantity : (level?.available ?? 0);
  const held = level?.held ?? 0;
  return {
    product: { id: product.id, name: product.name, size: product.size, back: product.back, school: product.school },
    available,
    held,
    onShelf: available + held,
    cost:
      cost && cost.averagePaise !== null
        ? { piece: formatPaisa(cost.averagePaise), pieces: cost.received, shelf: formatRupees(valueAtCost(available + held, cost.averagePaise) ?? 0) }
        : null,
    counted: level !== undefined,
    label: shelfLabel(available),
    history: history.filter((entry) => entry.type !== "StockSnapshotted").map((entry) => historyRow(entry, t, lang)),
    saved: SAVED.find((s) => s === saved) ?? null,
    messages: routeMessages(request, "stock", "admin"),
    refusals: refusalTable(request, "stock"),
  };
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const admin = await requirePermission(request, context, "catalogue");
  const form = await readPageForm(request, stockForm, STOCK_FORM_LIMITS);
  if (!form.ok) return form.answer;
  const thing = await stockedThing(context.shop, params.id);
  if (!thing) return form.refuse(serverT(languageOf(request))("admin:products.noSuchProduct"), 404);
  const id = thing.id;
  const change = form.value;
  const actor = stockActor(admin);
  try {
    const result =
      change.intent === "count"
        ? await context.shop.stock.count(id, change.to, actor, change.reason)
        : change.intent === "receive"
          ? await context.shop.stock.receive(id, change.quantity, actor, change.reason, thing.school ? undefined : change.cost)
          : await context.shop.stock.takeBack(id, change.quantity, actor, change.reason, change.order);
    // A school size's page is kept for visitors a few seconds: built again once the change shows (decision 180).
    if (thing.school && result.changed) context.shop.schoolStock.shown();
    return redirect(`/admin/products/${id}/stock?saved=${result.changed ? change.intent : "none"}`);
  } catch (err) {
    if (!isRuleViolation(err)) throw err;
    return form.refuse(refusalText(languageOf(request), err), refusalStatus(err.status));
  }
}

/** One number field of a stock form ("to" or "quantity"), with its message. */
interface UnitsField {
  name: "to" | "quantity" | "order" | "cost";
  label: string;
  required?: boolean;
  /** Rupees and paise: the phone's keyboard with a point. */
  decimal?: boolean;
  defaultValue?: string;
}

/** A stock change by hand: its own fields, a reason, its refusal beside it (the intent names the form). */
function ChangeForm({
  intent,
  fields,
  result,
  busy,
  hint,
}: {
  intent: "count" | "receive" | "return";
  fields: UnitsField[];
  result: FormResult | undefined;
  busy: boolean;
  /** What the form's figure means, under its title. */
  hint?: string;
}) {
  const t = useT();
  const id = (name: string) => `${intent}-${name}`;
  return (
    <Form method="post" className="stock-form" aria-labelledby={id("title")}>
      <h2 id={id("title")}>{t(`stock:${intent}.title`)}</h2>
      {hint ? (
        <p className="hint" id={id("hint")}>
          {hint}
        </p>
      ) : null}
      <input type="hidden" name="intent" value={intent} />
      <FormMessage result={result} />
      {fields.map((field) => (
        <div className="form-field" key={field.name}>
          <label htmlFor={id(field.name)}>{field.label}</label>
          <input
            {...fieldProps(result, field.name)}
            id={id(field.name)}
            name={field.name}
            inputMode={field.name === "order" ? undefined : field.decimal ? "decimal" : "numeric"}
            autoCapitalize={field.name === "order" ? "characters" : undefined}
            required={field.required ?? true}
            defaultValue={field.defaultValue}
          />
          <FieldMessage result={result} name={field.name} />
        </div>
      ))}
      <div className="form-field">
        <label htmlFor={id("reason")}>{t("stock:reason")}</label>
        <input {...fieldProps(result, "reason")} id={id("reason")} name="reason" required maxLength={200} placeholder={t("stock:reasonHint")} />
        <FieldMessage result={result} name="reason" />
      </div>
      <button type="submit" disabled={busy}>
        {t(`stock:${intent}.submit`)}
      </button>
    </Form>
  );
}

export default function ProductStockPage() {
  const page = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const navigation = useNavigation();
  const t = useT();
  const busy = navigation.state === "submitting";
  // Each form's refusal shows by that form: the intent it was sent with.
  const sent = answer ? (answer.result.initialValue?.intent as string | undefined) : undefined;
  const resultFor = (intent: string) => (sent === intent ? answer?.result : undefined);
  return (
    <section className="admin-stock" aria-labelledby="stock-title">
      <p>
        <Link to={page.product.back}>{t(page.product.school ? "stock:school.back" : "stock:back")}</Link>
      </p>
      <h1 id="stock-title">{t("stock:title", { name: page.product.name, size: page.product.size })}</h1>
      {page.saved ? (
        <p className="notice" role="status">
          {t(`stock:saved.${page.saved}`)}
        </p>
      ) : null}
      {answer && !sent ? <FormMessage result={answer.result} /> : null}
      <dl className="stock-summary">
        <div>
          <dt>{t("stock:onShelf")}</dt>
          <dd>{page.onShelf}</dd>
        </div>
        <div>
          <dt>{t("stock:held")}</dt>
          <dd>{page.held}</dd>
        </div>
        <div>
          <dt>{t("stock:forSale")}</dt>
          <dd>{page.available}</dd>
        </div>
      </dl>
      {page.cost ? (
        <p data-field="purchase-cost">{t("stock:cost.known", { piece: page.cost.piece, pieces: page.cost.pieces, shelf: page.cost.shelf })}</p>
      ) : !page.product.school ? (
        <p className="hint" data-field="purchase-cost">
          {t("stock:cost.none")}
        </p>
      ) : null}
      {!page.counted ? <p className="hint">{t("stock:made")}</p> : null}

      <div className="stock-forms">
        <ChangeForm
          intent="count"
          result={resultFor("count")}
          busy={busy}
          hint={t("stock:count.hint", { held: page.held })}
          fields={[{ name: "to", label: t("stock:count.to"), defaultValue: String(page.onShelf) }]}
        />
        <ChangeForm
          intent="receive"
          result={resultFor("receive")}
          busy={busy}
          fields={[
            { name: "quantity", label: t("stock:receive.quantity") },
            // What a piece cost the owner: a bought-in product's margin is counted from it (a school size's is its batch's).
            ...(page.product.school ? [] : [{ name: "cost" as const, label: t("stock:receive.cost"), required: false, decimal: true }]),
          ]}
        />
        <ChangeForm
          intent="return"
          result={resultFor("return")}
          busy={busy}
          fields={[
            { name: "quantity", label: t("stock:return.quantity") },
            { name: "order", label: t("stock:return.order"), required: false },
          ]}
        />
      </div>

      <h2>{t("stock:history.title")}</h2>
      {page.history.length === 0 ? (
        <p>{t("stock:history.none")}</p>
      ) : (
        <TableScroll label={t("stock:history.label", { name: page.product.name })}>
          <table className="stock-history">
            <thead>
              <tr>
                <th scope="col">{t("stock:history.when")}</th>
                <th scope="col">{t("stock:history.what")}</th>
                <th scope="col">{t("stock:history.change")}</th>
                <th scope="col">{t("stock:history.after")}</th>
                <th scope="col">{t("stock:history.shelf")}</th>
                <th scope="col">{t("stock:history.who")}</th>
                <th scope="col">{t("stock:history.why")}</th>
              </tr>
            </thead>
            <tbody>
              {page.history.map((row) => (
                <tr key={row.key}>
                  <td>{row.when}</td>
                  <td>{row.what}</td>
                  <td>{row.change}</td>
                  <td>{row.after}</td>
                  <td>{row.shelf}</td>
                  <td>{row.who}</td>
                  <td>{row.why}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
    </section>
  );
}
