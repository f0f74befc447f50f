import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation, Link } from "@remix-run/react";
import { isRuleViolation } from "../../domain/errors";
import { SCHOOL_STOCK_FORM_OPTIONS, schoolStockRuleForm } from "../../domain/forms/school-stock";
import { SCHOOLS } from "../../domain/schools";
import { MAX_LEAD_DAYS } from "../../domain/stock/school-stock";
import { averageCosts, grossMargin, marginPercent, sumMargins, toMake, valueAtCost, withTailor, type Margin } from "../../domain/stock/costing";
import { indiaDay, soldKey } from "../../domain/reports/reports";
import { formatPaisa } from "../../domain/tax/lines";
import { requirePermission } from "../admin/guard.server";
import { stockActor } from "../admin/stock.server";
import { TableScroll } from "../components/TableScroll";
import { formatRupees } from "../../domain/money";
import { readPageForm, refusalStatus, type FormResult } from "../forms/form.server";
import { FieldMessage, FormMessage, fieldProps, typedValue } from "../forms/messages";
import { metaT, useT } from "../i18n/I18n";
import { languageOf, refusalTable, routeMessages } from "../i18n/i18n.server";
import { refusalText } from "../i18n/refusals.server";

export const meta: MetaFunction = ({ matches }) => [{ title: metaT(matches)("stock:school.metaTitle") }];

const SAVED = ["saved", "unchanged"] as const;

/**
 * One school's uniforms on the shelf (decision 180): each item's rule (not counted, stop selling when a
 * size is out, or made to order with a lead time) and, for an item the owner counts, each size's shelf,
 * held units and what is for sale, with its SKU page (count, delivery, history). Plain forms, JS on or off.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requirePermission(request, context, "catalogue");
  const lang = languageOf(request);
  const url = new URL(request.url);
  const slug = url.searchParams.get("school") ?? SCHOOLS[0]?.slug ?? "";
  const school = SCHOOLS.find((s) => s.slug === slug) ?? SCHOOLS[0];
  const items = school ? ((await context.shop.schoolStock.school(school.slug)) ?? []) : [];
  const saved = url.searchParams.get("saved");
  // The season's plan for the whole school at once (decision 183): last 12 months' pieces sold times the percent.
  const asked = url.searchParams.get("percent") ?? "";
  const percent = /^\d{1,3}$/.test(asked) && Number(asked) <= 300 ? Number(asked) : 110;
  const batches = school ? await context.shop.tailorBatches.school(school.slug) : [];
  const costs = averageCosts(batches);
  const tailor = withTailor(batches);
  const sold = await context.shop.schoolStock.soldSince(
    items.flatMap((item) => item.sizes.map((size) => size.sku)),
    new Date(Date.now() - 365 * 86_400_000),
  );
  // Gross margin over the same 12 months (decision 184): what parents paid after the offer, less the pieces at cost.
  const sales = school ? await context.shop.reports.soldBySize(`school/${school.slug}/`, indiaDay(new Date(Date.now() - 365 * 86_400_000)), indiaDay(new Date())) : new Map();
  const planned = items.map((item) => {
    const sizes = item.sizes.map((size) => {
      const onShelf = size.forSale + size.held;
      const cost = costs.get(size.sku)?.averagePaise ?? null;
      const pieces = sold.get(size.sku) ?? 0;
      const paid = sales.get(soldKey(item.item, size.size)) ?? { units: 0, net: 0 };
      return {
        ...size,
        onShelf,
        withTailor: tailor.get(size.sku) ?? 0,
        cost,
        value: valueAtCost(onShelf, cost),
        sold: pieces,
        toMake: toMake(pieces, percent, onShelf, tailor.get(size.sku) ?? 0),
        salesPaise: paid.net,
        margin: grossMargin(paid.units, paid.net, cost),
      };
    });
    return { ...item, sizes, margin: marginView(sumMargins(sizes.map((size) => size.margin))) };
  });
  const totals = {
    value: planned.flatMap((i) => i.sizes).reduce((sum, size) => sum + (size.value ?? 0), 0),
    toMake: planned.flatMap((i) => i.sizes).reduce((sum, size) => sum + size.toMake, 0),
    margin: marginView(sumMargins(planned.flatMap((i) => i.sizes.map((size) => size.margin)))),
  };
  return {
    schools: SCHOOLS.map((s) => ({ slug: s.slug, name: lang === "hi" && s.nameHi ? s.nameHi : s.name })),
    school: school ? { slug: school.slug, name: lang === "hi" && school.nameHi ? school.nameHi : school.name } : null,
    items: planned.map((item) => ({ ...item, name: lang === "hi" ? item.nameHi : item.name })),
    percent,
    totals,
    saved: SAVED.find((s) => s === saved) ?? null,
    savedItem: url.searchParams.get("item"),
    messages: routeMessages(request, "stock"),
    refusals: refusalTable(request, "schoolStockForm"),
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const admin = await requirePermission(request, context, "catalogue");
  const form = await readPageForm(request, schoolStockRuleForm, SCHOOL_STOCK_FORM_OPTIONS);
  if (!form.ok) return form.answer;
  const { item, whenOut, leadDays } = form.value;
  try {
    const done = await context.shop.schoolStock.setRule(item, whenOut, leadDays, stockActor(admin));
    if (done.changed) context.shop.schoolStock.shown();
    const school = item.split("/")[1] ?? "";
    return redirect(`/admin/school-stock?school=${encodeURIComponent(school)}&saved=${done.changed ? "saved" : "unchanged"}&item=${encodeURIComponent(item)}`);
  } catch (err) {
    if (!isRuleViolation(err)) throw err;
    return form.refuse(refusalText(languageOf(request), err), refusalStatus(err.status));
  }
}

/** A piece's cost in rupees and paise, as the tailor's bills add up: ₹95.50. */
/** A margin as the page words it: paisa as rupees and paise, and its percent of the sales (none without sales). */
function marginView(margin: Margin) {
  return { sales: formatPaisa(margin.salesPaise), margin: formatPaisa(margin.marginPaise), percent: marginPercent(margin) };
}

const formatPaise = (paise: number) => `₹${Math.floor(paise / 100)}${paise % 100 === 0 ? "" : `.${String(paise % 100).padStart(2, "0")}`}`;

type Item = ReturnType<typeof useLoaderData<typeof loader>>["items"][number];

function RuleForm({ item, result, school }: { item: Item; result: FormResult | undefined; school: string }) {
  const t = useT();
  const busy = useNavigation().state === "submitting";
  const mine = typedValue(result, "item") === item.item;
  const own = mine ? result : undefined;
  const id = (name: string) => `${item.item.replaceAll("/", "-")}-${name}`;
  const whenOut = (mine ? typedValue(own, "whenOut") : undefined) ?? item.rule?.whenOut ?? "";
  const days = (mine ? typedValue(own, "leadDays") : undefined) ?? (item.rule?.leadDays === null || !item.rule ? "" : String(item.rule.leadDays));
  return (
    <Form method="post" action={`/admin/school-stock?school=${school}`} className="stock-rule" aria-label={t("stock:school.ruleFor", { item: item.name })}>
      <input type="hidden" name="item" value={item.item} />
      <FormMessage result={own} />
      <div className="form-field">
        <label htmlFor={id("whenOut")}>{t("stock:school.whenOut")}</label>
        <select id={id("whenOut")} name="whenOut" defaultValue={whenOut} {...fieldProps(own, "whenOut")}>
          {whenOut === "" ? <option value="">{t("stock:school.choose")}</option> : null}
          <option value="stop">{t("stock:school.rule.stop")}</option>
          <option value="make">{t("stock:school.rule.make")}</option>
        </select>
        <FieldMessage result={own} name="whenOut" />
      </div>
      <div className="form-field">
        <label htmlFor={id("leadDays")}>{t("stock:school.leadDays")}</label>
        <input id={id("leadDays")} name="leadDays" inputMode="numeric" defaultValue={days} maxLength={3} {...fieldProps(own, "leadDays")} />
        <FieldMessage result={own} name="leadDays" />
      </div>
      <button type="submit" disabled={busy}>
        {item.rule ? t("stock:school.change") : t("stock:school.start")}
      </button>
    </Form>
  );
}

export default function AdminSchoolStock() {
  const page = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>()?.result;
  const t = useT();
  const school = page.school?.slug ?? "";
  return (
    <section className="admin-stock" aria-labelledby="school-stock-title">
      <h1 id="school-stock-title">{t("stock:school.title", { school: page.school?.name ?? "" })}</h1>
      <p>{t("stock:school.intro", { most: MAX_LEAD_DAYS })}</p>
      <Form method="get" className="inline-form">
        <label htmlFor="school-choice">{t("stock:school.school")}</label>
        <select id="school-choice" name="school" defaultValue={school}>
          {page.schools.map((s) => (
            <option key={s.slug} value={s.slug}>
              {s.name}
            </option>
          ))}
        </select>
        <label htmlFor="plan-percent">{t("stock:plan.percent")}</label>
        <input id="plan-percent" name="percent" inputMode="numeric" maxLength={3} defaultValue={page.percent} />
        <button type="submit">{t("stock:school.show")}</button>
      </Form>
      <p data-totals="">{t("stock:plan.totals", { value: formatRupees(page.totals.value), pieces: page.totals.toMake, percent: page.percent })}</p>
      <p data-margin="school">
        {page.totals.margin.percent === null
          ? t("stock:plan.noMargin")
          : t("stock:plan.schoolMargin", { margin: page.totals.margin.margin, sales: page.totals.margin.sales, percent: page.totals.margin.percent })}
      </p>
      {page.saved && !result ? (
        <p className="notice" role="status">
          {t(`stock:school.saved.${page.saved}`)}
        </p>
      ) : null}
      {result && !typedValue(result, "item") ? <FormMessage result={result} /> : null}
      {page.items.map((item) => (
        <section key={item.item} className="school-stock-item" aria-labelledby={`${item.item.replaceAll("/", "-")}-title`}>
          <h2 id={`${item.item.replaceAll("/", "-")}-title`}>{item.name}</h2>
          <p>
            {item.rule
              ? item.rule.whenOut === "make"
                ? t("stock:school.ruleNow.make", { days: item.rule.leadDays ?? "" })
                : t("stock:school.ruleNow.stop")
              : t("stock:school.ruleNow.none")}
          </p>
          <RuleForm item={item} result={result} school={school} />
          {item.sizes.length > 0 && item.margin.percent !== null ? (
            <p data-margin={item.item}>{t("stock:plan.itemMargin", { margin: item.margin.margin, sales: item.margin.sales, percent: item.margin.percent })}</p>
          ) : null}
          {item.sizes.length > 0 ? (
            <p>
              <Link to={`/admin/labels?item=${encodeURIComponent(item.item)}`}>{t("stock:labels.shelfA4", { item: item.name })}</Link> ·{" "}
              <Link to={`/admin/labels?item=${encodeURIComponent(item.item)}&paper=thermal`}>{t("stock:labels.shelfThermal", { item: item.name })}</Link>
            </p>
          ) : null}
          {item.sizes.length > 0 ? (
            <TableScroll label={t("stock:school.sizesOf", { item: item.name })}>
              <table className="admin-table">
                <thead>
                  <tr>
                    <th scope="col">{t("stock:school.size")}</th>
                    <th scope="col">{t("stock:onShelf")}</th>
                    <th scope="col">{t("stock:held")}</th>
                    <th scope="col">{t("stock:forSale")}</th>
                    <th scope="col">{t("stock:batches.withTailor")}</th>
                    <th scope="col">{t("stock:plan.cost")}</th>
                    <th scope="col">{t("stock:plan.value")}</th>
                    <th scope="col">{t("stock:plan.sold")}</th>
                    <th scope="col">{t("stock:plan.toMake", { percent: page.percent })}</th>
                    <th scope="col">{t("stock:plan.sales")}</th>
                    <th scope="col">{t("stock:plan.margin")}</th>
                    <th scope="col">{t("stock:school.actions")}</th>
                  </tr>
                </thead>
                <tbody>
                  {item.sizes.map((size) => (
                    <tr key={size.sku} data-sku={size.sku}>
                      <th scope="row">{size.size}</th>
                      <td>{size.forSale + size.held}</td>
                      <td>{size.held}</td>
                      <td>{size.forSale}</td>
                      <td>{size.withTailor}</td>
                      <td>{size.cost === null ? "" : formatPaise(size.cost)}</td>
                      <td>{size.value === null ? "" : formatRupees(size.value)}</td>
                      <td>{size.sold}</td>
                      <td>{size.toMake}</td>
                      <td>{formatPaisa(size.salesPaise)}</td>
                      <td>{size.margin === null ? "" : formatPaisa(size.margin.marginPaise)}</td>
                      <td>
                        <Link to={`/admin/products/${size.sku}/stock`} aria-label={t("stock:school.countSize", { item: item.name, size: size.size })}>
                          {t("stock:school.count")}
                        </Link>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </TableScroll>
          ) : null}
        </section>
      ))}
    </section>
  );
}
