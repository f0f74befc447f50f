import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { metaT, useT } from "../i18n/I18n";
import { routeMessages } from "../i18n/i18n.server";

export async function loader({ request }: LoaderFunctionArgs) {
  return { messages: routeMessages(request, "home") };
}

export const meta: MetaFunction = ({ matches }) => {
  const t = metaT(matches);
  return [
    { title: t("home:meta.title") },
    { name: "description", content: t("home:meta.description") },
  ];
};

const featured = [
  { name: "home:featured.whiteShirt", price: "₹499", to: "/white-products", image: "/images/types/shirt.svg" },
  { name: "home:featured.navyPant", price: "₹499", to: "/schools", image: "/images/types/pant.svg" },
  { name: "home:featured.shoes", price: "₹199", to: "/accessories/shoes", image: "/images/types/shoe.svg" },
];

const trustBadges = ["since", "delivery", "returns", "cod", "stitching", "schools"].map((badge) => `home:trust.${badge}`);

export default function Home() {
  const t = useT();
  return (
    <>
      <p className="announcement" role="note">
        {t("home:announcement")}
      </p>
      <section className="hero" aria-labelledby="hero-title">
        <h1 id="hero-title">{t("home:hero.title")}</h1>
        <p>{t("home:hero.text")}</p>
        <Link className="button" to="/schools">
          {t("home:hero.action")}
        </Link>
      </section>
      <div className="tiles">
        <Link className="tile" to="/schools">
          <h2>{t("home:tiles.uniforms")}</h2>
          <p>{t("home:tiles.uniformsText")}</p>
        </Link>
        <Link className="tile" to="/accessories">
          <h2>{t("home:tiles.accessories")}</h2>
          <p>{t("home:tiles.accessoriesText")}</p>
        </Link>
      </div>
      <section aria-labelledby="featured-title">
        <h2 id="featured-title">{t("home:featured.title")}</h2>
        <ul className="grid bare-list">
          {featured.map((item) => (
            <li key={item.name} className="card">
              <img src={item.image} alt="" width="200" height="200" loading="lazy" />
              <h3>
                <Link to={item.to}>{t(item.name)}</Link>
              </h3>
              <p className="price">{item.price}</p>
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="trust-title">
        <h2 id="trust-title">{t("home:trust.title")}</h2>
        <ul className="trust">
          {trustBadges.map((badge) => (
            <li key={badge}>{t(badge)}</li>
          ))}
        </ul>
      </section>
    </>
  );
}
