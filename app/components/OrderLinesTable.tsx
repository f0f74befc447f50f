import { formatRupees } from "../../domain/money";
import { useT } from "../i18n/I18n";
import { LinePicture } from "./LinePicture";
import type { PictureData } from "./Picture";

export interface OrderLinesRow {
  key: string;
  name: string;
  school: string;
  size: string;
  quantity: number;
  /** The line's rupees, or null when it cannot be priced now (checkout shows "unavailable"). */
  amount: number | null;
  /** The item's main photo, else its drawing (decision 140). */
  picture?: PictureData;
}

/** An order's lines as checkout and the confirmation page list them: product (with school), size, quantity, price. */
export function OrderLinesTable({ lines, className = "cart-table" }: { lines: readonly OrderLinesRow[]; className?: string }) {
  const t = useT();
  return (
    <div className="table-scroll">
      <table className={className}>
        <thead>
          <tr>
            <th scope="col">{t("checkout:product")}</th>
            <th scope="col">{t("checkout:size")}</th>
            <th scope="col">{t("checkout:qty")}</th>
            <th scope="col">{t("checkout:price")}</th>
          </tr>
        </thead>
        <tbody>
          {lines.map((line) => (
            <tr key={line.key}>
              <td data-label={t("checkout:product")}>
                <LinePicture picture={line.picture} />
                {line.name}
                {line.school ? <small className="school-name"> ({line.school})</small> : null}
              </td>
              <td data-label={t("checkout:size")}>{line.size}</td>
              <td data-label={t("checkout:qty")}>{line.quantity}</td>
              <td data-label={t("checkout:price")}>{line.amount === null ? t("checkout:unavailable") : formatRupees(line.amount)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
