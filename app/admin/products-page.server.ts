/**
 * The products page's view model (app/routes/admin.products.tsx): the products of /shop in the
 * spec's table, the one being edited (?edit=<id>) as its form shows it, ?stock=low for the products
 * at or under the low-stock mark, fewest first (decision 100), and the note after a change.
 */
import { LOW_STOCK_MARK } from "../../domain/stock/shelf";
import { CATEGORY_ILLUSTRATION, parseShopProductId, type ShopProduct } from "../../domain/shop-products";
import { formatRupees } from "../../domain/money";
import type { Language } from "../../domain/i18n";
import type { Shop } from "../../services/index";
import { shopProductImage } from "../images.server";
import { languageOf, routeMessages, serverT } from "../i18n/i18n.server";
import type { ProductFormValues, ProductRow } from "./components/Products";

/** ?saved= after a change: the note's key (admin:products.saved.*). */
const SAVED = ["added", "updated", "deleted"];

/** ?stock=low: the products at or under the low-stock mark, fewest first (decision 100). */
const LOW = "low";

/** The page from every product of /shop and its address (?edit=, ?stock=, ?saved=). */
export function productsView(all: readonly ShopProduct[], params: URLSearchParams, lang: Language) {
  const t = serverT(lang);
  const lowOnly = params.get("stock") === LOW;
  const products = lowOnly
    ? all.filter((p) => p.stockQuantity <= LOW_STOCK_MARK).sort((a, b) => a.stockQuantity - b.stockQuantity || a.id - b.id)
    : all;
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
          } satisfies ProductFormValues,
        }
      : null,
    products: products.map(
      (p): ProductRow => ({
        id: p.id,
        name: p.name,
        price: formatRupees(p.price),
        description: p.description,
        imageUrl: p.imageUrl,
        thumbnail: shopProductImage(p.imageUrl, CATEGORY_ILLUSTRATION[p.category]),
        stock: p.stockQuantity,
        low: p.stockQuantity <= LOW_STOCK_MARK,
        category: t(`shop:category.${p.category}`),
        gender: t(`shop:gender.${p.gender}`),
        size: p.size,
      }),
    ),
    lowOnly,
    lowMark: LOW_STOCK_MARK,
  };
}

/** The products page's data for `request`. */
export async function productsPage(shop: Shop, request: Request) {
  const all = await shop.products.listAll();
  return {
    ...productsView(all, new URL(request.url).searchParams, languageOf(request)),
    // The form's category and gender names (`shop`), the stock words (`stock`); the admin words come with the admin frame.
    messages: routeMessages(request, "shop", "stock"),
  };
}
