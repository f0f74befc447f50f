import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { findCatalogueProduct } from "../../domain/catalogue";
import { formatRupees } from "../../domain/money";
import { FREE_SIZE } from "../../domain/pricing";
import { findSchool } from "../../domain/schools";
import { labelCode } from "../../domain/stock/labels";
import { requirePermission } from "../admin/guard.server";
import { metaT, useT } from "../i18n/I18n";
import { languageOf, routeMessages, serverT } from "../i18n/i18n.server";

export const meta: MetaFunction = ({ matches }) => [{ title: metaT(matches)("stock:labels.metaTitle") }];

/** At most this many labels on one page: a season's biggest batch is a few hundred pieces. */
const MAX_LABELS = 2000;

/**
 * The paper: an A4 sheet of 24 stickers (3 x 8, 70 x 37 mm), or a roll of 50 x 25 mm thermal labels, one
 * label a page. On screen the labels show as they will print; the admin's header never prints.
 */
const PAPER_CSS = {
  a4: `@page { size: A4; margin: 0; }
.labels { display: grid; grid-template-columns: repeat(3, 70mm); grid-auto-rows: 37mm; }
.label { width: 70mm; height: 37mm; padding: 2mm 3mm; }
@media print { .labels { page-break-inside: auto; } .label:nth-child(24n) { break-after: page; } }`,
  thermal: `@page { size: 50mm 25mm; margin: 0; }
.labels { display: flex; flex-wrap: wrap; gap: 2mm; }
.label { width: 50mm; height: 25mm; padding: 1mm 2mm; font-size: 7pt; }
.label img { height: 11mm; }
@media print { .labels { display: block; } .label { break-after: page; } }`,
};
const LABEL_CSS = `.label { box-sizing: border-box; overflow: hidden; font: 8pt/1.2 "Noto Sans", "Noto Sans Devanagari", sans-serif; color: #000; background: #fff; border: 1px dashed #bbb; }
.label p { margin: 0; white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
.label .what { font-weight: 700; }
.label img { display: block; height: 15mm; max-width: 100%; margin-top: 0.5mm; image-rendering: pixelated; }
@media print { .label { border: 0; } .label-controls { display: none; } }`;

type Paper = keyof typeof PAPER_CSS;

/**
 * Labels for a batch from the tailor (one per piece it brought) or for what is on the shelf of an item
 * (one per piece counted there), decision 182: the school, the item, the size, the MRP inclusive of all
 * taxes in words, and the size's code in bars and digits.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requirePermission(request, context, "catalogue");
  const lang = languageOf(request);
  const t = serverT(lang);
  const url = new URL(request.url);
  const paper: Paper = url.searchParams.get("paper") === "thermal" ? "thermal" : "a4";
  const school = findSchool(url.searchParams.get("school") ?? "");
  const batchText = url.searchParams.get("batch");
  const itemId = url.searchParams.get("item");
  let pieces: { item: string; size: string; sku: number; count: number }[] = [];
  let back = "/admin/school-stock";
  if (school && batchText && /^\d{1,6}$/.test(batchText)) {
    const batch = await context.shop.tailorBatches.batch(school.slug, Number(batchText));
    if (!batch) throw data({ message: t("refusals:tailorBatch.noBatch", { batch: batchText }) }, { status: 404 });
    pieces = batch.lines.map((l) => ({ item: batch.item, size: l.size, sku: l.sku, count: l.quantity }));
    back = `/admin/tailor-batches/${school.slug}/${batch.batch}`;
  } else if (itemId) {
    const { sizes } = await context.shop.schoolStock.item(itemId);
    if (sizes.size === 0) throw data({ message: t("refusals:tailorBatch.notCounted") }, { status: 404 });
    const levels = await Promise.all([...sizes].map(async ([size, found]) => ({ size, sku: found.sku.sku, level: await context.shop.stock.level(found.sku.sku) })));
    pieces = levels.map(({ size, sku, level }) => ({ item: itemId, size, sku, count: (level?.available ?? 0) + (level?.held ?? 0) }));
    back = `/admin/school-stock?school=${itemId.split("/")[1] ?? ""}`;
  } else {
    throw data({ message: t("stock:labels.which") }, { status: 400 });
  }
  const total = pieces.reduce((sum, p) => sum + p.count, 0);
  if (total > MAX_LABELS) throw data({ message: t("stock:labels.tooMany", { most: MAX_LABELS }) }, { status: 413 });
  const kinds = pieces
    .filter((p) => p.count > 0)
    .map((p) => {
      const product = findCatalogueProduct(p.item);
      const schoolName = product?.school ? (lang === "hi" && product.school.nameHi ? product.school.nameHi : product.school.name) : "";
      const price = product?.priceFor(p.size === FREE_SIZE ? undefined : p.size);
      return {
        code: labelCode(p.sku),
        count: p.count,
        school: schoolName,
        what: t("stock:labels.what", { item: (lang === "hi" ? product?.nameHi : product?.name) ?? p.item, size: p.size }),
        mrp: price === undefined ? "" : t("stock:labels.mrp", { price: formatRupees(price) }),
      };
    });
  return { paper, kinds, total, back, query: url.searchParams.toString(), messages: routeMessages(request, "stock") };
}

export default function AdminLabels() {
  const page = useLoaderData<typeof loader>();
  const t = useT();
  const other = new URLSearchParams(page.query);
  other.set("paper", page.paper === "a4" ? "thermal" : "a4");
  return (
    <section className="admin-labels" aria-labelledby="labels-title">
      <style>{`${LABEL_CSS}\n${PAPER_CSS[page.paper]}`}</style>
      <div className="label-controls">
        <p>
          <Link to={page.back}>{t("stock:labels.back")}</Link>
        </p>
        <h1 id="labels-title">{t(`stock:labels.title.${page.paper}`, { count: page.total })}</h1>
        <p>
          <Link to={`/admin/labels?${other.toString()}`}>{t(`stock:labels.other.${page.paper}`)}</Link>
        </p>
      </div>
      <div className="labels">
        {page.kinds.flatMap((kind) =>
          Array.from({ length: kind.count }, (_, i) => (
            <div className="label" key={`${kind.code}-${i}`} data-code={kind.code}>
              <p>{kind.school}</p>
              <p className="what">{kind.what}</p>
              <p>{kind.mrp}</p>
              <img src={`/admin/labels/bars/${kind.code}`} alt={kind.code} />
            </div>
          )),
        )}
      </div>
    </section>
  );
}
