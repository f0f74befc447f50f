/**
 * The products page's view model (app/routes/admin.products.tsx): the products of /shop in the
 * spec's table, the one being edited (?edit=<id>) as its form shows it, ?stock=low for the products
 * at or under the low-stock mark, fewest first (decision 100), and the note after a change.
 */
import { REORDER_DAYS, stockOutlook, type StockOutlook } from "../../domain/reports/season";
import { indiaDay } from "../../domain/reports/reports";
import { CATEGORY_ILLUSTRATION, parseShopProductId, type ShopProduct } from "../../domain/shop-products";
import { formatRupees } from "../../domain/money";
import { INDIA } from "../../domain/seller/disclosures";
import type { Language } from "../../domain/i18n";
import type { Shop } from "../../services/index";
import { shopProductImage } from "../images.server";
import { languageOf, routeMessages, serverT } from "../i18n/i18n.server";
import type { ProductFormValues, ProductRow, TaxClassOption } from "./components/Products";
import { classRule, TAX_CLASSES, type TaxRateSettings } from "../../domain/tax/rates";
import type { ProductTaxOnFile } from "../../domain/tax/product-tax";
import { formatPaisa } from "../../domain/tax/lines";
import { adminTime } from "./orders.server";

/** ?saved= after a change: the note's key (admin:products.saved.*). */
const SAVED = ["added", "updated", "deleted"];

/** ?stock=low: the products due for re-ordering by their sales rate, fewest days left first (decision 136). */
const LOW = "low";

/** The page from every product of /shop and its address (?edit=, ?stock=, ?saved=). */
export function productsView(
  all: readonly ShopProduct[],
  params: URLSearchParams,
  lang: Language,
  outlooks: ReadonlyMap<number, StockOutlook> = new Map(),
  tax: { onFile?: ProductTaxOnFile; rates: TaxRateSettings } = { rates: {} },
) {
  const t = serverT(lang);
  const lowOnly = params.get("stock") === LOW;
  // Without a sales figure (none sold in the rate's weeks) only an empty shelf is due.
  const outlookOf = (p: ShopProduct) => outlooks.get(p.id) ?? stockOutlook(p.stockQuantity, 0);
  const daysLeft = (p: ShopProduct) => outlookOf(p).daysLeft ?? Number.MAX_SAFE_INTEGER;
  const products = lowOnly ? all.filter((p) => outlookOf(p).reorder).sort((a, b) => daysLeft(a) - daysLeft(b) || a.id - b.id) : all;
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
            country_of_origin: editing.countryOfOrigin ?? INDIA,
            maker: editing.maker ?? "",
            net_quantity: editing.netQuantity ?? "",
            hsn: tax.onFile?.facts?.hsn ?? "",
            tax_class: tax.onFile?.facts?.taxClass ?? "",
          } satisfies ProductFormValues,
          taxOnFile: tax.onFile ? taxOnFileWords(tax.onFile, lang) : null,
        }
      : null,
    taxClasses: taxClassOptions(lang, tax.rates),
    products: products.map(
      (p): ProductRow => ({
        id: p.id,
        name: p.name,
        price: formatRupees(p.price),
        description: p.description,
        imageUrl: p.imageUrl,
        thumbnail: shopProductImage(p.imageUrl, CATEGORY_ILLUSTRATION[p.category]),
        stock: p.stockQuantity,
        low: outlookOf(p).reorder,
        outlook: outlookWords(outlookOf(p), t),
        category: t(`shop:category.${p.category}`),
        gender: t(`shop:gender.${p.gender}`),
        size: p.size,
      }),
    ),
    lowOnly,
    lowMark: REORDER_DAYS,
  };
}

/** The form's tax classes: each with its HSN in the rate table and its rate, so the owner sees what a class charges. */
function taxClassOptions(lang: Language, rates: TaxRateSettings): TaxClassOption[] {
  const t = serverT(lang);
  return TAX_CLASSES.map((taxClass) => {
    const { rule, hsn } = classRule(taxClass, rates);
    const rate = rule.kind === "fixed" ? `${rule.rate}%` : t("tax:settings.threshold", { low: rule.low, high: rule.high, limit: formatPaisa(rule.perPiecePaisa) });
    return { value: taxClass, label: t("admin:products.taxClassOption", { name: t(`tax:class.${taxClass}`), hsn: hsn || "—", rate }) };
  });
}

/** Where the product's HSN code and class come from, in words: the owner's (who, when), the rate table's default (its source), or none. */
function taxOnFileWords(onFile: ProductTaxOnFile, lang: Language): { text: string; missing: boolean } {
  const t = serverT(lang);
  if (!onFile.facts) return { text: t("admin:products.taxFromNone"), missing: true };
  const values = { hsn: onFile.facts.hsn, taxClass: t(`tax:class.${onFile.facts.taxClass}`) };
  if (onFile.from === "owner") return { text: t("admin:products.taxFromOwner", { ...values, by: onFile.changed.by, date: adminTime(onFile.changed.at, lang) }), missing: false };
  return { text: t("admin:products.taxFromDefault", { ...values, source: classRule(onFile.facts.taxClass, {}).source }), missing: false };
}

/** Days of stock left at the sales rate, as the stock column words it. */
function outlookWords(outlook: StockOutlook, t: (key: string, values?: Record<string, string | number>) => string): string {
  return outlook.daysLeft === undefined ? t("reports:stock.noSales") : t("reports:stock.daysLeft", { count: outlook.daysLeft });
}

/** The products page's data for `request`. */
export async function productsPage(shop: Shop, request: Request) {
  const all = await shop.products.listAll();
  const outlooks = await shop.reports.stockOutlooks(all.map((p) => ({ id: p.id, available: p.stockQuantity })), indiaDay(new Date()));
  const params = new URL(request.url).searchParams;
  const editId = parseShopProductId(params.get("edit") ?? "");
  const editing = editId !== undefined ? all.find((p) => p.id === editId) : undefined;
  const onFile = editing ? await shop.productTax.of(editing.id, editing.category) : undefined;
  return {
    ...productsView(all, params, languageOf(request), outlooks, { onFile, rates: shop.config.taxRates ?? {} }),
    // The form's category and gender names (`shop`), the stock words (`stock`); the admin words come with the admin frame.
    messages: routeMessages(request, "shop", "stock", "seller"),
  };
}
