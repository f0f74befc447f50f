import { Link } from "@remix-run/react";
import { useT } from "../i18n/I18n";

/** A breadcrumb trail; the last crumb is the current page and is not a link. Labels come translated. */
export function Breadcrumbs({ trail }: { trail: { label: string; to?: string }[] }) {
  const t = useT();
  return (
    <nav aria-label={t("breadcrumb")} className="breadcrumbs">
      <ol>
        {trail.map((crumb, index) => (
          <li key={`${crumb.label}-${index}`}>
            {crumb.to && index < trail.length - 1 ? <Link to={crumb.to}>{crumb.label}</Link> : <span aria-current="page">{crumb.label}</span>}
          </li>
        ))}
      </ol>
    </nav>
  );
}
