// The pieces the class kit page, the reorder page and the children form share (decisions 133, 134).
import { Link } from "@remix-run/react";
import { useT } from "../i18n/I18n";

/** What a kit submit put in the cart and what it could not, named in the page's language. */
export interface KitAnswer {
  added: number;
  notAdded: { name: string; size: string; problem: string }[];
}

/** What a kit or reorder submit put in the cart, and each item it did not with the reason. */
export function KitAnswerNotice({ kit }: { kit: KitAnswer }) {
  const t = useT();
  return (
    <div className="notice" role="status">
      <p>{t("kits:page.addedSome", { count: kit.added })}</p>
      <p>{t("kits:page.notAddedIntro")}</p>
      <ul>
        {kit.notAdded.map((item) => (
          <li key={`${item.name}-${item.size}`}>
            <strong>{item.size ? t("kits:page.itemSize", { name: item.name, size: item.size }) : item.name}</strong>: {item.problem}
          </li>
        ))}
      </ul>
      <p>
        <Link to="/cart">{t("kits:page.toCart")}</Link>
      </p>
    </div>
  );
}

/**
 * One line's size: a hidden field for a one-size item, else a choice with "none" first (`empty`).
 * Keyed by the size the page suggests: when the page's answer changes in place (another child, new
 * measurements) React keeps an uncontrolled select's old value, so a new suggestion is a new select.
 */
export function KitSizeField({ index, name, sizes, size, fixed, empty }: { index: number; name: string; sizes: string[]; size: string | null; fixed: string; empty: string }) {
  const t = useT();
  if (sizes.length === 0) {
    return (
      <>
        {fixed}
        <input type="hidden" name={`size_${index}`} value={size ?? "Free Size"} />
      </>
    );
  }
  return (
    <select key={size ?? ""} name={`size_${index}`} aria-label={t("kits:page.sizeOf", { name })} defaultValue={size ?? ""}>
      <option value="">{empty}</option>
      {sizes.map((option) => (
        <option key={option} value={option}>
          {option}
        </option>
      ))}
    </select>
  );
}

/** One line's count, 0 to 9; a new suggested count is a new field, as the size's. */
export function KitCountField({ index, name, count }: { index: number; name: string; count: number }) {
  const t = useT();
  return <input key={count} name={`count_${index}`} type="number" min={0} max={9} inputMode="numeric" defaultValue={Math.min(9, count)} aria-label={t("kits:page.countOf", { name })} className="kit-count" />;
}

/** Boys' or girls' uniform, as the children form and the kit's finder ask it. */
export function UniformChoice({ name, chosen }: { name: string; chosen: string | null | undefined }) {
  const t = useT();
  return (
    <fieldset>
      <legend>{t("children:kit")}</legend>
      {(["boys", "girls"] as const).map((side) => (
        <label key={side} className="inline-choice">
          <input type="radio" name={name} value={side} defaultChecked={chosen === side} /> {t(`children:kitSide.${side}`)}
        </label>
      ))}
    </fieldset>
  );
}
