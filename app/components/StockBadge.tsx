import { shelfLabel, type Shelf, type ShelfLabel } from "../../domain/stock/shelf";
import { useT } from "../i18n/I18n";

/** "In Stock", "Only 3 left", "Out of Stock" or "Made to order": one badge for cards and product pages. */
export function StockBadge({ shelf, label = shelfLabel(shelf) }: { shelf: Shelf; label?: ShelfLabel }) {
  const t = useT();
  switch (label.kind) {
    case "in":
      return <li className="badge-stock in">{t("stock.in")}</li>;
    case "few":
      return <li className="badge-stock few">{t("stock.few", { count: label.left })}</li>;
    case "out":
      return <li className="badge-stock out">{t("stock.out")}</li>;
    case "made to order":
      return <li className="badge-stock made">{t("stock.madeToOrder")}</li>;
  }
}
