import { Link } from "@remix-run/react";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { illustrationUrl } from "../../domain/images";
import { Breadcrumbs } from "../components/Breadcrumbs";
import { metaT, useT } from "../i18n/I18n";
import { routeMessages } from "../i18n/i18n.server";

export const meta: MetaFunction = ({ matches }) => {
  const t = metaT(matches);
  return [
    { title: t("shelves:shoes.metaTitle") },
    { name: "description", content: t("shelves:shoes.metaDescription") },
  ];
};

export async function loader({ request }: LoaderFunctionArgs) {
  return { messages: routeMessages(request, "shelves") };
}

const TILES = [
  { to: "/accessories/shoes/kids-shoes", name: "shelves:shoes.kids", note: "shelves:shoes.kidsNote", image: illustrationUrl("kids-shoe") },
  { to: "/accessories/shoes/regular-shoes", name: "shelves:shoes.regular", note: "shelves:shoes.regularNote", image: illustrationUrl("shoe") },
];

export default function Shoes() {
  const t = useT();
  return (
    <>
      <Breadcrumbs
        trail={[{ label: t("nav.home"), to: "/" }, { label: t("shelves:accessories.crumb"), to: "/accessories" }, { label: t("shelves:shoes.crumb") }]}
      />
      <h1>{t("shelves:shoes.title")}</h1>
      <ul className="grid tiles-grid">
        {TILES.map((tile) => (
          <li key={tile.to}>
            <Link to={tile.to} className="card tile-card">
              <img src={tile.image} alt="" width="200" height="200" />
              <h2 className="card-title">
                {t(tile.name)} <span className="tile-note">({t(tile.note)})</span>
              </h2>
            </Link>
          </li>
        ))}
      </ul>
      <p>
        <Link to="/accessories">{t("shelves:accessories.back")}</Link>
      </p>
    </>
  );
}
