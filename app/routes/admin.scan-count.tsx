import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { findCatalogueProduct } from "../../domain/catalogue";
import { isRuleViolation } from "../../domain/errors";
import { SCAN_COUNT_FORM_OPTIONS, scanCountForm, tallyText } from "../../domain/forms/scan-count";
import type { Language } from "../../domain/i18n";
import { readLabelCode } from "../../domain/stock/labels";
import type { Shop } from "../../services/index";
import { requirePermission } from "../admin/guard.server";
import { stockActor } from "../admin/stock.server";
import { TableScroll } from "../components/TableScroll";
import { readPageForm, refusalStatus } from "../forms/form.server";
import { FormMessage } from "../forms/messages";
import { metaT, useT } from "../i18n/I18n";
import { languageOf, refusalTable, routeMessages, serverT } from "../i18n/i18n.server";
import { refusalText } from "../i18n/refusals.server";

export const meta: MetaFunction = ({ matches }) => [{ title: metaT(matches)("stock:scan.metaTitle") }];

/**
 * A shelf counted by scanning (decision 182): a USB scanner types a label's 13 digits and Enter into the
 * one field, which adds a piece of that size to the count the page carries; a code typed by hand works the
 * same. "Save count" counts each scanned size at what was scanned. Plain forms, JS on or off.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requirePermission(request, context, "catalogue");
  const saved = new URL(request.url).searchParams.get("saved");
  return {
    saved: saved && /^\d{1,3}$/.test(saved) ? Number(saved) : null,
    messages: routeMessages(request, "stock"),
    refusals: refusalTable(request, "scanCountForm"),
  };
}

async function rowsOf(shop: Shop, counted: ReadonlyMap<number, number>, lang: Language) {
  const rows = [];
  for (const [sku, pieces] of counted) {
    const named = await shop.schoolStock.named(sku);
    const product = named ? findCatalogueProduct(named.item) : undefined;
    const school = product?.school ? (lang === "hi" && product.school.nameHi ? product.school.nameHi : product.school.name) : "";
    rows.push({ sku, pieces, school, item: (lang === "hi" ? product?.nameHi : product?.name) ?? "", size: named?.size ?? "" });
  }
  return rows;
}

export async function action({ request, context }: ActionFunctionArgs) {
  const admin = await requirePermission(request, context, "catalogue");
  const lang = languageOf(request);
  const t = serverT(lang);
  const form = await readPageForm(request, scanCountForm, SCAN_COUNT_FORM_OPTIONS);
  if (!form.ok) return form.answer;
  const { intent, tally, scan } = form.value;
  if (intent === "save") {
    try {
      const done = await context.shop.schoolStock.countScanned(tally, stockActor(admin), "Counted by scanning the labels");
      if (done.changed > 0) context.shop.schoolStock.shown();
      return redirect(`/admin/scan-count?saved=${done.counted}`);
    } catch (err) {
      if (!isRuleViolation(err)) throw err;
      return form.refuse(refusalText(lang, err), refusalStatus(err.status));
    }
  }
  const read = readLabelCode(scan);
  const named = read.ok ? await context.shop.schoolStock.named(read.sku) : undefined;
  if (!read.ok || !named) {
    const problem = t(`refusals:${read.ok ? "labels.notACode" : read.key}`, { code: scan });
    return data({ tally: tallyText(tally), rows: await rowsOf(context.shop, tally, lang), problem, last: null }, { status: 422 });
  }
  const counted = new Map(tally);
  counted.set(read.sku, (counted.get(read.sku) ?? 0) + 1);
  const rows = await rowsOf(context.shop, counted, lang);
  const last = rows.find((r) => r.sku === read.sku)!;
  return { tally: tallyText(counted), rows, problem: null, last: t("stock:scan.added", { item: last.item, size: last.size, count: last.pieces }) };
}

export default function AdminScanCount() {
  const page = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  const t = useT();
  const scanned = answer && "tally" in answer ? answer : undefined;
  const refused = answer && "result" in answer ? answer.result : undefined;
  const rows = scanned?.rows ?? [];
  return (
    <section className="admin-stock" aria-labelledby="scan-title">
      <h1 id="scan-title">{t("stock:scan.title")}</h1>
      <p>{t("stock:scan.intro")}</p>
      {page.saved !== null && !answer ? (
        <p className="notice" role="status">
          {t("stock:scan.saved", { count: page.saved })}
        </p>
      ) : null}
      <Form method="post" aria-label={t("stock:scan.title")}>
        <input type="hidden" name="tally" value={scanned?.tally ?? ""} />
        <FormMessage result={refused} />
        {scanned?.last ? (
          <p className="notice" role="status">
            {scanned.last}
          </p>
        ) : null}
        <div className="form-field">
          <label htmlFor="scan-code">{t("stock:scan.code")}</label>
          {/* The field a USB scanner types into: the code and Enter, which presses the first button, "Add". */}
          <input
            id="scan-code"
            name="scan"
            autoFocus
            autoComplete="off"
            inputMode="numeric"
            maxLength={40}
            aria-invalid={scanned?.problem ? true : undefined}
            aria-describedby={scanned?.problem ? "scan-problem" : undefined}
          />
          {scanned?.problem ? (
            <p className="field-error" id="scan-problem" role="alert">
              {scanned.problem}
            </p>
          ) : null}
        </div>
        <button type="submit" name="intent" value="scan" disabled={busy}>
          {t("stock:scan.add")}
        </button>
        {rows.length > 0 ? (
          <>
            <TableScroll label={t("stock:scan.label")}>
              <table className="admin-table">
                <thead>
                  <tr>
                    <th scope="col">{t("stock:school.school")}</th>
                    <th scope="col">{t("stock:batches.item")}</th>
                    <th scope="col">{t("stock:school.size")}</th>
                    <th scope="col">{t("stock:scan.pieces")}</th>
                  </tr>
                </thead>
                <tbody>
                  {rows.map((row) => (
                    <tr key={row.sku} data-sku={row.sku}>
                      <td>{row.school}</td>
                      <th scope="row">{row.item}</th>
                      <td>{row.size}</td>
                      <td>{row.pieces}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </TableScroll>
            <p className="hint">{t("stock:scan.saveHint")}</p>
            <button type="submit" name="intent" value="save" disabled={busy}>
              {t("stock:scan.save")}
            </button>
          </>
        ) : null}
      </Form>
    </section>
  );
}
