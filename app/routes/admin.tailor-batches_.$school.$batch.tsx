import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { isRuleViolation } from "../../domain/errors";
import { BATCH_PART_FORM_OPTIONS, batchPartForm, piecesBySize, piecesOfEverySize } from "../../domain/forms/tailor-batches";
import { findCatalogueProduct } from "../../domain/catalogue";
import { findSchool } from "../../domain/schools";
import { receivedOf, withTailorOf } from "../../domain/stock/tailor-batches";
import type { Shop } from "../../services/index";
import { requirePermission } from "../admin/guard.server";
import { adminTime } from "../admin/orders.server";
import { stockActor } from "../admin/stock.server";
import { TableScroll } from "../components/TableScroll";
import { readPageForm, refusalStatus, type FormResult } from "../forms/form.server";
import { FieldMessage, FormMessage, fieldProps, typedValue } from "../forms/messages";
import { metaT, useT } from "../i18n/I18n";
import { languageOf, refusalTable, routeMessages, serverT } from "../i18n/i18n.server";
import { refusalText } from "../i18n/refusals.server";

export const meta: MetaFunction = ({ matches }) => [{ title: metaT(matches)("stock:batches.metaTitle") }];

const SAVED = ["received", "corrected", "ordered", "none"] as const;

async function batchOf(shop: Shop, schoolSlug: string | undefined, raw: string | undefined) {
  const school = findSchool(schoolSlug ?? "");
  if (!school || !raw || !/^\d{1,6}$/.test(raw)) return undefined;
  const batch = await shop.tailorBatches.batch(school.slug, Number(raw));
  return batch ? { school, batch } : undefined;
}

/**
 * One work order to the tailor (decision 181): each size's pieces ordered, received and still with the
 * tailor; the paper for the tailor in English or Hindi; pieces received in parts; a part corrected.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await requirePermission(request, context, "catalogue");
  const lang = languageOf(request);
  const found = await batchOf(context.shop, params.school, params.batch);
  if (!found) throw data({ message: serverT(lang)("refusals:tailorBatch.noBatch", { batch: params.batch ?? "" }) }, { status: 404 });
  const { school, batch } = found;
  const product = findCatalogueProduct(batch.item);
  const url = new URL(request.url);
  const saved = url.searchParams.get("saved");
  return {
    school: { slug: school.slug, name: lang === "hi" && school.nameHi ? school.nameHi : school.name },
    item: (lang === "hi" ? product?.nameHi : product?.name) ?? batch.item,
    batch: { batch: batch.batch, tailor: batch.tailor, cost: batch.cost, due: batch.due },
    sizes: batch.lines.map((l) => ({ size: l.size, ordered: l.quantity, received: receivedOf(batch, l.size), withTailor: withTailorOf(batch, l.size) })),
    receipts: Object.entries(batch.receipts).map(([receipt, part]) => ({
      receipt: Number(receipt),
      when: batch.receivedAt[receipt] ? adminTime(batch.receivedAt[receipt], lang) : "",
      pieces: batch.lines.map((l) => part[l.size] ?? 0),
    })),
    saved: SAVED.find((s) => s === saved) ?? null,
    savedReceipt: url.searchParams.get("receipt"),
    formId: crypto.randomUUID(),
    messages: routeMessages(request, "stock"),
    refusals: refusalTable(request, "tailorBatchForm"),
  };
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const admin = await requirePermission(request, context, "catalogue");
  const lang = languageOf(request);
  const form = await readPageForm(request, batchPartForm, BATCH_PART_FORM_OPTIONS);
  if (!form.ok) return form.answer;
  const found = await batchOf(context.shop, params.school, params.batch);
  if (!found) return form.refuse(serverT(lang)("refusals:tailorBatch.noBatch", { batch: params.batch ?? "" }), 404);
  const { school, batch } = found;
  const sizes = batch.lines.map((l) => l.size);
  const value = form.value;
  const actor = stockActor(admin);
  try {
    const done =
      value.intent === "correct"
        ? await context.shop.tailorBatches.correct(school.slug, batch.batch, value.receipt, piecesOfEverySize(value, sizes), value.reason, actor, value.formId)
        : await context.shop.tailorBatches.receive(school.slug, batch.batch, piecesBySize(value, sizes), actor, value.formId);
    // The item's page is kept for visitors a few seconds: built again now that its shelf moved (decision 180).
    if (done.changed) context.shop.schoolStock.shown();
    const what = done.changed ? (value.intent === "correct" ? "corrected" : "received") : "none";
    return redirect(`/admin/tailor-batches/${school.slug}/${batch.batch}?saved=${what}&receipt=${done.receipt ?? ""}`);
  } catch (err) {
    if (!isRuleViolation(err)) throw err;
    return form.refuse(refusalText(lang, err), refusalStatus(err.status));
  }
}

type Page = ReturnType<typeof useLoaderData<typeof loader>>;

function PiecesFields({ page, prefix, label, values, result }: { page: Page; prefix: string; label: (size: string) => string; values?: number[]; result: FormResult | undefined }) {
  return (
    <>
      {page.sizes.map((size, i) => (
        <div className="form-field" key={size.size}>
          <label htmlFor={`${prefix}-q${i}`}>{label(size.size)}</label>
          <input
            id={`${prefix}-q${i}`}
            name={`q${i}`}
            inputMode="numeric"
            maxLength={5}
            defaultValue={typedValue(result, `q${i}`) ?? (values ? String(values[i]) : "")}
            {...fieldProps(result, `q${i}`)}
          />
          <FieldMessage result={result} name={`q${i}`} />
        </div>
      ))}
    </>
  );
}

export default function AdminTailorBatch() {
  const page = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>()?.result;
  const busy = useNavigation().state === "submitting";
  const t = useT();
  const sent = typedValue(result, "intent");
  const receiveResult = sent === "receive" ? result : undefined;
  const correctResult = (receipt: number) => (sent === "correct" && typedValue(result, "receipt") === String(receipt) ? result : undefined);
  const paper = `/admin/tailor-batches/${page.school.slug}/${page.batch.batch}/paper`;
  const left = page.sizes.reduce((sum, s) => sum + s.withTailor, 0);
  return (
    <section className="admin-stock" aria-labelledby="batch-title">
      <p>
        <Link to={`/admin/tailor-batches?school=${page.school.slug}`}>{t("stock:batches.page.back")}</Link>
      </p>
      <h1 id="batch-title">{t("stock:batches.page.title", { school: page.school.name, batch: page.batch.batch, item: page.item })}</h1>
      {page.saved && !result ? (
        <p className="notice" role="status">
          {t(`stock:batches.saved.${page.saved}`, { batch: page.batch.batch, receipt: page.savedReceipt ?? "" })}
        </p>
      ) : null}
      {result && !sent ? <FormMessage result={result} /> : null}
      <dl className="facts">
        <dt>{t("stock:batches.tailor")}</dt>
        <dd>{page.batch.tailor}</dd>
        <dt>{t("stock:batches.cost")}</dt>
        <dd>{page.batch.cost}</dd>
        <dt>{t("stock:batches.due")}</dt>
        <dd>{page.batch.due}</dd>
      </dl>
      <p>
        <a href={`${paper}?lang=en`}>{t("stock:batches.page.print")}</a> · <a href={`${paper}?lang=hi`}>{t("stock:batches.page.printHi")}</a> ·{" "}
        <a href={`${paper}?lang=en&download=1`}>{t("stock:batches.page.download")}</a> · <a href={`${paper}?lang=hi&download=1`}>{t("stock:batches.page.downloadHi")}</a>
      </p>
      <p>
        <Link to={`/admin/labels?school=${page.school.slug}&batch=${page.batch.batch}`}>{t("stock:labels.batchA4")}</Link> ·{" "}
        <Link to={`/admin/labels?school=${page.school.slug}&batch=${page.batch.batch}&paper=thermal`}>{t("stock:labels.batchThermal")}</Link>
      </p>
      <TableScroll label={t("stock:batches.page.sizesLabel", { batch: page.batch.batch })}>
        <table className="admin-table">
          <thead>
            <tr>
              <th scope="col">{t("stock:batches.page.size")}</th>
              <th scope="col">{t("stock:batches.ordered")}</th>
              <th scope="col">{t("stock:batches.received")}</th>
              <th scope="col">{t("stock:batches.withTailor")}</th>
            </tr>
          </thead>
          <tbody>
            {page.sizes.map((size) => (
              <tr key={size.size} data-size={size.size}>
                <th scope="row">{size.size}</th>
                <td>{size.ordered}</td>
                <td>{size.received}</td>
                <td>{size.withTailor}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
      {left > 0 ? (
        <Form method="post" className="stock-form" aria-labelledby="receive-title">
          <h2 id="receive-title">{t("stock:batches.page.receive")}</h2>
          <p className="hint">{t("stock:batches.page.receiveHint")}</p>
          <input type="hidden" name="intent" value="receive" />
          <input type="hidden" name="formId" value={typedValue(receiveResult, "formId") ?? page.formId} />
          <FormMessage result={receiveResult} />
          <PiecesFields page={page} prefix="receive" label={(size) => t("stock:batches.page.cameOf", { size })} result={receiveResult} />
          <button type="submit" disabled={busy}>
            {t("stock:batches.page.receiveSubmit")}
          </button>
        </Form>
      ) : (
        <p>{t("stock:batches.page.allIn")}</p>
      )}
      {page.receipts.length > 0 ? (
        <section aria-labelledby="receipts-title">
          <h2 id="receipts-title">{t("stock:batches.page.receipts")}</h2>
          <TableScroll label={t("stock:batches.page.receiptsLabel", { batch: page.batch.batch })}>
            <table className="admin-table">
              <thead>
                <tr>
                  <th scope="col">{t("stock:batches.page.pieces")}</th>
                  <th scope="col">{t("stock:batches.page.when")}</th>
                  {page.sizes.map((size) => (
                    <th scope="col" key={size.size}>
                      {size.size}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {page.receipts.map((r) => (
                  <tr key={r.receipt} data-receipt={r.receipt}>
                    <th scope="row">{t("stock:batches.page.part", { receipt: r.receipt })}</th>
                    <td>{r.when}</td>
                    {r.pieces.map((n, i) => (
                      <td key={page.sizes[i].size}>{n}</td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
          {page.receipts.map((r) => {
            const own = correctResult(r.receipt);
            return (
              <details key={r.receipt} open={own !== undefined}>
                <summary>{t("stock:batches.page.correct", { receipt: r.receipt })}</summary>
                <Form method="post" className="stock-form" aria-label={t("stock:batches.page.correct", { receipt: r.receipt })}>
                  <p className="hint">{t("stock:batches.page.correctHint", { receipt: r.receipt })}</p>
                  <input type="hidden" name="intent" value="correct" />
                  <input type="hidden" name="receipt" value={r.receipt} />
                  <input type="hidden" name="formId" value={typedValue(own, "formId") ?? `${page.formId}-${r.receipt}`} />
                  <FormMessage result={own} />
                  <PiecesFields page={page} prefix={`correct-${r.receipt}`} label={(size) => t("stock:batches.page.reallyOf", { size, receipt: r.receipt })} values={r.pieces} result={own} />
                  <div className="form-field">
                    <label htmlFor={`correct-${r.receipt}-reason`}>{t("stock:batches.page.reason")}</label>
                    <input id={`correct-${r.receipt}-reason`} name="reason" required maxLength={200} defaultValue={typedValue(own, "reason") ?? ""} {...fieldProps(own, "reason")} />
                    <FieldMessage result={own} name="reason" />
                  </div>
                  <button type="submit" disabled={busy}>
                    {t("stock:batches.page.correctSubmit", { receipt: r.receipt })}
                  </button>
                </Form>
              </details>
            );
          })}
        </section>
      ) : null}
    </section>
  );
}
