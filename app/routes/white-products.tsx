import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { catalogueId, findCatalogueProduct } from "../../domain/catalogue";
import { WHITE_PRODUCTS } from "../../domain/pricing";
import { AddToCartForm } from "../components/AddToCartForm";
import { CardPicture, CARD_PICTURE_SIZE } from "../components/CardPicture";
import { shelfItemPictures } from "../pictures.server";
import { Breadcrumbs } from "../components/Breadcrumbs";
import { SizeChartTable } from "../components/SizeGuide";
import { sizeChartsFor } from "../sizes/size-guide.server";
import { offerFor, tidySizeChoice } from "../offers.server";
import { metaT, useT } from "../i18n/I18n";
import { languageOf, routeMessages } from "../i18n/i18n.server";
import { descriptionIn, nameIn } from "../../domain/catalogue-words";

export const meta: MetaFunction = ({ matches }) => {
  const t = metaT(matches);
  return [
    { title: t("shelves:white.metaTitle") },
    { name: "description", content: t("shelves:white.metaDescription") },
  ];
};

// Each card keeps its own size in the URL (?shirt=30&socks=M), so choosing one keeps the others.
const WHITE_PREFIX = "white/";

export async function loader({ request, context }: LoaderFunctionArgs) {
  tidySizeChoice(request, (productId) => (productId.startsWith(WHITE_PREFIX) ? productId.slice(WHITE_PREFIX.length) : undefined));
  const search = new URL(request.url).searchParams;
  const lang = languageOf(request);
  const products = WHITE_PRODUCTS.map((white) => {
    const product = findCatalogueProduct(catalogueId.whiteProduct(white.key));
    if (!product) throw new Error(`catalogue has no white/${white.key}`);
    return product;
  });
  // Each card's own chart (decision 131); white shorts have none. Each card's main photo, else its drawing (decision 146).
  const [charts, pictures] = await Promise.all([sizeChartsFor(context.shop, products), shelfItemPictures(context.shop, products, CARD_PICTURE_SIZE)]);
  const items = WHITE_PRODUCTS.map((white, i) => {
    const product = products[i];
    return {
      key: white.key,
      name: nameIn(lang, white),
      description: descriptionIn(lang, white),
      picture: pictures[product.id],
      offer: offerFor(product, { size: search.get(white.key), language: lang }),
      chart: charts[i],
    };
  });
  return { items, messages: routeMessages(request, "shelves", "sizes") };
}

export default function WhiteProducts() {
  const { items } = useLoaderData<typeof loader>();
  const t = useT();
  return (
    <>
      <Breadcrumbs trail={[{ label: t("nav.home"), to: "/" }, { label: t("shelves:white.title") }]} />
      <h1>{t("shelves:white.title")}</h1>
      <p>{t("shelves:white.intro")}</p>
      <ul className="grid white-grid">
        {items.map((item, position) => (
          <li key={item.key} className="card" id={item.key}>
            <CardPicture picture={item.picture} alt={item.name} position={position} />
            <h2 className="card-title">{item.name}</h2>
            <p className="description">{item.description}</p>
            <AddToCartForm offer={item.offer} sizeParam={item.key} chooseLabel={t("shelves:chooseSize")} />
            {/* A native disclosure: opens with JavaScript off, and seven charts do not bury the grid. */}
            {item.chart ? (
              <details className="card-size-chart">
                <summary>{t("sizes:chart.title")}</summary>
                <SizeChartTable guide={item.chart} itemName={item.name} />
                <p>
                  <a href="/size-finder">{t("sizes:finder.open")}</a>
                </p>
              </details>
            ) : (
              <p className="muted">{t("sizes:chart.none")}</p>
            )}
          </li>
        ))}
      </ul>
    </>
  );
}
