import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { isRuleViolation } from "../../domain/errors";
import { BATCH_ORDER_FORM_OPTIONS, batchOrderForm, piecesBySize } from "../../domain/forms/tailor-batches";
import { SCHOOLS, findSchool } from "../../domain/schools";
import { skuSizes } from "../../domain/stock/school-stock";
import { receivedOf, withTailorOf } from "../../domain/stock/tailor-batches";
import { requirePermission } from "../admin/guard.server";
import { stockActor } from "../admin/stock.server";
import { TableScroll } from "../components/TableScroll";
import { readPageForm, refusalStatus } from "../forms/form.server";
import { FieldMessage, FormMessage, fieldProps, typedValue } from "../forms/messages";
import { metaT, useT } from "../i18n/I18n";
import { languageOf, refusalTable, routeMessages } from "../i18n/i18n.server";
import { refusalText } from "../i18n/refusals.server";

export const meta: MetaFunction = ({ matches }) => [{ title: metaT(matches)("stock:batches.metaTitle") }];

/** Tomorrow, as the due date a new work order starts with. */
const tomorrow = () => new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);

/**
 * One school's work orders to the tailor (decision 181): each batch's pieces ordered, received and still
 * with the tailor, and a new work order for one item, its sizes shown once the item is chosen (a plain
 * GET form, so the page works without JavaScript).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requirePermission(request, context, "catalogue");
  const lang = languageOf(request);
  const url = new URL(request.url);
  const school = findSchool(url.searchParams.get("school") ?? "") ?? SCHOOLS[0];
  const batches = school ? await context.shop.tailorBatches.school(school.slug) : [];
  const items = school ? await context.shop.schoolStock.school(school.slug) : [];
  const chosen = items?.find((item) => item.item === url.searchParams.get("item"));
  const nameOf = (id: string) => {
    const item = items?.find((i) => i.item === id);
    return item ? (lang === "hi" ? item.nameHi : item.name) : id;
  };
  return {
    schools: SCHOOLS.map((s) => ({ slug: s.slug, name: lang === "hi" && s.nameHi ? s.nameHi : s.name })),
    school: school ? { slug: school.slug, name: lang === "hi" && school.nameHi ? school.nameHi : school.name } : null,
    items: (items ?? []).map((item) => ({ item: item.item, name: lang === "hi" ? item.nameHi : item.name })),
    chosen: chosen
      ? { item: chosen.item, name: nameOf(chosen.item), counted: chosen.rule !== undefined, sizes: skuSizes(chosen.item) ?? [] }
      : null,
    batches: batches
      .map((batch) => {
        const ordered = batch.lines.reduce((sum, l) => sum + l.quantity, 0);
        const received = batch.lines.reduce((sum, l) => sum + receivedOf(batch, l.size), 0);
        const withTailor = batch.lines.reduce((sum, l) => sum + withTailorOf(batch, l.size), 0);
        return { batch: batch.batch, item: nameOf(batch.item), tailor: batch.tailor, cost: batch.cost, due: batch.due, ordered, received, withTailor };
      })
      .reverse(),
    formId: crypto.randomUUID(),
    tomorrow: tomorrow(),
    messages: routeMessages(request, "stock"),
    refusals: refusalTable(request, "tailorBatchForm"),
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const admin = await requirePermission(request, context, "catalogue");
  const form = await readPageForm(request, batchOrderForm, BATCH_ORDER_FORM_OPTIONS);
  if (!form.ok) return form.answer;
  const { item, tailor, cost, due, formId } = form.value;
  try {
    const sizes = skuSizes(item) ?? [];
    const done = await context.shop.tailorBatches.order({ item, tailor, cost, due, pieces: piecesBySize(form.value, sizes) }, stockActor(admin), formId);
    return redirect(`/admin/tailor-batches/${encodeURIComponent(done.school)}/${done.batch ?? ""}?saved=ordered`);
  } catch (err) {
    if (!isRuleViolation(err)) throw err;
    return form.refuse(refusalText(languageOf(request), err), refusalStatus(err.status));
  }
}

export default function AdminTailorBatches() {
  const page = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>()?.result;
  const busy = useNavigation().state === "submitting";
  const t = useT();
  const school = page.school?.slug ?? "";
  return (
    <section className="admin-stock" aria-labelledby="batches-title">
      <h1 id="batches-title">{t("stock:batches.title", { school: page.school?.name ?? "" })}</h1>
      <p>{t("stock:batches.intro")}</p>
      <Form method="get" className="inline-form">
        <label htmlFor="batch-school">{t("stock:school.school")}</label>
        <select id="batch-school" name="school" defaultValue={school}>
          {page.schools.map((s) => (
            <option key={s.slug} value={s.slug}>
              {s.name}
            </option>
          ))}
        </select>
        <button type="submit">{t("stock:school.show")}</button>
      </Form>
      {page.batches.length === 0 ? (
        <p>{t("stock:batches.none")}</p>
      ) : (
        <TableScroll label={t("stock:batches.listLabel", { school: page.school?.name ?? "" })}>
          <table className="admin-table">
            <thead>
              <tr>
                <th scope="col">{t("stock:batches.batch")}</th>
                <th scope="col">{t("stock:batches.item")}</th>
                <th scope="col">{t("stock:batches.tailor")}</th>
                <th scope="col">{t("stock:batches.due")}</th>
                <th scope="col">{t("stock:batches.ordered")}</th>
                <th scope="col">{t("stock:batches.received")}</th>
                <th scope="col">{t("stock:batches.withTailor")}</th>
              </tr>
            </thead>
            <tbody>
              {page.batches.map((batch) => (
                <tr key={batch.batch} data-batch={batch.batch}>
                  <th scope="row">
                    <Link to={`/admin/tailor-batches/${school}/${batch.batch}`}>#{batch.batch}</Link>
                  </th>
                  <td>{batch.item}</td>
                  <td>{batch.tailor}</td>
                  <td>{batch.due}</td>
                  <td>{batch.ordered}</td>
                  <td>{batch.received}</td>
                  <td>{batch.withTailor === 0 ? t("stock:batches.done") : batch.withTailor}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
      <section aria-labelledby="new-batch-title">
        <h2 id="new-batch-title">{t("stock:batches.new.title")}</h2>
        <Form method="get" className="inline-form">
          <input type="hidden" name="school" value={school} />
          <label htmlFor="batch-item">{t("stock:batches.new.chooseItem")}</label>
          <select id="batch-item" name="item" defaultValue={page.chosen?.item ?? ""}>
            {page.items.map((item) => (
              <option key={item.item} value={item.item}>
                {item.name}
              </option>
            ))}
          </select>
          <button type="submit">{t("stock:batches.new.pick")}</button>
        </Form>
        {page.chosen && !page.chosen.counted ? (
          <p className="notice">
            {t("stock:batches.new.notCounted", { item: page.chosen.name })} <Link to={`/admin/school-stock?school=${school}`}>{t("stock:school.back")}</Link>
          </p>
        ) : null}
        {page.chosen && page.chosen.counted ? (
          <Form method="post" action={`/admin/tailor-batches?school=${school}&item=${encodeURIComponent(page.chosen.item)}`} aria-label={t("stock:batches.new.formLabel", { item: page.chosen.name })}>
            <input type="hidden" name="item" value={page.chosen.item} />
            <input type="hidden" name="formId" value={typedValue(result, "formId") ?? page.formId} />
            <FormMessage result={result} />
            <div className="form-field">
              <label htmlFor="batch-tailor">{t("stock:batches.tailor")}</label>
              <input id="batch-tailor" name="tailor" required maxLength={100} defaultValue={typedValue(result, "tailor") ?? ""} {...fieldProps(result, "tailor")} />
              <FieldMessage result={result} name="tailor" />
            </div>
            <div className="form-field">
              <label htmlFor="batch-cost">{t("stock:batches.cost")}</label>
              <input id="batch-cost" name="cost" inputMode="numeric" required maxLength={6} defaultValue={typedValue(result, "cost") ?? ""} {...fieldProps(result, "cost")} />
              <FieldMessage result={result} name="cost" />
            </div>
            <div className="form-field">
              <label htmlFor="batch-due">{t("stock:batches.due")}</label>
              <input id="batch-due" name="due" type="date" required defaultValue={typedValue(result, "due") ?? page.tomorrow} {...fieldProps(result, "due")} />
              <FieldMessage result={result} name="due" />
            </div>
            {page.chosen.sizes.map((size, i) => (
              <div className="form-field" key={size}>
                <label htmlFor={`batch-q${i}`}>{t("stock:batches.new.piecesOf", { size })}</label>
                <input id={`batch-q${i}`} name={`q${i}`} inputMode="numeric" maxLength={5} defaultValue={typedValue(result, `q${i}`) ?? ""} {...fieldProps(result, `q${i}`)} />
                <FieldMessage result={result} name={`q${i}`} />
              </div>
            ))}
            <button type="submit" disabled={busy}>
              {t("stock:batches.new.submit")}
            </button>
          </Form>
        ) : null}
      </section>
    </section>
  );
}
