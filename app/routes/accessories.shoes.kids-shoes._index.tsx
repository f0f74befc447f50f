import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData, Link } from "@remix-run/react";
import { KIDS_SHOE_STYLES } from "../../domain/accessories";
import { catalogueId } from "../../domain/catalogue";
import { CardPicture, CARD_PICTURE_SIZE } from "../components/CardPicture";
import { shelfItemPictures } from "../pictures.server";
import { formatRupees } from "../../domain/money";
import { KIDS_SHOE_BASE_PRICE } from "../../domain/pricing";
import { Breadcrumbs } from "../components/Breadcrumbs";
import { metaT, useLanguage, useT } from "../i18n/I18n";
import { descriptionIn, nameIn } from "../../domain/catalogue-words";
import { routeMessages } from "../i18n/i18n.server";

export const meta: MetaFunction = ({ matches }) => {
  const t = metaT(matches);
  return [
    { title: t("shelves:kidsShoes.metaTitle") },
    { name: "description", content: t("shelves:kidsShoes.metaDescription") },
  ];
};

export async function loader({ request, context }: LoaderFunctionArgs) {
  // Each style's main photo, else its own drawing (decision 146), by slug.
  const items = KIDS_SHOE_STYLES.map((style) => ({ id: catalogueId.kidsShoe(style.slug), illustration: style.illustration }));
  const byId = await shelfItemPictures(context.shop, items, CARD_PICTURE_SIZE);
  const pictures = Object.fromEntries(KIDS_SHOE_STYLES.map((style, i) => [style.slug, byId[items[i].id]]));
  return { pictures, messages: routeMessages(request, "shelves") };
}

export default function KidsShoes() {
  const { pictures } = useLoaderData<typeof loader>();
  const t = useT();
  const lang = useLanguage();
  return (
    <>
      <Breadcrumbs
        trail={[
          { label: t("nav.home"), to: "/" },
          { label: t("shelves:accessories.crumb"), to: "/accessories" },
          { label: t("shelves:shoes.crumb"), to: "/accessories/shoes" },
          { label: t("shelves:kidsShoes.crumb") },
        ]}
      />
      <h1>{t("shelves:kidsShoes.title")}</h1>
      <p>{t("shelves:kidsShoes.intro", { price: formatRupees(KIDS_SHOE_BASE_PRICE) })}</p>
      <ul className="grid tiles-grid">
        {KIDS_SHOE_STYLES.map((style, position) => (
          <li key={style.slug}>
            <Link to={`/accessories/shoes/kids-shoes/${style.slug}`} className="card tile-card">
              {/* The card's title names the style: the picture adds nothing to say. */}
              <CardPicture picture={pictures[style.slug]} alt="" position={position} />
              <h2 className="card-title">{nameIn(lang, style)}</h2>
              <p className="description">{descriptionIn(lang, style)}</p>
            </Link>
          </li>
        ))}
      </ul>
      <p>
        <Link to="/accessories/shoes">{t("shelves:shoes.back")}</Link>
      </p>
    </>
  );
}
