import { data, type LoaderFunctionArgs } from "@remix-run/node";
import { renderToStaticMarkup } from "react-dom/server";
import { findCatalogueProduct } from "../../domain/catalogue";
import type { Language } from "../../domain/i18n";
import { findSchool } from "../../domain/schools";
import { requirePermission } from "../admin/guard.server";
import { languageOf, serverT } from "../i18n/i18n.server";

/** A sheet of A4 or the tailor's own copy: plain, large, nothing but the work order. */
const PAPER_CSS = `
body { font-family: "Noto Sans", "Noto Sans Devanagari", sans-serif; margin: 1.5cm; color: #000; }
h1 { font-size: 1.6rem; margin: 0 0 .5rem; }
dl { display: grid; grid-template-columns: max-content 1fr; gap: .25rem 1rem; font-size: 1.1rem; }
dt { font-weight: bold; }
table { border-collapse: collapse; margin-top: 1rem; font-size: 1.2rem; }
th, td { border: 1px solid #000; padding: .35rem .9rem; text-align: right; }
th:first-child, td:first-child { text-align: left; }
.sign { margin-top: 3rem; border-top: 1px solid #000; width: 18rem; padding-top: .25rem; }
@page { size: A4; margin: 1cm; }
`;

/**
 * The work order as the tailor takes it (decision 181): the school and the item named in the language
 * asked for (`?lang=hi` or `en`, whatever the admin reads the pages in), every size and its pieces,
 * the due date, what a piece costs, and a line to sign. A whole HTML document that prints as it is;
 * `download=1` gives it as a file to send on.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await requirePermission(request, context, "catalogue");
  const url = new URL(request.url);
  const asked = url.searchParams.get("lang");
  const lang: Language = asked === "hi" || asked === "en" ? asked : languageOf(request);
  const t = serverT(lang);
  const school = findSchool(params.school ?? "");
  const raw = params.batch ?? "";
  const batch = school && /^\d{1,6}$/.test(raw) ? await context.shop.tailorBatches.batch(school.slug, Number(raw)) : undefined;
  if (!school || !batch) throw data({ message: t("refusals:tailorBatch.noBatch", { batch: raw }) }, { status: 404 });
  const product = findCatalogueProduct(batch.item);
  const schoolName = lang === "hi" && school.nameHi ? school.nameHi : school.name;
  const itemName = (lang === "hi" ? product?.nameHi : product?.name) ?? batch.item;
  const total = batch.lines.reduce((sum, l) => sum + l.quantity, 0);
  const title = `${t("stock:batches.paper.title")} ${school.slug} #${batch.batch}`;
  const html = renderToStaticMarkup(
    <html lang={lang}>
      <head>
        <meta charSet="utf-8" />
        <title>{title}</title>
        <style>{PAPER_CSS}</style>
      </head>
      <body>
        <h1>
          {t("stock:batches.paper.title")}: {schoolName} · {itemName}
        </h1>
        <dl>
          <dt>{t("stock:batches.paper.shop")}</dt>
          <dd>{context.shop.config.shopName}</dd>
          <dt>{t("stock:batches.paper.number")}</dt>
          <dd>
            {school.slug} #{batch.batch}
          </dd>
          <dt>{t("stock:batches.paper.school")}</dt>
          <dd>{schoolName}</dd>
          <dt>{t("stock:batches.item")}</dt>
          <dd>{itemName}</dd>
          <dt>{t("stock:batches.tailor")}</dt>
          <dd>{batch.tailor}</dd>
          <dt>{t("stock:batches.paper.written")}</dt>
          <dd>{batch.orderedAt.slice(0, 10)}</dd>
          <dt>{t("stock:batches.due")}</dt>
          <dd>{batch.due}</dd>
          <dt>{t("stock:batches.cost")}</dt>
          <dd>{batch.cost}</dd>
        </dl>
        <table>
          <thead>
            <tr>
              <th scope="col">{t("stock:batches.paper.size")}</th>
              <th scope="col">{t("stock:batches.paper.pieces")}</th>
            </tr>
          </thead>
          <tbody>
            {batch.lines.map((l) => (
              <tr key={l.size}>
                <td>{l.size}</td>
                <td>{l.quantity}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row">{t("stock:batches.paper.total")}</th>
              <td>{total}</td>
            </tr>
            <tr>
              <th scope="row">{t("stock:batches.paper.totalCost")}</th>
              <td>{total * batch.cost}</td>
            </tr>
          </tfoot>
        </table>
        <p className="sign">{t("stock:batches.paper.sign")}</p>
      </body>
    </html>,
  );
  const headers: Record<string, string> = { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "private, no-store" };
  if (url.searchParams.get("download") === "1") headers["Content-Disposition"] = `attachment; filename="work-order-${school.slug}-${batch.batch}-${lang}.html"`;
  return new Response(`<!DOCTYPE html>${html}`, { headers });
}
