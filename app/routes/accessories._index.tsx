import { Link } from "@remix-run/react";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { ACCESSORY_CATEGORIES } from "../../domain/accessories";
import { Breadcrumbs } from "../components/Breadcrumbs";
import { metaT, useT } from "../i18n/I18n";
import { routeMessages } from "../i18n/i18n.server";

export const meta: MetaFunction = ({ matches }) => {
  const t = metaT(matches);
  return [
    { title: t("shelves:accessories.metaTitle") },
    { name: "description", content: t("shelves:accessories.metaDescription") },
  ];
};

export async function loader({ request }: LoaderFunctionArgs) {
  return { messages: routeMessages(request, "shelves") };
}

export default function Accessories() {
  const t = useT();
  return (
    <>
      <Breadcrumbs trail={[{ label: t("nav.home"), to: "/" }, { label: t("shelves:accessories.crumb") }]} />
      <h1>{t("shelves:accessories.title")}</h1>
      <ul className="grid tiles-grid">
        {ACCESSORY_CATEGORIES.map((category) => (
          <li key={category.slug}>
            <Link to={`/accessories/${category.slug}`} className="card tile-card">
              <img src={category.img} alt="" width="200" height="200" />
              <h2 className="card-title">{t(`shelves:accessories.category.${category.slug}`)}</h2>
            </Link>
          </li>
        ))}
      </ul>
    </>
  );
}
